import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {expect, test} from 'vitest';
import {command} from '../../source/cli/usage.js';
import {createRuntime} from '../../source/runtime.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {cliPath, tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';

/** A store of two sessions with usage on two days. */
function usageStore(): string {
	const file = path.join(tempDir(), 'store.db');
	const store = SummaryStore.open(file, {write: true});
	const bucket = (hour: string, model: string, input: number) => ({hour, model, input, output: input / 10, cache_write: 0, cache_read: input * 3, messages: 2, last: `${hour}:20:00.000Z`});
	store.writeItem({...makeItem('conversation_session', 'a'), source: {agent: 'claude-code', project: '/src/pay', started_at: '2026-10-14T09:00:00.000Z', usage: [bucket('2026-10-14T09', 'claude-sonnet-4-5', 1000), bucket('2026-10-15T10', 'claude-haiku-4-5', 500)]}});
	store.writeItem({...makeItem('conversation_session', 'b'), source: {agent: 'codex', project: '/src/web', started_at: '2026-10-15T08:00:00.000Z', usage: [bucket('2026-10-15T08', 'gpt-5-codex', 2000)]}});
	store.close();
	return file;
}

/**
 * `drill usage ARGS` from the build, the modules of the build Node resolved, and the source files of
 * every module and bundle of the build it ran (from their source maps): the light bundle,
 * dist/cli-light.cjs, is run by dist/cli.cjs, not resolved, so it counts when nothing else of the build was.
 */
function tracedUsage(args: string[]): {stdout: string; stderr: string; code: number | null; modules: string[]; sources: string[]} {
	const folder = tempDir();
	const log = path.join(folder, 'loaded.txt');
	const hooks = path.join(folder, 'hooks.mjs');
	writeFileSync(hooks, `import {appendFileSync} from 'node:fs';\nexport async function resolve(specifier, context, next) {\n\tconst resolved = await next(specifier, context);\n\tappendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');\n\treturn resolved;\n}\n`);
	const register = path.join(folder, 'register.mjs');
	writeFileSync(register, `import {register} from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
	const result = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, cliPath, 'usage', ...args], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1', DRILL_STORE: ''}, cwd: folder});
	const dist = path.dirname(cliPath);
	const sources = new Set<string>();
	const files = [...new Set(readFileSync(log, 'utf8').split('\n').filter((line) => line.startsWith('file:')))].map((url) => fileURLToPath(url));
	const modules = files.filter((file) => file.startsWith(dist + path.sep)).map((file) => path.relative(dist, file));
	if (modules.join() === 'cli.cjs') files.push(path.join(dist, 'cli-light.cjs'));
	for (const file of files) {
		if (!file.startsWith(dist + path.sep)) {
			sources.add(path.relative(process.cwd(), file));
			continue;
		}
		const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {sources: string[]};
		for (const source of map.sources) sources.add(path.relative(process.cwd(), path.resolve(path.dirname(file), source)));
	}
	return {stdout: result.stdout, stderr: result.stderr, code: result.status, modules, sources: [...sources].sort()};
}

// `drill usage` declares it reads only usage (reads: 'usage'): the CLI hands it the light runtime
// (source/usage-runtime.ts), so it loads neither the domains, search, the frames nor Ink; and it is
// a light command (source/cli/light-commands.ts): dist/cli.cjs runs it from dist/cli-light.cjs, with
// none of the full CLI's modules.
test('drill usage answers from the light runtime, as the whole runtime would, without loading the rest', () => {
	expect(command.reads).toBe('usage');
	const store = usageStore();
	for (const by of ['day', 'model'] as const) {
		const traced = tracedUsage(['--store', store, '--by', by, '--json']);
		expect(traced.code, traced.stderr).toBe(0);
		const runtime = createRuntime({storePath: store, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		expect(JSON.parse(traced.stdout)).toEqual(JSON.parse(JSON.stringify(runtime.usage({by, timezone: 'UTC'}))));
		runtime.close();
		expect(traced.modules).toEqual(['cli.cjs']);
		expect(traced.sources).toContain('source/usage-runtime.ts');
		expect(traced.sources).toContain('source/store/usage-report.ts');
		const heavy = traced.sources.filter((source) => /^source\/(?:runtime\.ts|search\/|domains\/|frames\/|ingest\/|mcp\/)|node_modules\/(?:ink|react)\//u.test(source));
		expect(heavy).toEqual([]);
	}
});
