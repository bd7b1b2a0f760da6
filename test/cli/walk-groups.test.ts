import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import type {ItemRecord} from '../../source/store/interchange.js';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {okJson} from '../helpers/errors.js';
import {PtyScreen} from '../helpers/pty-screen.js';

const fixtures = path.resolve('fixtures');
let store: string;
const walk = (...args: string[]) => runCli(['walk', 'summary', ...args, '--store', store]);
const walkJson = (...args: string[]) => okJson(walk(...args, '--json'));

beforeAll(() => {
	store = path.join(tempDir(), 'store.db');
	expect(runCli(['import', path.join(fixtures, 'summaries.json'), '--store', store]).code).toBe(0);
});

describe('drill walk summary with provenance', () => {
	it('shows where each item came from in the text listing, and the whole source on the item', () => {
		const listing = walk('conversation_session', '--limit', '3');
		expect(listing.code).toBe(0);
		expect(listing.stdout).toContain('  ▸ API debugging (3)  conversation_session:k3x9\n      claude-code · /home/ana/src/api · 2026-11-28 14:02 UTC · 12 turns, 30 tools\n');
		const item = walk('conversation_session:c4ch3');
		expect(item.stdout.split('\n').slice(1, 4)).toEqual([
			'Redis cache stampede  [item]  conversation_session:c4ch3',
			'  aider · /home/jun/src/catalog · 2026-03-08 08:15–08:48 UTC · 5 turns, 0 tools · gpt-4.1 · 33 min',
			'  from /home/jun/src/catalog/.aider.chat.history.md#3, line 212 (aider)',
		]);
	});

	it('shortens a project under the home folder to ~', () => {
		const result = runCli(['walk', 'summary', 'conversation_session', '--store', store, '--limit', '1'], {env: {HOME: '/home/elodie'}});
		expect(result.stdout).toContain('claude-code · ~/src/files · 2026-12-17 16:10 UTC · 6 turns, 9 tools');
	});

	it('carries source in --json: whole on the item, in brief on each item child', () => {
		const item = walkJson('conversation_session:k3x9');
		expect(item.source).toEqual({
			uri: 'file:///home/ana/.claude/projects/api/k3x9.jsonl',
			kind: 'claude-code',
			agent: 'claude-code',
			project: '/home/ana/src/api',
			started_at: '2026-11-28T14:02:00.000Z',
			ended_at: '2026-11-28T15:16:00.000Z',
			model: 'claude-sonnet-4-5',
			turns: 12,
			tool_calls: 30,
		});
		const listing = walkJson('conversation_session');
		expect(listing.children.find((child: {node_id: string}) => child.node_id === 'conversation_session:k3x9').source).toEqual({agent: 'claude-code', project: '/home/ana/src/api', started_at: '2026-11-28T14:02:00.000Z', turns: 12, tool_calls: 30});
		const times = listing.children.map((child: {source: {started_at: string}}) => child.source.started_at);
		expect(times).toEqual([...times].sort().reverse());
	});

	it('exports the whole source, and an export imports back to the same export', () => {
		const exported = runCli(['export', '--namespace', 'conversation_session', '--store', store]);
		const first = JSON.parse(exported.stdout.split('\n')[0]!);
		expect(first.source).toMatchObject({agent: 'claude-code', project: '/home/elodie/src/files', turns: 6, tool_calls: 9});
		const file = path.join(tempDir(), 'export.jsonl');
		writeFileSync(file, exported.stdout);
		const again = path.join(tempDir(), 'again.db');
		expect(runCli(['import', file, '--store', again]).code).toBe(0);
		expect(runCli(['export', '--store', again]).stdout).toBe(exported.stdout);
	});
});

