import type {AppState} from './app-types.js';

/**
 * Where everything goes on a screen of `size`. The app draws `rows - 1` lines: a frame as tall as
 * the terminal makes Ink clear and redraw the whole screen on every change.
 */
export interface Layout {
	width: number;
	height: number;
	/** Tree and detail side by side; otherwise one of them, switched with Tab. */
	wide: boolean;
	showTree: boolean;
	showDetail: boolean;
	/** Inner widths of the panes (without borders and padding). */
	treeWidth: number;
	detailWidth: number;
	bodyHeight: number;
	/** The query/filter/dialog bar (one separator line) and the lines under it. */
	barHeight: number;
	panelHeight: number;
	/** The frame panel's separator line and its expanded lines. */
	planHeight: number;
}

export const wideFrom = 100;
export const minimum = {columns: 40, rows: 10};

export function dialogLines(state: AppState): number {
	if (!state.dialog) return 0;
	return state.dialog.fields.length + 2 + (state.dialog.kind === 'up' ? 1 : 0);
}

export function layout(state: AppState): Layout {
	const width = Math.max(minimum.columns, state.size.columns);
	const height = Math.max(minimum.rows, state.size.rows) - 1;
	const wide = width >= wideFrom;
	// header, footer, frame separator
	let free = height - 3;
	const planWanted = state.frames.expanded ? Math.min(8, Math.max(2, (state.frames.status?.plan.length ?? 0) + 2)) : 0;
	const planHeight = 1 + Math.min(planWanted, Math.max(0, Math.floor(free / 3)));
	free -= planHeight - 1;
	let barHeight = 0;
	let panelHeight = 0;
	if (state.mode === 'dialog' && state.dialog) {
		barHeight = 1;
		panelHeight = Math.min(dialogLines(state), Math.max(0, free - 4));
	} else if (state.mode === 'filter' || state.mode === 'find') {
		barHeight = 1;
	} else if (state.mode === 'query' || state.query.open) {
		barHeight = 1;
		const wanted = state.query.rows.length > 0 ? state.query.rows.length : state.query.status === 'idle' ? 0 : 1;
		panelHeight = Math.min(wanted, Math.max(1, Math.floor((free - 1) * (state.focus === 'results' ? 0.6 : 0.4))));
	}
	free -= barHeight + panelHeight;
	const bodyHeight = Math.max(1, free);
	const inner = width - 4;
	// Titles are what a row is read by: from 130 columns the tree takes half the width (a 60-character
	// title and its note fit at 140), up to 96 columns, and two fifths below that.
	const treeWidth = wide ? Math.min(96, Math.max(30, Math.floor(width * (width >= 130 ? 0.5 : 0.4)))) : inner;
	const detailWidth = wide ? width - treeWidth - 7 : inner;
	return {
		width,
		height,
		wide,
		showTree: wide || state.focus !== 'detail',
		showDetail: wide || state.focus === 'detail',
		treeWidth,
		detailWidth,
		bodyHeight,
		barHeight,
		panelHeight,
		planHeight,
	};
}
