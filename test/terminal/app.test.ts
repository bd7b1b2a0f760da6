import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, test} from 'vitest';
import {parseItems, type ItemRecord} from '../../source/store/interchange.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {PtyScreen, testAtOneSize} from '../helpers/pty-screen.js';

const knowledge = path.resolve('fixtures/app/knowledge');
let folder: string;
let store: string;
let hostileStore: string;

/** Imports items with `drill import`, so that every indexer the build registers (search) runs. */
function writeStore(file: string, items: ItemRecord[]): void {
	const json = path.join(folder, `${path.basename(file)}.json`);
	writeFileSync(json, JSON.stringify(items));
	const result = runCli(['import', json, '--store', file]);
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
}

/** A namespace of `count` small items, newest first by their number. */
function wideItems(count: number): ItemRecord[] {
	return Array.from({length: count}, (_, index) => ({
		namespace: 'wide',
		item_id: `w${String(index + 1).padStart(3, '0')}`,
		title: `Wide item ${String(index + 1).padStart(3, '0')}`,
		generated_at: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString(),
		tldr: '',
		nodes: [{ordinal: 0, parent: null, title: `Wide item ${index + 1}`, summary: '', keywords: [], spans: []}],
		spans: [],
	}));
}

// Everything a store could smuggle to a terminal: OSC 52 (clipboard write), ED (clear screen),
// OSC 0 (window title), the 8-bit CSI, and bidirectional overrides and isolates.
const clipboard = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
const clear = '\u001b[2J';
const title = '\u001b]0;pwned title\u0007';
const csi = '\u009b31m';
const bidi = '\u202eevil\u202c \u2066iso\u2069';
const hostile: ItemRecord = {
	namespace: 'hostile',
	item_id: 'x1',
	title: `Escape ${clipboard}sequences${clear} here`,
	generated_at: '2026-11-28T14:02:00Z',
	tldr: `tldr ${title} with ${csi} red ${bidi}`,
	nodes: [
		{ordinal: 0, parent: null, title: `Escape ${clipboard}sequences${clear} here`, summary: `root summary ${title}${bidi}`, keywords: ['mischief'], spans: []},
		{ordinal: 1, parent: 0, title: `Topic ${csi}one${title}`, summary: `topic summary ${clipboard} ${clear} mischief`, keywords: ['mischief'], spans: [0, 1]},
	],
	spans: [
		{seq: 0, role: 'user', text: `span text mischief ${clipboard} ${clear} ${title} ${csi} ${bidi}`},
		{seq: 1, role: 'assistant', text: `another mischief span ${bidi}${clear}`},
	],
};
const hostileSequences = [clipboard, '\u001b]52', clear, title, '\u001b]0;', '\u009b', '\u202e', '\u202c', '\u2066', '\u2069'];

beforeAll(() => {
	folder = tempDir('drill-app-terminal-');
	store = path.join(folder, 'store.db');
	hostileStore = path.join(folder, 'hostile.db');
	const fixture = parseItems(readFileSync('fixtures/app/summaries.json', 'utf8'));
	expect(fixture.failed).toEqual([]);
	writeStore(store, [...fixture.items, ...wideItems(60)]);
	writeStore(hostileStore, [hostile]);
});

let app: PtyScreen | undefined;
afterEach(() => {
	app?.kill();
	app = undefined;
});

function drill(args: string[], options: {cols?: number; rows?: number; env?: NodeJS.ProcessEnv} = {}): PtyScreen {
	app = new PtyScreen(['--store', store, '--knowledge', knowledge, '--drills', folder, ...args], options);
	return app;
}

