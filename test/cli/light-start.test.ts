import {chmodSync, cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {beforeAll, expect, test} from 'vitest';
import {commandList} from '../../source/cli/command-list.js';
import {lightCommandNames, mayStartLight, startsWithLightCommand} from '../../source/cli/light-commands.js';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {fixturesDir} from '../helpers/fixture-store.js';

// The bin, dist/cli.cjs (source/cli/entry.ts), runs a light command (source/cli/light-commands.ts)
// and the explorer's command lines from dist/cli-light.cjs with V8's code cache, and anything else
// from the full CLI, dist/cli-main.js (source/cli.tsx). The light way answers exactly as the full
// one, and no state of its cache or bundle stops a start.

const fullCli = path.resolve('dist/cli-main.js');
let store: string;

beforeAll(() => {
	store = path.join(tempDir(), 'store.db');
	const ingest = runCli(['ingest', path.join(fixturesDir, 'usage'), '--store', store, '--json']);
	expect(ingest.code, ingest.stderr).toBe(0);
});

/** Each command line the entry may route to the light bundle: answers, help and errors (a missing store too). */
const cases: string[][] = [
	['usage', '--store', 'STORE'],
	['usage', '--store', 'STORE', '--by', 'model', '--json'],
	['usage', '--store', 'STORE', '--by', 'session', '--limit', '3'],
	['usage', '--store', 'STORE', '--blocks', '--json'],
	['usage', '--help'],
	['usage', '--store', 'STORE', '--by', 'hour'],
	['usage', '--store', 'STORE', '--bogus', '--json'],
	['usage', 'extra', '--store', 'STORE'],
	['usage', '--store', 'NONE', '--json'],
	// The explorer's command lines (flags only); without a terminal it says which commands work.
	[],
	['--help'],
	['-h'],
	['--version'],
	['--store', 'STORE', '--depth', 'full'],
	['--json'],
	['--depth', 'deep'],
	['--dept', '2'],
	['--bogus'],
	['--store', 'STORE', '--max-chars', '0'],
	// A command after flags, and --keys: the light bundle declines them, the full CLI answers.
	['--store', 'STORE', 'usage', '--by', 'agent'],
	['--store', 'STORE', 'walk', 'summary', '', '--json'],
	['--store', 'STORE', '--keys', '<down>', '--size', '80x12'],
];

const lightCaches = (home: string): string[] => {
	try {
		return readdirSync(path.join(home, 'drill')).filter((name) => name.startsWith('cli-light.cjs-'));
	} catch {
		return [];
	}
};

test('every light command is in the command table; another word first goes the full way', () => {
	const names: string[] = commandList.map((entry) => entry.name);
	for (const name of lightCommandNames) expect(names).toContain(name);
	expect(startsWithLightCommand(['usage', '--json'])).toBe(true);
	for (const argv of [[], ['--store', 'x', 'usage'], ['walk'], ['usages'], ['--help']]) expect(startsWithLightCommand(argv), argv.join(' ')).toBe(false);
	// The explorer: nothing, or flags first (the bundle looks for a command after them).
	for (const argv of [['usage'], [], ['--store', 'x'], ['-h']]) expect(mayStartLight(argv), argv.join(' ')).toBe(true);
	for (const argv of [['walk'], ['find', '--json'], ['x']]) expect(mayStartLight(argv), argv.join(' ')).toBe(false);
});

/** A case's arguments with the stores put in. */
const argsOf = (args: string[]) => args.map((arg) => (arg === 'STORE' ? store : arg === 'NONE' ? path.join(tempDir(), 'none.db') : arg));

test.each(cases.map((args) => [args.join(' '), args] as const))('drill %s: the light start answers as the full CLI does, its first time (writing the cache) and with the cache', (name, template) => {
	const args = argsOf(template);
	const home = tempDir();
	const full = runCli(args, {cli: fullCli, env: {XDG_CACHE_HOME: home}});
	expect(full.stdout + full.stderr).not.toBe('');
	expect(hasStackTrace(full.stderr)).toBe(false);
	for (const _ of [1, 2]) expect(runCli(args, {env: {XDG_CACHE_HOME: home}}), name).toEqual(full);
	expect(lightCaches(home)).toHaveLength(1);
});

/** The modules of the build Node resolved for `drill ARGS` (the bundles run by vm.Script are not among them). */
function resolvedModules(args: string[]): string[] {
	const folder = tempDir();
	const log = path.join(folder, 'resolved.txt');
	const hooks = path.join(folder, 'hooks.mjs');
	writeFileSync(log, '');
	writeFileSync(hooks, `import {appendFileSync} from 'node:fs';\nexport async function resolve(specifier, context, next) {\n\tconst resolved = await next(specifier, context);\n\tappendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');\n\treturn resolved;\n}\n`);
	const register = path.join(folder, 'register.mjs');
	writeFileSync(register, `import {register} from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
	const result = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, cliPath, ...args], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1', DRILL_STORE: '', XDG_CACHE_HOME: folder}, cwd: folder});
	expect(result.stderr + result.stdout).not.toBe('');
	const dist = path.dirname(cliPath) + path.sep;
	return [...new Set(readFileSync(log, 'utf8').split('\n').filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url)))].filter((file) => file.startsWith(dist)).map((file) => path.relative(dist, file));
}

test('the explorer\'s command lines and usage load no module of the full CLI; other commands do', () => {
	for (const args of [['--help'], ['--version'], ['--store', store], ['usage', '--store', store]]) expect(resolvedModules(args), args.join(' ')).toEqual(['cli.cjs']);
	for (const args of [['--store', store, 'walk', 'summary', ''], ['walk', 'summary', '', '--store', store]]) expect(resolvedModules(args), args.join(' ')).toContain('cli-main.js');
});

test('usage and the explorer\'s lines keep a cache each, and a used cache is not written again', () => {
	const home = tempDir();
	runCli(['usage', '--store', store], {env: {XDG_CACHE_HOME: home}});
	runCli(['--version'], {env: {XDG_CACHE_HOME: home}});
	expect(lightCaches(home).sort()).toEqual([expect.stringMatching(/-explorer\.v8$/u), expect.stringMatching(/-usage\.v8$/u)]);
	const files = lightCaches(home).map((name) => path.join(home, 'drill', name));
	const before = files.map((file) => readFileSync(file));
	runCli(['usage', '--store', store, '--by', 'agent'], {env: {XDG_CACHE_HOME: home}});
	runCli(['--help'], {env: {XDG_CACHE_HOME: home}});
	expect(files.map((file) => readFileSync(file).equals(before[files.indexOf(file)]!))).toEqual([true, true]);
});

test('a damaged or foreign cache is ignored and replaced; an unwritable cache folder only means no cache', () => {
	const args = ['usage', '--store', store, '--by', 'model', '--json'];
	const full = runCli(args, {cli: fullCli});
	const home = tempDir();
	expect(runCli(args, {env: {XDG_CACHE_HOME: home}})).toEqual(full);
	const file = path.join(home, 'drill', lightCaches(home)[0]!);
	const good = readFileSync(file);
	const damaged = Buffer.from(good);
	damaged[Math.floor(damaged.length / 2)]! ^= 0x5a;
	// Another build's cache: same layout, another id (the header's id follows the 16-byte header).
	const foreign = Buffer.from(good);
	foreign[16]! ^= 0x01;
	for (const bad of [damaged, foreign, Buffer.from('not a cache')]) {
		writeFileSync(file, bad);
		expect(runCli(args, {env: {XDG_CACHE_HOME: home}})).toEqual(full);
		expect(readFileSync(file).equals(bad), 'replaced').toBe(false);
	}
	const locked = tempDir();
	chmodSync(locked, 0o555);
	const asFile = path.join(tempDir(), 'a-file');
	writeFileSync(asFile, '');
	for (const cacheHome of [locked, asFile]) expect(runCli(args, {env: {XDG_CACHE_HOME: cacheHome}})).toEqual(full);
});

test('a light bundle that is missing or fails to load sends the command the full way', () => {
	const args = ['usage', '--store', store];
	const full = runCli(args, {cli: fullCli});
	const root = tempDir();
	cpSync(path.dirname(cliPath), path.join(root, 'dist'), {recursive: true});
	cpSync('package.json', path.join(root, 'package.json'));
	symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
	const copy = path.join(root, 'dist', path.basename(cliPath));
	const bundle = path.join(root, 'dist', 'cli-light.cjs');
	for (const broken of ['throw new Error("broken install");', 'this is not JavaScript', 'exports.runLight = undefined;']) {
		writeFileSync(bundle, broken);
		expect(runCli(args, {cli: copy, env: {XDG_CACHE_HOME: tempDir()}}), broken).toEqual(full);
	}
	rmSync(bundle);
	expect(runCli(args, {cli: copy, env: {XDG_CACHE_HOME: tempDir()}})).toEqual(full);
});

test('the bin is a CommonJS file, run without the ES module loader on the light lines, and dist/cli.js answers as it does', () => {
	expect(path.relative('.', cliPath)).toBe(path.join('dist', 'cli.cjs'));
	// A module job is how Node runs an ES module: an ES module bin (or one that imports one first) makes one.
	const folder = tempDir();
	const probe = path.join(folder, 'probe.cjs');
	writeFileSync(probe, "process.on('exit', () => require('node:fs').writeSync(2, process.moduleLoadList.some((name) => name.endsWith('internal/modules/esm/module_job')) ? '[module job]' : '[no module job]'));\n");
	for (const args of [['--version'], ['--store', store], ['usage', '--store', store]]) {
		const result = spawnSync(process.execPath, ['--require', probe, cliPath, ...args], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1', DRILL_STORE: '', XDG_CACHE_HOME: folder}, cwd: folder});
		expect(result.stderr, args.join(' ')).toMatch(/\[no module job\]$/u);
	}
	const full = spawnSync(process.execPath, ['--require', probe, cliPath, 'walk', 'summary', '', '--store', store], {encoding: 'utf8', env: {...process.env, XDG_CACHE_HOME: folder}, cwd: folder});
	expect(full.stderr).toMatch(/\[module job\]$/u);
	for (const args of [['usage', '--store', store, '--json'], ['--version'], ['walk', 'summary', '', '--store', store, '--json'], ['--bogus'], ['nope']]) {
		expect(runCli(args, {cli: path.resolve('dist/cli.js')}), args.join(' ')).toEqual(runCli(args));
	}
});
