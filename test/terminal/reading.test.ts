import {chmodSync, existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, test} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {appItems, importStore} from '../helpers/app-store.js';
import {makeItem} from '../helpers/items.js';
import {buildLog} from '../helpers/long-output-session.js';
import {PtyScreen, testAtOneSize} from '../helpers/pty-screen.js';

// Reading in the explorer: find in the detail pane, paging past --max-chars, the pager and the
// editor, the focused pane's mark, the mouse, the first screen.
const knowledge = path.resolve('fixtures/app/knowledge');
const cyan = 6;
const yellow = 3;
let folder: string;
let store: string;
let sourceFile: string;
let emptyStore: string;
let hostileStore: string;
let recorder: string;
let toolStore: string;

beforeAll(() => {
	folder = tempDir('drill-reading-');
	sourceFile = path.join(folder, 'session.jsonl');
	writeFileSync(sourceFile, 'line 1\nline 2\nline 3\n');
	const local = {...makeItem('local', 'l1', {title: 'Local session', generatedAt: '2025-01-01T00:00:00Z'}), source: {uri: `file://${sourceFile}`, kind: 'transcript', line: 3}};
	// A long item: its full view is about 30 000 characters, far past --max-chars 2000.
	const long = makeItem('long', 'big', {title: 'Long session', generatedAt: '2024-01-01T00:00:00Z'});
	long.spans = long.spans.map((span) => ({...span, text: `${span.text} ${'filler words '.repeat(200)}`}));
	long.spans.at(-1)!.text += ' the very last words';
	store = importStore(path.join(folder, 'store.db'), [...appItems(), local, long]);
	const hostile = makeItem('hostile', 'h1', {title: 'Hostile', generatedAt: '2023-01-01T00:00:00Z'});
	hostile.spans[0]!.text = `mischief \u001b]52;c;ZWNobyBwd25lZA==\u0007 mis\u001b[2Jchief \u009b31m mischief \u202eevil\u202c`;
	hostileStore = importStore(path.join(folder, 'hostile.db'), [hostile]);
	// A session whose one tool call printed 300 lines: shown folded (the first 50, the last 20).
	const tools = makeItem('tools', 't1', {title: 'Build session', topics: 1});
	tools.spans[1] = {...tools.spans[1]!, role: 'tool', text: buildLog.join('\n')};
	toolStore = importStore(path.join(folder, 'tools.db'), [tools]);
	emptyStore = path.join(folder, 'empty.db');
	importStore(emptyStore, []);
	// A stand-in for $PAGER and $EDITOR: it writes its name, its arguments, the terminal's mode
	// (icanon: cooked, as the app must leave it) and the head of the file it was given.
	recorder = path.join(folder, 'record.sh');
	writeFileSync(recorder, '#!/bin/sh\n{ echo "$RECORD_AS"; printf \'arg %s\\n\' "$@"; stty -a | tr \' ;\' \'\\n\\n\' | grep -x -e icanon -e -icanon; for last; do :; done; head -n 3 "$last"; } > "$RECORD_TO"\n');
	chmodSync(recorder, 0o755);
});

let app: PtyScreen | undefined;
afterEach(() => {
	app?.kill();
	app = undefined;
});

function drill(args: string[], options: {cols?: number; rows?: number; env?: NodeJS.ProcessEnv; store?: string} = {}): PtyScreen {
	app = new PtyScreen(['--store', options.store ?? store, '--knowledge', knowledge, '--drills', folder, ...args], options);
	return app;
}

const footer = (text: string) => text.split('\n').find((line) => line.startsWith('└')) ?? '';

/** Tab into the detail pane (narrow, it is shown instead of the tree) once it holds the node at depth full. */
async function intoFullDetail(screen: PtyScreen): Promise<void> {
	await screen.waitFor(/depth: full/u);
	screen.write('\t');
	await screen.waitFor(/· depth full ·[\s\S]*└.*scroll/u);
}