describe('drill walk summary --group-by', () => {
	it('lists the groups with their item counts, and each group walks to its items', () => {
		const text = walk('conversation_session', '--group-by', 'agent');
		expect(text.code).toBe(0);
		expect(text.stdout).toContain('conversation_session by agent  [grouping]  conversation_session#agent\n');
		expect(text.stdout).toContain('  ▸ claude-code (10 items)  conversation_session#agent=claude-code\n');
		expect(text.stdout).toContain('  ▸ aider (1 item)  conversation_session#agent=aider\n');
		const group = walkJson('conversation_session#agent=codex', '--depth', 'summary');
		expect(group).toMatchObject({kind: 'group', parent_id: 'conversation_session#agent', children_total: 3, group: {key: 'agent', value: 'codex', item_count: 3}});
		expect(group.children.map((child: {node_id: string}) => child.node_id)).toEqual(['conversation_session:ot3lq', 'conversation_session:s3rch', 'conversation_session:q8mt3']);
	});

	it('gives the same view for --group-by and the grouping id, at every depth', () => {
		for (const depth of ['index', 'summary', 'full']) {
			expect(walkJson('document', '--group-by', 'folder', '--depth', depth)).toEqual(walkJson('document#folder', '--depth', depth));
		}
	});

	it('pages a group with --offset and --limit', () => {
		const all = walkJson('conversation_session#agent=claude-code');
		const page = walkJson('conversation_session#agent=claude-code', '--offset', '2', '--limit', '3');
		expect(page.children.map((child: {node_id: string}) => child.node_id)).toEqual(all.children.slice(2, 5).map((child: {node_id: string}) => child.node_id));
		expect(walk('conversation_session#agent=claude-code', '--limit', '3').stdout).toContain('children: 10 (1–3 of 10; --offset/--limit for more)');
	});

	it('browses documents folder by folder', () => {
		const top = walkJson('document', '--group-by', 'folder');
		expect(top.group.base).toBe('/home/');
		const handbook = walkJson('document#folder=marta/src/handbook');
		expect(handbook.children.map((child: {node_id: string; name: string}) => [child.node_id, child.name])).toEqual([
			['document#folder=marta/src/handbook/eng', 'eng'],
			['document#folder=marta/src/handbook/sre', 'sre'],
		]);
		expect(walkJson('document#folder=marta/src/handbook/sre').children.map((child: {node_id: string}) => child.node_id)).toEqual(['document:oncl3']);
	});

	it('documents --group-by in --help', () => {
		const help = runCli(['walk', '--help']);
		expect(help.stdout).toContain('--group-by KEY');
		for (const key of ['project', 'agent', 'day', 'folder']) expect(help.stdout).toMatch(new RegExp(`^\\s+${key}\\s`, 'mu'));
		expect(help.stdout).toContain('NAMESPACE#KEY=VALUE');
	});

	it.each([
		[['conversation_session', '--group-by', 'colour'], 2, 'unknown grouping "colour"; group by one of: project, agent, day, folder'],
		[['conversation_session:k3x9', '--group-by', 'day'], 2, 'group_by day applies to a namespace, not to "conversation_session:k3x9"'],
		[['conversation_session#colour=red'], 1, 'unknown group key "colour"'],
		[['document#folder=../../etc'], 1, 'no empty, "." or ".." segments'],
		[['conversation_session#project=a\u001b[2Jb'], 1, 'white space and control characters in a group value are written %XX'],
		[[`conversation_session#project=${'x'.repeat(20_000)}`], 1, 'a group id is at most 16384 characters'],
		[['conversation_session#project=/nowhere'], 1, "no project \"/nowhere\" in namespace conversation_session; projects: /home/elodie/src/files, /home/jun/src/gateway, /home/ana/src/api, /home/tomas/src/platform, /home/priya/src/billing, … (14 in all); list them with: drill walk summary 'conversation_session#project'"],
		[['document#folder=nowhere'], 1, "no folder \"nowhere\" below the common folder of document; top folders: ana, jun, lucas, marta, tomas; list them with: drill walk summary 'document#folder'"],
	])('drill walk summary %j exits %i with one line', (args, code, message) => {
		const result = walk(...args);
		expect(result.code).toBe(code);
		expect(result.stdout).toBe('');
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toContain(message);
		expect(result.stderr).not.toContain('\u001b');
		expect(hasStackTrace(result.stderr)).toBe(false);
		const json = walk(...args, '--json');
		expect(json.code).toBe(code);
		expect(result.stderr).toContain(JSON.parse(json.stdout).error.message);
	});

	it('refuses --group-by for a domain without groups', () => {
		const result = runCli(['walk', 'knowledge', '', '--group-by', 'folder', '--knowledge', path.join(fixtures, 'knowledge')]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('the knowledge domain has no grouped views; group_by applies to: summary');
	});
});

describe('drill walk on a terminal', () => {
	let screen: PtyScreen | undefined;
	afterEach(() => screen?.kill());

	it('shows hostile provenance and group values inert', async () => {
		const escape = '\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u009b31m\u202e';
		const items: ItemRecord[] = [
			{
				namespace: 'hostile',
				item_id: 'h1',
				title: 'Hostile source',
				generated_at: '2026-01-01T00:00:00Z',
				source: {agent: `evil${escape}agent`, project: `/tmp/${escape}proj`, model: `m${escape}`, turns: 1, tool_calls: 2, started_at: '2026-01-01T00:00:00Z', uri: `/tmp/${escape}/x.md`},
				tldr: '',
				nodes: [{ordinal: 0, parent: null, title: 'Hostile source', summary: '', keywords: [], spans: []}],
				spans: [],
			},
		];
		const folder = tempDir();
		const json = path.join(folder, 'hostile.json');
		writeFileSync(json, JSON.stringify(items));
		const hostileStore = path.join(folder, 'hostile.db');
		expect(runCli(['import', json, '--store', hostileStore]).code).toBe(0);
		for (const args of [['hostile'], ['hostile:h1'], ['hostile', '--group-by', 'agent'], ['hostile', '--group-by', 'folder', '--depth', 'full']]) {
			screen = new PtyScreen(['walk', 'summary', ...args, '--store', hostileStore], {cols: 120, rows: 30});
			expect(await screen.exit()).toBe(0);
			const text = await screen.screen();
			expect(text).toContain('hostile');
			for (const sequence of ['\u001b]52', '\u001b[2J', '\u009b', '\u202e']) expect(screen.raw, `${args.join(' ')}: ${JSON.stringify(sequence)}`).not.toContain(sequence);
			if (args[0] === 'hostile' && args.length === 1) expect(text).toContain('evilagent · /tmp/proj · 2026-01-01 00:00 UTC · 1 turn, 2 tools');
			screen.kill();
			screen = undefined;
		}
	});
});
