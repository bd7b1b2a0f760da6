import type {AppState} from './app-types.js';
import {layout} from './layout.js';
import {detailRowCount} from './panes/detail-pane.js';
import {helpRows} from './panes/help-pane.js';

/** How far the detail pane and the help can scroll: their line counts at the layout's widths, less the room the layout gives them. */
export function scrollLimits(state: AppState): {detail: number; help: number} {
	const box = layout(state);
	const detail = detailRowCount(state, box.detailWidth);
	const help = helpRows(box.width - 4).length;
	return {detail: Math.max(0, detail - box.bodyHeight), help: Math.max(0, help - (box.bodyHeight + box.barHeight + box.panelHeight))};
}