describe('long tool outputs', () => {
	test('z shows a folded tool output whole and folds it again; the pane says how', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'tools:t1', '--depth', 'full'], {store: toolStore});
		await intoFullDetail(screen);
		// Folded: its middle is left out, so a word from line 151 is not found; the end of the pane says z unfolds.
		screen.write('G');
		let text = await screen.waitFor('1 long tool output shown folded: z shows it whole');
		expect(text).toContain('build step 300 ok');
		screen.write('/zanzibarite\r');
		await screen.waitFor('pattern not found: "zanzibarite"');
		// Esc drops the pattern (its [0/1] would take the status line's room at 80 columns).
		screen.write('\u001b');
		await screen.waitForGone('/zanzibarite');
		screen.write('z');
		await screen.waitFor('long tool outputs shown whole (z: folded)');
		// Whole: 333 lines where the folded view had 103; the pane stays where it was.
		await screen.waitFor(/lines \d+–\d+\/333 ┘/u);
		screen.write('/zanzibarite\r');
		text = await screen.waitFor(/\/zanzibarite \[1\/1\]/u);
		expect(text).toContain('zanzibarite crystal found in line 151');
		// Folded again: the middle is gone once more.
		screen.write('\u001b');
		await screen.waitForGone('/zanzibarite [');
		screen.write('z');
		await screen.waitFor('long tool outputs folded again (z: whole)');
		screen.write('G');
		text = await screen.waitFor('1 long tool output shown folded: z shows it whole');
		expect(text).not.toContain('zanzibarite crystal');
	});

	test('z is in the help', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'tools:t1'], {store: toolStore, rows: 50});
		await screen.waitFor('? help');
		screen.write('?');
		await screen.waitFor(/z +long tool outputs at depth full:[\s\S]*?whole, or folded again/u);
	});
});

describe('find in the detail pane', () => {
	test('/ with the pane focused finds as you type; n/N step; matches are highlighted with [i/N]', async () => {
		// A page, not a session: over a session Enter searches the whole session (below).
		const screen = drill(['--domain', 'summary', '--node', 'page:pgb01', '--depth', 'full']);
		await intoFullDetail(screen);
		screen.write('/');
		await screen.waitFor('├ find in pane: ');
		screen.write('pool');
		let text = await screen.waitForFrame(/├ find in pane: pool .*\[1\/\d+\]/u);
		const total = Number(/\[1\/(\d+)\]/u.exec(text)![1]);
		expect(total).toBeGreaterThan(2);
		screen.write('\r');
		text = await screen.waitForFrame(/\/pool \[1\/\d+\]/u);
		expect(footer(text)).toContain(`/pool [1/${total}]`);
		// The current match in reverse video, the others in the match colour, underlined.
		const current = await screen.styleOf('pool', 0);
		const all = await Promise.all(Array.from({length: 6}, (_, nth) => screen.styleOf('pool', nth)));
		// In the detail pane: the right of the screen when wide, all of it when narrow.
		const marked = all.filter((style) => style && style.column > (screen.wide ? 40 : 0));
		expect(marked.some((style) => style!.inverse && style!.fg === yellow)).toBe(true);
		expect(marked.some((style) => !style!.inverse && style!.underline && style!.fg === yellow)).toBe(true);
		expect(current).toBeDefined();
		screen.write('n');
		await screen.waitFor(`/pool [2/${total}]`);
		screen.write('NN');
		await screen.waitFor(`/pool [${total}/${total}]`);
		// Esc clears the find; / then Esc while typing goes back to where the pane was.
		screen.write('\u001b');
		await screen.waitForGone('/pool [');
		// The status line comes back with the pane's position (a frame may arrive in pieces: wait for it).
		await screen.waitForFrame('lines ');
	});

	test('smart case: a capital makes the find case-sensitive; a pattern not found says so', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'page:pgb01', '--depth', 'full']);
		await intoFullDetail(screen);
		// The count of a settled frame: a frame drawn in pieces can show the typed pattern beside the old count.
		const matches = async (pattern: string) => {
			const count = new RegExp(`/${pattern} \\[\\d+/(\\d+)\\]`, 'u');
			for (;;) {
				const found = count.exec(await screen.waitForFrame(count));
				if (found) return Number(found[1]);
			}
		};
		screen.write('/Pool\r');
		const upper = await matches('Pool');
		screen.write('/pool\r');
		expect(await matches('pool')).toBeGreaterThan(upper);
		screen.write('/zzqx\r');
		await screen.waitFor('pattern not found: "zzqx"');
	});

	testAtOneSize('over a session, / says so, and Enter lists every message of it that matches; n/N step, Esc goes back', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'conversation_session:k3x9'], {cols: 160, rows: 40});
		await screen.waitFor('? help');
		screen.write('\t');
		await screen.waitFor(/└.*scroll/u);
		await screen.waitFor('/ find in session');
		screen.write('/');
		await screen.waitFor('├ find in this session: ');
		screen.write('pool\r');
		const text = await screen.waitFor(/\/pool \[1\/\d+\] messages/u);
		const total = Number(/\/pool \[1\/(\d+)\] messages/u.exec(text)![1]);
		expect(total).toBeGreaterThan(1);
		expect(text).toMatch(/▶ #n\d+ msgs? \d+/u);
		screen.write('n');
		await screen.waitFor(`/pool [2/${total}] messages`);
		screen.write('\u001b');
		await screen.waitForGone('messages ·');
		await screen.waitFor(/API debugging[\s\S]*── children/u);
	});

	test('after a jump from the results the query words are highlighted in the detail pane', async () => {
		const screen = drill(['--depth', 'full']);
		await screen.waitFor('? help');
		screen.write('/pool exhaustion\r');
		await screen.waitFor(/\d+ hits[\s\S]*Enter jump/u);
		screen.write('\r');
		await screen.waitFor(/\/pool exhaustion \[–\/\d+\]/u);
		// The detail pane (narrow, Tab shows it instead of the tree).
		screen.write('\t');
		await screen.waitFor(/└.*scroll/u);
		const styles = await Promise.all(Array.from({length: 12}, (_, nth) => screen.styleOf('ool', nth)));
		expect(styles.some((style) => style && style.fg === yellow && style.underline)).toBe(true);
		screen.write('n');
		await screen.waitFor(/\/pool exhaustion \[1\/\d+\]/u);
	});
});

