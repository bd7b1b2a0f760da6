import type {IBufferCell, Terminal} from '@xterm/headless';

function color(cell: IBufferCell, ground: 'fg' | 'bg'): string {
	const fg = ground === 'fg';
	if (fg ? cell.isFgDefault() : cell.isBgDefault()) return '';
	const value = fg ? cell.getFgColor() : cell.getBgColor();
	if (fg ? cell.isFgRGB() : cell.isBgRGB()) return `${fg ? 38 : 48};2;${(value >> 16) & 255};${(value >> 8) & 255};${value & 255}`;
	if (value < 8) return `${(fg ? 30 : 40) + value}`;
	if (value < 16) return `${(fg ? 90 : 100) + value - 8}`;
	return `${fg ? 38 : 48};5;${value}`;
}

function style(cell: IBufferCell): string {
	const codes = ['0'];
	if (cell.isBold()) codes.push('1');
	if (cell.isDim()) codes.push('2');
	if (cell.isItalic()) codes.push('3');
	if (cell.isUnderline()) codes.push('4');
	if (cell.isInverse()) codes.push('7');
	if (cell.isStrikethrough()) codes.push('9');
	for (const ground of ['fg', 'bg'] as const) {
		const code = color(cell, ground);
		if (code) codes.push(code);
	}
	return `\u001b[${codes.join(';')}m`;
}

/** Each visible row with its colours, ending with its rest erased. */
export function screenRows(terminal: Terminal): string[] {
	const buffer = terminal.buffer.active;
	const rows: string[] = [];
	const cell = buffer.getNullCell();
	for (let y = 0; y < terminal.rows; y++) {
		const line = buffer.getLine(buffer.viewportY + y);
		let out = '';
		let current = '\u001b[0m';
		if (line) {
			let trailing = terminal.cols;
			// Trailing default blanks are left to the erase-line at the end.
			while (trailing > 0) {
				line.getCell(trailing - 1, cell);
				if ((cell.getChars() || ' ') !== ' ' || !cell.isAttributeDefault()) break;
				trailing--;
			}
			for (let x = 0; x < trailing; x++) {
				line.getCell(x, cell);
				if (cell.getWidth() === 0) continue;
				const sgr = style(cell);
				if (sgr !== current) {
					out += sgr;
					current = sgr;
				}
				out += cell.getChars() || ' ';
			}
		}
		rows.push(`${out}\u001b[0m\u001b[K`);
	}
	return rows;
}

/**
 * The visible screen as one redraw: cursor home, every row with its colours, each row's rest
 * erased. Replaying it on any terminal of the same size shows the same picture.
 */
export function serializeScreen(terminal: Terminal): string {
	return `\u001b[?25l\u001b[H${screenRows(terminal).join('\r\n')}`;
}

/** Only the rows that differ from `before`, each drawn in place: the same picture, fewer bytes. */
export function redrawChangedRows(before: readonly string[], after: readonly string[]): string {
	let out = '';
	after.forEach((row, index) => {
		if (row !== before[index]) out += `\u001b[${index + 1};1H${row}`;
	});
	return out;
}

/** The visible screen as plain text lines (for wait-for and tests). */
export function screenText(terminal: Terminal): string {
	const buffer = terminal.buffer.active;
	const lines: string[] = [];
	for (let y = 0; y < terminal.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
	return lines.join('\n');
}