describe('drill in a terminal', () => {
	test('open, move, expand, depth full, search a phrase and jump to the hit, quit', async () => {
		const screen = drill([]);
		// Opened with no --node: the cursor on the newest item, the summary domain opened down to
		// it, every domain still listed (more may be registered than these).
		let text = await screen.waitForNode('conversation_session:k3x9');
		// The other domains' rows are read just after the first frame is drawn.
		text = await screen.waitFor(/▸ knowledge 2/u);
		expect(text).toMatch(/▾ summary 4/u);
		expect(text).toMatch(/▾ conversation_session 2/u);
		expect(text).toContain('drill · summary › conversation_session › API debugging');
		// In the detail pane (Tab: narrow, it is shown instead of the tree), found where it is on a short screen.
		screen.write('3\t');
		await screen.waitFor(/item · depth full ·/u);
		screen.write('/── content\r');
		// A frame is written top to bottom: wait for the content, not only the header's depth.
		text = await screen.waitFor(/── content ──[\s\S]*TLDR: Retry storm traced to a pool limit\./u);
		// Esc clears the find, Tab goes back to the tree.
		screen.write('\u001b\t');
		await screen.waitFor(/└ \? help {2}↑↓ move/u);
		screen.write('/pool exhaustion\r');
		// The hit may rank anywhere: find its row among the results, walk to it, jump.
		const hit = 'Pool exhaustion  conversation_session:k3x9#n4';
		text = await screen.waitForFrame(new RegExp(`${hit}[\\s\\S]*└.*┘`, 'u'));
		const results = text.split('\n');
		const bar = results.findIndex((line) => line.startsWith('├ / pool exhaustion'));
		const target = results.findIndex((line) => line.includes(hit));
		expect(bar).toBeGreaterThan(0);
		// j steps from hit to hit, over the drilled spans (↳) under them.
		const hitsAbove = results.slice(bar + 2, target + 1).filter((line) => !line.includes('↳')).length;
		screen.write(`${'j'.repeat(hitsAbove)}\r`);
		text = await screen.waitForNode('conversation_session:k3x9#n4');
		// The trail (cut to fit at 80 columns).
		expect(text).toMatch(/┌ drill · summary › conversation_session › API debugging › Pool/u);
		expect(text).toMatch(/▾ API debugging 3/u);
		screen.write('q');
		expect(await screen.exit()).toBe(0);
		// The terminal is given back: the alternate screen is left and the cursor shown again.
		expect(screen.raw.startsWith('\u001b[?1049h')).toBe(true);
		expect(screen.raw.lastIndexOf('\u001b[?1049l')).toBeGreaterThan(screen.raw.lastIndexOf('┌'));
		expect(screen.raw).toContain('\u001b[?25h');
	});

	test('the first frame is drawn before Ink loads; keys typed at once are the app\'s (moved, not echoed), and Ink then draws the same screen', async () => {
		const screen = drill([]);
		const first = await screen.waitFor(/\? help.*\d+\/\d+ ┘/u);
		const position = /(\d+)\/(\d+) ┘/u.exec(first)!;
		// Typed together, the moment the first frame is out: Ink, React and yoga may still be loading.
		screen.write('jj');
		const moved = await screen.waitFor(new RegExp(`${Number(position[1]) + 2}/${position[2]} ┘`, 'u'));
		// Raw mode from the first frame on: the terminal did not echo the keys onto the screen.
		expect(moved).not.toMatch(/^jj|jj$/mu);
		screen.write('q');
		expect(await screen.exit()).toBe(0);
		// The first frame came on the alternate screen, with the cursor hidden, before Ink's own.
		expect(screen.raw.startsWith('\u001b[?1049h')).toBe(true);
		expect(screen.raw.indexOf('\u001b[?25l')).toBeLessThan(screen.raw.indexOf('┌'));
		expect(screen.raw).toContain('\u001b[?25h');
	});

	testAtOneSize('the detail pane keeps its blank lines: at depth full under open results it is filled to its last row', async () => {
		// As filed: 100×30, results of "connection pool ran dry" open, the item at depth full.
		const screen = drill(['--domain', 'summary', '--node', 'conversation_session:k3x9', '--query', 'connection pool ran dry'], {cols: 100, rows: 30});
		await screen.waitFor(/\d+ hits?/u);
		screen.write('3');
		const lines = (await screen.waitForFrame(/· depth full ·[\s\S]*Retry storm traced to a pool limit\./u)).split('\n');
		const body = lines.slice(1, lines.findIndex((line) => line.startsWith('├ / ')));
		const detail = body.map((line) => line.split('│')[2]!.trim());
		const kind = detail.findIndex((line) => line.includes('· depth full ·'));
		// title, node id, kind, a blank line, the summary …
		expect(kind).toBe(2);
		expect(detail[3]).toBe('');
		expect(detail[4]).toBe('Retry storm traced to a pool limit.');
		// … and the pane is full: the view is far longer than the rows it has.
		expect(detail.at(-1)).not.toBe('');
	});

	test('results come as you type, before Enter; Enter then moves into them', async () => {
		const screen = drill([]);
		await screen.waitFor('? help');
		screen.write('/');
		await screen.waitFor('Enter run');
		// Typed a key at a time, as a person types: each key shows at once, and once typing
		// pauses the results of what the box holds come without Enter.
		for (const [at, character] of [...'pool exh'].entries()) {
			screen.write(character);
			await screen.waitFor(`├ / ${'pool exh'.slice(0, at + 1)}`);
		}
		// "N hits" shows only once the search of the box's text answered (a newer text shows "searching").
		// A frame is written top to bottom (in pieces under load): wait for all of it.
		let text = await screen.waitForFrame(/├ \/ pool exh .*\d+ hits?/u);
		expect(text).toContain('Enter run');
		screen.write('austion');
		text = await screen.waitForFrame(/├ \/ pool exhaustion .*\d+ hits?[\s\S]*│ 1 /u);
		expect(text).toContain('Enter run');
		screen.write('\r');
		text = await screen.waitFor('Enter jump');
		expect(text).toMatch(/├ \/ pool exhaustion ─.*\d+ hits?/u);
	});

	test('in the results jjj lands on hit 4; l goes into a hit\'s drilled spans', async () => {
		// The hits and spans the app will list, as drill find gives them (a short screen shows only the first few).
		const found = JSON.parse(runCli(['find', 'connection pool ran dry', '--store', store, '--knowledge', knowledge, '--drills', folder, '--json']).stdout) as {stage1_hits: Array<{drill_node_id: string}>; drilled: Array<{drill_node_id: string; spans: Array<{drill_node_id: string}>}>};
		expect(found.stage1_hits.length).toBeGreaterThanOrEqual(4);
		const screen = drill([]);
		await screen.waitFor('? help');
		screen.write('/connection pool ran dry\r');
		const lines = (await screen.waitForFrame(/\d+ hits?[ ·].*┤[\s\S]*└ .*Enter jump.*┘/u)).split('\n');
		const hits = lines.map((line) => /^│ (\d+) .+?  (\S+:\S+)  /u.exec(line)).filter((match) => match !== null);
		expect(hits.map((match) => match![1])).toEqual(hits.map((_, index) => String(index + 1)));
		expect(hits.map((match) => match![2])).toEqual(found.stage1_hits.slice(0, hits.length).map((hit) => hit.drill_node_id));
		expect(lines.some((line) => line.includes('↳'))).toBe(true);
		screen.write('jjj\r');
		await screen.waitForNode(found.stage1_hits[3]!.drill_node_id);
		// Back in the results (they kept their place): k k k to hit 1, l into its first span.
		screen.write('\t\tkkk');
		await screen.waitFor('→ spans');
		screen.write('l\r');
		const first = found.drilled.find((item) => item.drill_node_id === found.stage1_hits[0]!.drill_node_id.split('#')[0])!;
		await screen.waitForNode(first.spans[0]!.drill_node_id);
	});

	test('opens at --domain/--node/--depth/--query', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'page:pgb01#n7', '--depth', 'summary', '--query', 'pgbouncer']);
		const text = await screen.waitFor(/\d+ hits?/u);
		expect(text).toContain('depth: summary');
		expect(text).toContain('/ pgbouncer');
		await screen.waitForNode('page:pgb01#n7');
	});

	test('no key is lost: 50 j in one write, then 40 characters and Enter in one write', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'wide']);
		await screen.waitForNode('wide');
		screen.write('l');
		// A frame is drawn top to bottom, and on a loaded machine arrives in pieces: the position line
		// of the frame before can still be on screen below the new tree (CI read 0 rows below once).
		const position = /(\d+)\/(\d+) ┘/u.exec(await screen.waitForFrame(/▾ wide 60[\s\S]*\d+\/\d+ ┘/u))!;
		const [row, rows] = [Number(position[1]), Number(position[2])];
		// wide is the last namespace: its 60 items are the last rows.
		expect(rows - row).toBe(60);
		screen.write('j'.repeat(50));
		let text = await screen.waitFor(`${row + 50}/${rows} ┘`);
		text = await screen.waitForNode('wide:w050');
		screen.write('/');
		await screen.waitFor('Enter run');
		const query = 'retry storm traced to a pool limit again';
		expect(query).toHaveLength(40);
		screen.write(`${query}\r`);
		// Enter moved into the results: every character made it into the query before it. The whole
		// frame, not its first rows: on a loaded machine a frame arrives in pieces.
		text = await screen.waitForFrame(/Enter jump|no hits/u);
		expect(text).toContain(`/ ${query}`);
	});

	testAtOneSize('a resize re-lays out the screen without ghosts', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'conversation_session:k3x9'], {cols: 120, rows: 34});
		await screen.waitFor('API debugging');
		screen.resize(80, 24);
		let // A frame is written top to bottom: once its last rule is there, all of it is.
		text = await screen.waitFor(/^└.{78}┘$/mu);
		let lines = text.split('\n');
		expect(lines.slice(0, 23).every((line) => line.length === 80 && /^[┌│├└].*[┐│┤┘]$/u.test(line))).toBe(true);
		expect(lines[23]).toBe('');
		screen.resize(140, 40);
		text = await screen.waitFor(/^└.{138}┘$/mu);
		lines = text.split('\n');
		expect(lines.slice(0, 39).every((line) => line.length === 140)).toBe(true);
		expect(text).toContain('summary:conversation_session:k3x9');
		screen.write('q');
		expect(await screen.exit()).toBe(0);
	});

	test('stored escape sequences and bidi controls never reach the terminal', async () => {
		app = new PtyScreen(['--store', hostileStore, '--knowledge', knowledge, '--drills', folder, '--domain', 'summary', '--node', 'hostile:x1', '--depth', 'full']);
		const screen = app;
		await screen.waitFor('Escape sequences here');
		// The detail pane at depth full (narrow, Tab shows it instead of the tree, and Tab again goes back).
		if (!screen.wide) screen.write('\tG');
		await screen.waitFor('span text mischief');
		if (!screen.wide) screen.write('\t');
		screen.write('2');
		await screen.waitFor('depth: summary');
		screen.write('/mischief\r');
		await screen.waitFor(/├ \/ mischief[\s\S]*│ 1 /u);
		screen.write('\t\t\r');
		await screen.waitForNode('hostile:x1');
		screen.write('q');
		expect(await screen.exit()).toBe(0);
		for (const sequence of hostileSequences) expect(screen.raw, JSON.stringify(sequence)).not.toContain(sequence);
		expect(screen.raw).toContain('Escape sequences here');
	});

	testAtOneSize('? at 120 columns: every description stays in its own column, wrapped under itself', async () => {
		const screen = drill([], {cols: 120, rows: 40});
		await screen.waitFor('? help');
		screen.write('?');
		// A frame is written top to bottom: once the status line shows the help's keys, all of it is there.
		const lines = (await screen.waitForFrame(/fuzzy filter the loaded names[\s\S]*└ ↑↓ scroll/u)).split('\n');
		const help = lines.slice(1, lines.findIndex((line, index) => index > 0 && /^[├└]/u.test(line)));
		// The right column starts at one place; the left one never reaches it.
		const starts = help.map((line) => /^│ .{20,}? {2,}(\S)/u.exec(line)).filter(Boolean).map((match) => match!.index + match![0].length - 1);
		const column = Math.min(...starts.filter((start) => start > 40));
		expect(column).toBeGreaterThan(50);
		for (const line of help) expect(line.slice(column - 2, column), line).toBe('  ');
		expect(help.join('\n')).not.toContain('all) Typing');
		expect(help.join('\n')).toMatch(/search scope: the namespace under[\s\S]*the cursor \(again: all\)/u);
	});

	testAtOneSize('below 100 columns the status line keeps the help, Tab and q hints', async () => {
		for (const cols of [80, 99]) {
			const screen = drill([], {cols, rows: 24});
			const footer = (await screen.waitForFrame(/^└.*┘$/mu)).split('\n').find((line) => line.startsWith('└'))!;
			expect(footer).toContain('? help');
			expect(footer).toContain('Tab pane');
			expect(footer).toContain('q quit');
			expect(footer).not.toContain('…');
			screen.kill();
		}
	});

	testAtOneSize('the status line names b (grouping) where there is room for it, and gives it up before help, Tab and q', async () => {
		const footerOf = async (cols: number) => {
			const screen = drill([], {cols, rows: 30});
			const footer = (await screen.waitForFrame(/^└.*┘$/mu)).split('\n').find((line) => line.startsWith('└'))!;
			screen.kill();
			return footer;
		};
		const wide = await footerOf(120);
		expect(wide).toMatch(/f filter {2}b group {2}d drill/u);
		expect(wide).toContain('q quit');
		const narrow = await footerOf(100);
		expect(narrow).not.toContain('b group');
		expect(narrow).toContain('Tab pane');
	});

	testAtOneSize('SIGTERM ends the app and gives the terminal back', async () => {
		const screen = drill([]);
		await screen.waitFor('? help');
		screen.child.kill('SIGTERM');
		expect(await screen.exit()).toBe(143);
		expect(screen.raw.lastIndexOf('\u001b[?1049l')).toBeGreaterThan(screen.raw.lastIndexOf('┌'));
		expect(screen.raw).toContain('\u001b[?25h');
	});

	// The explorer is a bundle of its own (dist/explorer.js): its errors must still read as drill's
	// one-line errors, not as an unknown failure of another bundle's error class.
	testAtOneSize('an unknown --domain: drill\'s one-line error, the terminal left as it was', async () => {
		const unknown = drill(['--domain', 'nope']);
		expect(await unknown.exit()).toBe(1);
		expect(await unknown.screen()).toMatch(/^drill: unknown domain "nope"; registered: drills, knowledge, summary$/mu);
		expect(unknown.raw).not.toContain('please report');
		expect(unknown.raw).not.toContain('\u001b[?1049h');
	});

	test('frames are drawn even when CI is set in the environment', async () => {
		const screen = drill([], {env: {CI: 'true', CONTINUOUS_INTEGRATION: '1'}});
		await screen.waitFor('? help');
		screen.write('?');
		await screen.waitFor('fuzzy filter the loaded names');
		screen.write('q');
		await screen.waitForGone('fuzzy filter the loaded names');
		screen.write('q');
		expect(await screen.exit()).toBe(0);
	});

	test('NO_COLOR and --no-color: no colour codes, the selection still shows', async () => {
		const colourCode = /\u001b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;5;\d+)(?:;[0-9;]*)?m/u;
		for (const variant of [{args: [], env: {NO_COLOR: '1'}}, {args: ['--no-color'], env: {}}]) {
			const screen = drill(variant.args, {env: variant.env});
			await screen.waitFor('? help');
			screen.write('q');
			await screen.exit();
			expect(screen.raw).not.toMatch(colourCode);
			expect(screen.raw).toContain('\u001b[7m');
			screen.kill();
		}
		const coloured = drill([]);
		await coloured.waitFor('? help');
		expect(coloured.raw).toMatch(colourCode);
	});

	test('drill down and up from the app write the .drills/ tree', async () => {
		const drills = tempDir('drill-app-frames-');
		const screen = new PtyScreen(['--store', store, '--knowledge', knowledge, '--drills', drills, '--domain', 'summary', '--node', 'conversation_session:k3x9']);
		app = screen;
		await screen.waitFor('frame: none');
		screen.write('d');
		await screen.waitFor('drill down from');
		screen.write('pool-limit\rfind why the pool runs out\r\r');
		await screen.waitFor(/frame [0-9a-f]{6} pool-limit/u);
		const {readdirSync} = await import('node:fs');
		const made = readdirSync(path.join(drills, '.drills')).filter((name) => /^\d{4}-\d{2}-\d{2}-\d{6}-[0-9a-f]{6}-pool-limit$/u.test(name));
		expect(made).toHaveLength(1);
		const frameFile = readFileSync(path.join(drills, '.drills', made[0]!, `${made[0]}.md`), 'utf8');
		expect(frameFile).toContain('find why the pool runs out');
		expect(frameFile).toContain('conversation_session:k3x9');
		screen.write('u');
		await screen.waitFor('undrill');
		screen.write('pool was 20 per pod\r\rcap pools per pod\r\r\r\rk3x9#n4\r\r\r\r');
		await screen.waitFor('frame: none');
		const closed = readFileSync(path.join(drills, '.drills', made[0]!, `${made[0]}.md`), 'utf8');
		expect(closed).toContain('pool was 20 per pod');
		expect(closed).toContain('cap pools per pod');
	});
	test('after d opens a frame, the drills row has it and opens onto it', async () => {
		const drills = tempDir('drill-app-frames-');
		const screen = new PtyScreen(['--store', store, '--knowledge', knowledge, '--drills', drills, '--domain', 'summary', '--node', 'conversation_session:k3x9']);
		app = screen;
		// No frame yet: the drills domain is an empty leaf.
		expect(await screen.waitFor('frame: none')).toMatch(/· drills\s/u);
		screen.write('d');
		await screen.waitFor('drill down from');
		screen.write('pool-limit\rfind why the pool runs out\r\r');
		await screen.waitFor(/frame [0-9a-f]{6} pool-limit/u);
		await screen.waitFor(/▸ drills 1/u);
		screen.write('gl');
		await screen.waitFor(/▾ drills 1\s[\s\S]*· pool-limit \(open\)/u);
		await screen.waitForNode('', 'drills');
		screen.write('j');
		await screen.waitFor(/drill · drills › pool-limit/u);
		const {readdirSync} = await import('node:fs');
		const sha = /-([0-9a-f]{6})-pool-limit$/u.exec(readdirSync(path.join(drills, '.drills')).find((name) => name.endsWith('-pool-limit'))!)![1]!;
		await screen.waitForNode(sha, 'drills');
	});
});

describe('drill without a terminal', () => {
	testAtOneSize('prints one line on why, the commands that work, and exits 2', () => {
		const result = runCli([]);
		expect(result.code).toBe(2);
		const [first, ...rest] = result.stderr.trimEnd().split('\n');
		expect(first).toMatch(/^drill: the explorer needs a terminal, but standard input is not one; these commands work without one:$/u);
		expect(rest.join('\n')).toContain('drill walk');
		expect(rest.join('\n')).toContain('drill import');
		expect(result.stdout).toBe('');
	});

	testAtOneSize('bad flags are usage errors before anything else', () => {
		expect(runCli(['--depth', 'deep']).code).toBe(2);
		expect(runCli(['--depth', 'deep']).stderr).toContain('unknown depth "deep"');
		expect(runCli(['--node', 'x']).stderr).toContain('--node needs --domain');
		expect(runCli(['--frobnicate']).stderr).toContain('unknown option --frobnicate for drill;');
	});
});