test('highlighting finds in stored text without letting its escape sequences through', async () => {
	const screen = drill(['--domain', 'summary', '--node', 'hostile:h1', '--depth', 'full'], {store: hostileStore});
	await intoFullDetail(screen);
	screen.write('/mischief\r');
	await screen.waitFor(/\/mischief \[1\/\d+\]/u);
	screen.write('nY');
	await screen.waitFor('copied the text');
	screen.write('q');
	await screen.exit();
	for (const sequence of ['\u001b]52;c;ZWNobyBwd25lZA', '\u001b[2J', '\u009b', '\u202e', '\u202c']) expect(screen.raw, JSON.stringify(sequence)).not.toContain(sequence);
});

describe('the focused pane is marked', () => {
	test('its title is in the accent colour: the tree\'s trail, the detail\'s title, the results\' query', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'conversation_session:k3x9', '--query', 'pool']);
		await screen.waitFor(/\d+ hits?/u);
		const trail = () => screen.styleOf('summary › conversation_session');
		const title = async () => (await screen.styleOf('│ API debugging', 0)) && screen.styleOf('API debugging', 1);
		expect((await trail())?.fg).toBe(cyan);
		expect((await title())?.fg).not.toBe(cyan);
		screen.write('\t');
		await screen.waitFor('scroll');
		await expect.poll(async () => (await title())?.fg).toBe(cyan);
		expect((await trail())?.fg).not.toBe(cyan);
		screen.write('\t');
		await screen.waitFor('Enter jump');
		await expect.poll(async () => (await screen.styleOf('pool ─'))?.fg).toBe(cyan);
		expect((await trail())?.fg).not.toBe(cyan);
	});
});

