import '../helpers/terminal-colours.js';
import {afterEach, expect, test} from 'vitest';
import {screenModel} from '../../source/ui/screen.js';
import {paintScreen} from '../../source/ui/screen-paint.js';
import {useScheme} from '../../source/ui/theme.js';
import {XtermScreen} from '../helpers/xterm-screen.js';
import {FakeServices, summaryTree, type FakeNode} from './fake-services.js';
import {renderApp, type RenderedApp} from './render-app.js';

const summary = summaryTree({
	conversation_session: [
		{item: 'k3x9', title: 'API debugging — a title long enough to be cut in the tree pane', topics: ['Reproducing the 502s', 'Pool exhaustion', 'Retry storm']},
		{item: 'q8mt3', title: '会话 with wide characters 日本語', topics: ['The plan']},
	],
});
const knowledge: FakeNode = {id: '', name: 'knowledge', children: [{id: 'architecture', name: 'Architecture', summary: 'How it fits together.'}]};

let app: RenderedApp | undefined;
afterEach(async () => {
	if (app) await app.quit();
	app = undefined;
	useScheme('dark');
});

/** Every cell of a screen: its character, foreground colour, bold, dim, underline and inverse. */
function cells(screen: XtermScreen): string[] {
	const {terminal} = screen;
	const rows: string[] = [];
	for (let y = 0; y < terminal.rows; y++) {
		const line = terminal.buffer.active.getLine(y)!;
		let row = '';
		for (let x = 0; x < terminal.cols; x++) {
			const cell = line.getCell(x)!;
			row += `${cell.getChars() || ' '}${cell.isFgDefault() ? '' : cell.getFgColor()}${cell.isBold() ? 'b' : ''}${cell.isDim() ? 'd' : ''}${cell.isUnderline() ? 'u' : ''}${cell.isInverse() ? 'i' : ''}|`;
		}
		rows.push(row);
	}
	return rows;
}

/** What Ink drew for the app's current state, next to what the first-frame painter draws for the same state. */
async function bothFrames(rendered: RenderedApp, columns: number, rows: number): Promise<{ink: string[]; painted: string[]; text: string}> {
	await rendered.controller.idle();
	const text = await rendered.screen.waitForFrame('help');
	const painted = new XtermScreen(columns, rows);
	painted.feed(paintScreen(screenModel(rendered.controller.getState())));
	await painted.screen();
	const frames = {ink: cells(rendered.screen), painted: cells(painted), text: `${text}\n--- painted:\n${await painted.screen()}`};
	painted.dispose();
	return frames;
}

for (const [label, options] of [
	['100×30 in colour', {columns: 100, rows: 30, color: true}],
	['80×24 (the tree alone) without colour', {columns: 80, rows: 24, color: false}],
	['140×40 in colour', {columns: 140, rows: 40, color: true}],
] as const) {
	test(`the first frame painted without Ink is, cell for cell, the frame Ink draws: ${label}`, async () => {
		app = await renderApp(new FakeServices({summary, knowledge}), options);
		// The first screen, then one with an open item, the detail pane focused, and a selection deeper in.
		for (const keys of ['', 'jljl', '\t', '\tjl']) {
			if (keys) app.press(keys);
			const {ink, painted, text} = await bothFrames(app, options.columns, options.rows);
			expect(painted, `after ${JSON.stringify(keys)}:\n${text}`).toEqual(ink);
		}
	});
}

test('the light scheme paints the same cells as Ink too', async () => {
	useScheme('light');
	app = await renderApp(new FakeServices({summary, knowledge}), {columns: 100, rows: 30, color: true});
	app.press('\t');
	const {ink, painted} = await bothFrames(app, 100, 30);
	expect(painted).toEqual(ink);
});

test('the painter leaves the cursor hidden at the top-left corner, where Ink starts its frame', () => {
	const painted = paintScreen({width: 10, height: 1, blocks: [{kind: 'rule', line: [{text: '┌ drill ─┐'}]}], border: {}});
	expect(painted.startsWith('\u001b[?25l')).toBe(true);
	expect(painted.endsWith('\u001b[H')).toBe(true);
});
