import {expect, test} from 'vitest';
import {initialState} from '../../source/ui/app-state.js';
import {layout} from '../../source/ui/layout.js';
import {screenModel, screenText} from '../../source/ui/screen.js';
import {displayWidth} from '../../source/ui/text.js';

const state = (columns: number, rows: number) => initialState({columns, rows}, false, 'index', false);

test.each([
	[80, 24],
	[100, 30],
	[132, 43],
	[40, 10],
])('at %i×%i the app draws rows−1 lines, each exactly as wide as the terminal', (columns, rows) => {
	const lines = screenText(screenModel(state(columns, rows)));
	expect(lines).toHaveLength(rows - 1);
	for (const line of lines) expect(displayWidth(line)).toBe(columns);
});

test('side by side from 100 columns; below, one pane at a time', () => {
	expect(layout(state(100, 30))).toMatchObject({wide: true, showTree: true, showDetail: true});
	expect(layout(state(99, 30))).toMatchObject({wide: false, showTree: true, showDetail: false});
	expect(layout({...state(80, 24), focus: 'detail'})).toMatchObject({showTree: false, showDetail: true});
});

test('a terminal smaller than the minimum is laid out at the minimum', () => {
	expect(layout(state(10, 3))).toMatchObject({width: 40, height: 9});
});