describe('o, e and Y', () => {
	test('o opens the source file at its line in $PAGER, e in $EDITOR; the terminal is handed over and taken back', async () => {
		const record = path.join(folder, 'o-record.txt');
		const screen = drill(['--domain', 'summary', '--node', 'local:l1#n2'], {env: {PAGER: `RECORD_AS=pager ${recorder}`, EDITOR: `RECORD_AS=editor ${recorder}`, RECORD_TO: record}});
		await screen.waitForNode('local:l1#n2');
		const before = screen.raw.length;
		screen.write('o');
		await screen.waitFor(`back from ${sourceFile}`);
		expect(readFileSync(record, 'utf8').split('\n')).toEqual(['pager', 'arg +3', `arg ${sourceFile}`, 'icanon', 'line 1', 'line 2', 'line 3', '']);
		// The app left its screen for the program and came back to it, drawn whole.
		const handover = screen.raw.slice(before);
		expect(handover.indexOf('\u001b[?1049l')).toBeGreaterThanOrEqual(0);
		expect(handover.indexOf('\u001b[?1049h')).toBeGreaterThan(handover.indexOf('\u001b[?1049l'));
		expect(await screen.screen()).toMatch(/┌ drill · summary › local › Local session › Topic 0 of l1[\s\S]*└.*┘/u);
		screen.write('e');
		await expect.poll(() => readFileSync(record, 'utf8').split('\n')[0]).toBe('editor');
		// Keys still work after it (raw mode is back): j moves.
		screen.write('j');
		await screen.waitForNode('local:l1#n3');
	});

	test('a node without a source file is shown from a temporary file of its text, removed after', async () => {
		const record = path.join(folder, 'text-record.txt');
		const screen = drill(['--domain', 'summary', '--node', 'page:pgb01'], {env: {PAGER: `RECORD_AS=pager ${recorder}`, RECORD_TO: record}});
		await screen.waitForNode('page:pgb01');
		screen.write('o');
		await screen.waitFor('it has no source file');
		const lines = readFileSync(record, 'utf8').split('\n');
		expect(lines[0]).toBe('pager');
		const file = lines[1]!.slice('arg '.length);
		expect(lines[3]).toBe('PgBouncer pool modes explained');
		expect(existsSync(file)).toBe(false);
	});

	test('Y copies the node\'s text with OSC 52', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'local:l1#n1']);
		await screen.waitForNode('local:l1#n1');
		const before = screen.raw.length;
		screen.write('Y');
		await screen.waitFor('copied the text of local:l1#n1');
		const copied = /\u001b\]52;c;([A-Za-z0-9+/=]+)\u0007/u.exec(screen.raw.slice(before))![1]!;
		const text = Buffer.from(copied, 'base64').toString('utf8');
		expect(text).toContain('Topic 0 of l1');
		expect(text).toContain('question 0.0 about l1');
	});
});

