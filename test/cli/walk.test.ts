import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {okJson} from '../helpers/errors.js';
import {buildLog, writeLongOutputSession} from '../helpers/long-output-session.js';
import {connectDrillMcp} from '../helpers/mcp-client.js';

const fixtures = path.resolve('fixtures');
let store: string;
const walk = (...args: string[]) => runCli(['walk', ...args, '--store', store, '--knowledge', path.join(fixtures, 'knowledge')]);
const walkJson = (...args: string[]) => okJson(walk(...args, '--json'));

beforeAll(() => {
	store = path.join(tempDir(), 'store.db');
	const imported = runCli(['import', path.join(fixtures, 'summaries.json'), '--store', store, '--json']);
	expect(imported.code).toBe(0);
	expect(JSON.parse(imported.stdout)).toMatchObject({failed: []});
});

describe('drill walk summary', () => {
	it('lists the namespaces at the top', () => {
		const view = walkJson('summary', '');
		expect(view).toMatchObject({domain: 'summary', node_id: '', kind: 'root', parent_id: null, depth: 'index'});
		expect(view.children.map((child: {node_id: string}) => child.node_id)).toEqual(expect.arrayContaining(['conversation_session', 'page', 'document']));
	});

	it('lists a namespace’s items newest first, paged', () => {
		const all = walkJson('summary', 'conversation_session');
		expect(all.children_total).toBeGreaterThanOrEqual(14);
		const times = all.children.map((child: {node_id: string}) => walkJson('summary', child.node_id, '--depth', 'summary'));
		expect(times.every((view: {kind: string}) => view.kind === 'item')).toBe(true);
		const page = walkJson('summary', 'conversation_session', '--offset', '2', '--limit', '3');
		expect(page.children.map((child: {node_id: string}) => child.node_id)).toEqual(all.children.slice(2, 5).map((child: {node_id: string}) => child.node_id));
		expect(page).toMatchObject({offset: 2, limit: 3});
		const past = walk('summary', 'conversation_session', '--offset', '10000');
		expect(past.code).toBe(0);
		expect(past.stdout).toContain(`children: ${all.children_total} (none at --offset 10000: give an offset from 0 to ${all.children_total - 1})`);
		expect(past.stdout).not.toMatch(/10001–10000|-\d+ more/u);
	});

	it('walks an item, an internal node at summary depth, and a subtree at full depth', () => {
		const item = walkJson('summary', 'conversation_session:k3x9');
		expect(item).toMatchObject({kind: 'item', parent_id: 'conversation_session', title: 'API debugging'});
		expect(item.children.length).toBeGreaterThan(0);
		expect(item.children.every((child: {node_id: string; summary?: string}) => /^conversation_session:k3x9#n\d+$/u.test(child.node_id) && child.summary === undefined)).toBe(true);

		const inner = walkJson('summary', item.children[0].node_id, '--depth', 'summary');
		expect(inner).toMatchObject({kind: 'node', parent_id: 'conversation_session:k3x9', depth: 'summary'});
		expect(inner.breadcrumbs.map((crumb: {node_id: string}) => crumb.node_id)).toEqual(['', 'conversation_session', 'conversation_session:k3x9']);
		expect(typeof inner.summary).toBe('string');

		const full = walkJson('summary', 'conversation_session:k3x9', '--depth', 'full');
		expect(full.content).toContain('Reproducing the 502s');
		expect(full.truncated).toBe(false);
		const cut = walkJson('summary', 'conversation_session:k3x9', '--depth', 'full', '--max-chars', '200');
		expect(cut.content.length).toBeLessThanOrEqual(200);
		expect(cut.truncated).toBe(true);

		expect(walkJson('summary', 'conversation_session:k3x9#n0').node_id).toBe('conversation_session:k3x9');
	});
});

describe('a long tool output at full depth', () => {
	it('is folded to its head and tail with the count left out, says so, and --unfold (MCP: unfold) shows it whole', async () => {
		const folder = tempDir();
		const own = path.join(folder, 'store.db');
		expect(runCli(['ingest', writeLongOutputSession(folder), '--store', own, '--json']).code).toBe(0);
		const run = (...args: string[]) => runCli(['walk', 'summary', ...args, '--store', own]);
		const [item] = okJson(run('conversation_session', '--json')).children;
		const folded = run(item.node_id, '--depth', 'full');
		expect(folded.code).toBe(0);
		expect(folded.stdout).toContain(`${buildLog[49]}\n[… 230 lines left out …]\n${buildLog[280]}`);
		expect(folded.stdout).not.toContain('zanzibarite');
		expect(folded.stdout).toContain('1 long tool output shown folded (--unfold shows it whole)');
		const whole = run(item.node_id, '--depth', 'full', '--unfold');
		expect(whole.stdout).toContain(buildLog.join('\n'));
		expect(whole.stdout).not.toContain('shown folded');
		expect(okJson(run(item.node_id, '--depth', 'full', '--json')).folded).toBe(1);
		const client = await connectDrillMcp(['--store', own], folder);
		try {
			const call = async (args: Record<string, unknown>) => ((await client.callTool({name: 'walk', arguments: {domain: 'summary', node_id: item.node_id, depth: 'full', ...args}})) as {content: Array<{text: string}>}).content[0]!.text;
			expect(await call({})).toMatch(/1 long tool output folded: unfold=true shows them whole[\s\S]*\[… 230 lines left out …\]/u);
			expect(await call({unfold: true})).toContain(buildLog.join('\n'));
		} finally {
			await client.close();
		}
	});
});

describe('drill walk knowledge', () => {
	it('walks units and folders, with summaries from front matter or the first paragraph', () => {
		const root = walkJson('knowledge', '', '--depth', 'summary');
		expect(root.kind).toBe('root');
		const folder = root.children.find((child: {has_children: boolean}) => child.has_children);
		const inside = walkJson('knowledge', folder.node_id, '--depth', 'summary');
		expect(inside.kind).toBe('folder');
		for (const child of inside.children) {
			const view = walkJson('knowledge', child.node_id, '--depth', 'full');
			expect(view.node_id).toBe(child.node_id);
			expect(view.content.length).toBeGreaterThan(0);
		}
	});

	it.each([
		['../x', 'outside_root'],
		['/etc/passwd', 'outside_root'],
		['a/../../b', 'outside_root'],
		['a//b', 'bad_node_id'],
		['no/such/unit', 'not_found'],
	])('refuses %j with %s', (id, code) => {
		const result = walk('knowledge', id, '--json');
		expect(result.code).toBe(1);
		expect(JSON.parse(result.stdout).error.code).toBe(code);
	});

	it('refuses a symlink that points outside the folder, and leaves it out of listings', () => {
		const dir = tempDir();
		const knowledge = path.join(dir, 'knowledge');
		mkdirSync(knowledge);
		writeFileSync(path.join(knowledge, 'inside.md'), '# Inside\n\nA unit.\n');
		writeFileSync(path.join(dir, 'secret.md'), '# Secret\n\nDo not show.\n');
		symlinkSync(path.join(dir, 'secret.md'), path.join(knowledge, 'escape.md'));
		symlinkSync(dir, path.join(knowledge, 'up'));
		const run = (...args: string[]) => runCli(['walk', 'knowledge', ...args, '--knowledge', knowledge, '--json']);
		expect(JSON.parse(run('escape').stdout).error.code).toBe('outside_root');
		expect(JSON.parse(run('up/secret').stdout).error.code).toBe('outside_root');
		const listing = JSON.parse(run('', '--depth', 'full').stdout);
		expect(listing.children.map((child: {node_id: string}) => child.node_id)).toEqual(['inside']);
		expect(listing.content).not.toContain('Do not show');
	});
});

describe('errors', () => {
	it.each([
		[['walk', 'sumary', ''], 1, 'unknown domain "sumary"; registered: drills, knowledge, summary'],
		[['walk', 'summary', 'x:y#nZ'], 1, 'malformed summary node id "x:y#nZ"'],
		[['walk', 'summary', 'nope'], 1, 'no namespace "nope" in the store; namespaces: conversation_session, document, page'],
		[['walk', 'summary', 'page:nope'], 1, 'no item "nope" in namespace "page"; list its items with: drill walk summary page'],
		// An item of a namespace that is not there: the namespace is what is missing.
		[['walk', 'summary', 'nosuch:item'], 1, 'no namespace "nosuch" in the store; namespaces: conversation_session, document, page'],
		[['walk', 'summary', 'nosuch:item#n2'], 1, 'no namespace "nosuch" in the store; namespaces: conversation_session, document, page'],
		[['walk', 'summary', 'conversation_session:k3x9#n999'], 1, 'item conversation_session:k3x9 has no node #n999'],
		[['walk', 'summary', '', '--depth', 'deep'], 2, 'unknown depth "deep"; use one of: index, summary, full'],
		[['walk', 'summary', '', '--limit', '0'], 2, 'limit must be a whole number from 1 to 10000'],
		[['walk'], 2, 'walk needs a DOMAIN'],
		[['walk', 'summary', '', '--bogus'], 2, 'unknown option --bogus for drill walk'],
		[['frobnicate'], 2, 'unknown command "frobnicate"'],
	])('drill %j exits %i with one line', (args, code, message) => {
		const result = runCli([...args, '--store', store]);
		expect(result.code).toBe(code);
		expect(result.stdout).toBe('');
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toContain(message);
		expect(hasStackTrace(result.stderr)).toBe(false);

		const json = runCli([...args, '--store', store, '--json']);
		expect(json.code).toBe(code);
		expect(JSON.parse(json.stdout).error).toMatchObject({code: expect.any(String), message: expect.any(String)});
	});

	it('says how to make a store when there is none', () => {
		const result = runCli(['walk', 'summary', '', '--store', path.join(tempDir(), 'none.db')]);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/no store at .*none\.db; `drill ingest --agents` gathers this machine's agent sessions into it, `drill ingest PATH` adds files and folders, `drill import FILE` loads summary items/u);
	});

	it('reports a garbage or truncated store file in one line', () => {
		const garbage = path.join(tempDir(), 'garbage.db');
		writeFileSync(garbage, Buffer.alloc(10_000, 7));
		const result = runCli(['walk', 'summary', '', '--store', garbage]);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: the store .*garbage\.db is damaged or not a drill store/u);
		expect(hasStackTrace(result.stderr)).toBe(false);
	});

	// Root ignores permissions, so when the tests run as root (as CI does) the commands run as
	// nobody — which needs to reach the checkout; a private checkout folder cannot test this.
	const asNobody = process.getuid?.() === 0 ? {uid: 65534, gid: 65534} : {};
	const canRun = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(cliPath)})`], asNobody).status === 0;
	it.skipIf(!canRun)('reads a store in a read-only folder, and refuses to import into it', () => {
		const dir = path.join(tempDir(), 'ro');
		mkdirSync(dir);
		const file = path.join(dir, 'store.db');
		expect(runCli(['import', path.join(fixtures, 'summaries.json'), '--store', file]).code).toBe(0);
		chmodSync(path.dirname(dir), 0o755);
		chmodSync(dir, 0o555);
		try {
			const read = runCli(['walk', 'summary', 'page', '--store', file, '--json'], {spawn: asNobody});
			expect(read.stderr).toBe('');
			expect(JSON.parse(read.stdout).children_total).toBeGreaterThan(0);
			const write = runCli(['import', path.join(fixtures, 'summaries.json'), '--store', file], {spawn: asNobody});
			expect(write.code).toBe(1);
			expect(write.stderr).toMatch(/^drill: the store .* or its folder is read-only; make them writable/u);
		} finally {
			chmodSync(dir, 0o755);
		}
	});
});

describe('help', () => {
	it.each(['walk', 'tree', 'domains', 'import', 'export'])('drill %s --help describes its flags', (command) => {
		const result = runCli([command, '--help']);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('Usage');
		expect(result.stdout).toContain('--store PATH');
	});

	it('drill --help lists every command', () => {
		const result = runCli(['--help']);
		expect(result.code).toBe(0);
		for (const command of ['walk', 'domains', 'import', 'export']) expect(result.stdout).toContain(command);
	});
});

describe('import and export', () => {
	it('round-trips the fixtures: export of an import imports to the same export', () => {
		const exported = runCli(['export', '--store', store]);
		expect(exported.code).toBe(0);
		const second = path.join(tempDir(), 'second.db');
		expect(runCli(['import', '-', '--store', second], {input: exported.stdout}).code).toBe(0);
		expect(runCli(['export', '--store', second]).stdout).toBe(exported.stdout);
		const pages = runCli(['export', '--namespace', 'page', '--store', store]).stdout.trim().split('\n');
		expect(pages.every((line) => JSON.parse(line).namespace === 'page')).toBe(true);
	});

	it('imports the good items of a file with bad ones and names the bad lines', () => {
		const lines = runCli(['export', '--namespace', 'page', '--store', store]).stdout.trim().split('\n');
		const input = [lines[0], '{"broken": ', lines[1]].join('\n');
		const target = path.join(tempDir(), 'partial.db');
		const result = runCli(['import', '-', '--store', target, '--json'], {input});
		expect(result.code).toBe(1);
		const report = JSON.parse(result.stdout);
		expect(report.items).toBe(2);
		expect(report.failed).toEqual([expect.objectContaining({line: 2})]);
	});
});
