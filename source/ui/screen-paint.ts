import type {Screen} from './screen.js';
import {lineWidth} from './segments.js';
import {toAnsi, type Line} from './theme.js';

/**
 * The screen as the terminal shows it once Ink has laid out `App` (app.tsx): one row of text with
 * SGR escapes per screen row, the bordered regions' `│` in their colours, each column padded by a
 * space on either side. It draws the explorer's first frame while Ink, React and yoga are still
 * loading (run-app.ts); Ink's own first frame then lands on the very same cells.
 */
export function screenRows(screen: Screen): string[] {
	const border = (colour: string | undefined) => toAnsi([{text: '│', ...(colour ? {style: {color: colour}} : {})}]);
	const padded = (line: Line | undefined, width: number) => {
		const text = line ? toAnsi(line) : '';
		return text + ' '.repeat(Math.max(0, width - (line ? lineWidth(line) : 0)));
	};
	const rows: string[] = [];
	for (const block of screen.blocks) {
		if (block.kind === 'rule') {
			rows.push(padded(block.line, screen.width));
			continue;
		}
		const outer = border(screen.border.color);
		for (let row = 0; row < block.height; row++) {
			let text = outer;
			for (const column of block.columns) {
				// As app.tsx's Pane: the focused pane's divider is cyan, in every scheme, and only where borders have a colour.
				if (column.divider) text += border(screen.border.color ? (column.divider === 'focusBorder' ? 'cyan' : screen.border.color) : undefined);
				text += ` ${padded(column.lines[row], column.width)} `;
			}
			rows.push(text + outer);
		}
	}
	return rows;
}

/** The whole screen written from the top-left corner, with the cursor hidden and left back there (where Ink starts drawing). */
export function paintScreen(screen: Screen): string {
	return `\u001b[?25l${screenRows(screen)
		.map((row, index) => `\u001b[${index + 1};1H${row}`)
		.join('')}\u001b[H`;
}