describe('paging past --max-chars', () => {
	test('a full view loads its next chunk as you scroll instead of stopping at "truncated"', async () => {
		const screen = drill(['--domain', 'summary', '--node', 'long:big', '--depth', 'full', '--max-chars', '2000']);
		await intoFullDetail(screen);
		let text = await screen.waitFor(/lines 1–\d+\/(\d+)/u);
		const first = Number(/lines 1–\d+\/(\d+)/u.exec(text)![1]);
		for (let tries = 0; tries < 40 && !text.includes('the very last'); tries++) {
			screen.write('G');
			await new Promise((resolve) => setTimeout(resolve, 100));
			text = await screen.screen();
		}
		expect(text).toContain('the very last');
		expect(text).not.toContain('truncated');
		const total = Number(/lines \d+–\d+\/(\d+)/u.exec(text)![1]);
		expect(total).toBeGreaterThan(first * 8);
	});

	testAtOneSize('--max-chars must be a whole number', async () => {
		const {runCli} = await import('../helpers/cli.js');
		const result = runCli(['--max-chars', '0']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--max-chars must be a whole number from 1 to 100000000, got 0');
	});
});

describe('the mouse', () => {
	const sgr = (button: number, column: number, row: number, release = false) => `\u001b[<${button};${column};${row}${release ? 'm' : 'M'}`;

	testAtOneSize('reporting is on while the app runs and off after; wheel, click and double click; never typed text', async () => {
		// Clicks land on cells: the layout of 100 columns (tree on the left 42, detail on the right).
		const screen = drill(['--domain', 'summary', '--node', 'conversation_session:k3x9', '--depth', 'full'], {cols: 100, rows: 30});
		// Settled frames: rows are found by position, and a loaded machine draws a frame in pieces.
		let text = await screen.waitForFrame('summary:conversation_session:k3x9');
		expect(screen.raw).toContain('\u001b[?1000h\u001b[?1006h');
		expect(screen.terminal.modes.mouseTrackingMode).not.toBe('none');
		const lines = text.split('\n');
		// The tree's rows are the left 42 columns at 100 columns.
		const row = (name: string) => lines.findIndex((line) => line.slice(0, 42).includes(name)) + 1;
		// A click on a tree row selects it (SGR: 1-based column and row).
		screen.write(sgr(0, 8, row('Slow invoices query')) + sgr(0, 8, row('Slow invoices query'), true));
		text = await screen.waitFor('summary:conversation_session:q8mt3');
		// A double click opens it.
		const at = row('Slow invoices query');
		screen.write(sgr(0, 8, at) + sgr(0, 8, at, true) + sgr(0, 8, at) + sgr(0, 8, at, true));
		await screen.waitFor(/▾ Slow invoices query/u);
		// The wheel over the detail pane scrolls it, and leaves the focus in the tree.
		screen.write(sgr(65, 70, 10) + sgr(65, 70, 10));
		await screen.waitForGone('summary:conversation_session:q8mt3\n');
		expect(await screen.waitForFrame(/└ .*move/u)).toMatch(/└ .*move/u);
		// In the query box a mouse report is not text.
		screen.write('/');
		await screen.waitFor('Enter run');
		screen.write(`ab${sgr(64, 10, 5)}${sgr(0, 20, 3)}${sgr(0, 20, 3, true)}c`);
		text = await screen.waitFor('├ / abc');
		expect(text).not.toMatch(/<\d|;\d+M/u);
		screen.write('\u001b');
		await screen.waitForGone('Enter run');
		screen.write('q');
		expect(await screen.exit()).toBe(0);
		expect(screen.raw.lastIndexOf('\u001b[?1000l')).toBeGreaterThan(screen.raw.lastIndexOf('┌'));
		expect(screen.terminal.modes.mouseTrackingMode).toBe('none');
	});

	testAtOneSize('a click on a result selects it, a double click jumps', async () => {
		// Clicks land on cells: the results of a 100×30 screen, where hit 2 shows.
		const screen = drill(['--query', 'pool exhaustion'], {cols: 100, rows: 30});
		const text = await screen.waitFor(/\d+ hits/u);
		const lines = text.split('\n');
		const at = lines.findIndex((line) => line.startsWith('│ 2 ')) + 1;
		expect(at).toBeGreaterThan(0);
		screen.write(sgr(0, 10, at) + sgr(0, 10, at, true));
		await screen.waitFor('Enter jump');
		expect(await screen.styleOf('Pool exhaustion  conversation')).toMatchObject({inverse: true});
		screen.write(sgr(0, 10, at) + sgr(0, 10, at, true) + sgr(0, 10, at) + sgr(0, 10, at, true));
		const target = /│ 2 .+?  (\S+:\S+)/u.exec(lines[at - 1]!)![1]!;
		await screen.waitForNode(target);
	});

	testAtOneSize('SIGTERM turns mouse reporting off too', async () => {
		const screen = drill([]);
		await screen.waitFor('? help');
		screen.child.kill('SIGTERM');
		expect(await screen.exit()).toBe(143);
		expect(screen.terminal.modes.mouseTrackingMode).toBe('none');
	});
});

describe('the first screen', () => {
	test('with no --node the cursor is on the newest summary item, its domain open to it', async () => {
		const screen = drill([]);
		const text = await screen.waitForNode('conversation_session:k3x9');
		expect(text).toMatch(/▾ summary/u);
		expect(text).toMatch(/▸ knowledge/u);
		expect(text).toMatch(/[▸·] drills/u);
		expect(text).toMatch(/API debugging/u);
	});

	test('an empty store says how to fill it; a missing one how to make it', async () => {
		let screen = drill([], {store: emptyStore});
		// Its row says so at any width; the detail pane (narrow: behind Tab) says how.
		let text = await screen.waitFor(/· summary {2}empty: drill ingest PATH… fills it/u);
		screen.write('\t');
		text = await screen.waitFor('The summary store is empty');
		expect(text).toContain('drill ingest PATH…');
		expect(text).toContain('drill import FILE.json');
		screen.kill();
		screen = drill([], {store: path.join(folder, 'missing', 'store.db')});
		text = await screen.waitFor(/no store at/u);
		screen.write('\t');
		text = await screen.waitFor(/drill ingest PATH/u);
	});
});
