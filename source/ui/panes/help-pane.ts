import {helpSections} from '../key-table.js';
import {displayWidth, wrap} from '../text.js';
import type {RoleLine} from '../theme.js';

const cache = new Map<number, RoleLine[]>();
const indent = '  ';
const keysWidth = 18;
/** Two columns from this width; each keeps a gap of this many spaces before the next. */
const twoColumnsFrom = 110;
const gap = 2;

/** One section of the help, laid out in `width` columns: descriptions wrap under themselves. */
function section(title: string, rows: Array<{keys: string; help: string}>, width: number): RoleLine[] {
	const lines: RoleLine[] = [[{text: title, role: 'title'}]];
	const lead = indent.length + keysWidth;
	for (const row of rows) {
		const keys = `${indent}${row.keys}`;
		// Keys longer than their column get a line of their own.
		const own = displayWidth(keys) >= lead;
		if (own) lines.push([{text: keys, role: 'key'}]);
		wrap(row.help, Math.max(10, width - lead)).forEach((piece, index) => {
			const first = index === 0 && !own;
			lines.push([{text: first ? keys.padEnd(lead) : ' '.repeat(lead), role: first ? 'key' : undefined}, {text: piece}]);
		});
	}
	lines.push([]);
	return lines;
}

/** The `?` overlay's lines at a width, generated from the key table; two columns when there is room. */
export function helpRows(width: number): RoleLine[] {
	const cached = cache.get(width);
	if (cached) return cached;
	const two = width >= twoColumnsFrom;
	const column = two ? Math.floor(width / 2) : width;
	const blocks = helpSections().map((entry) => section(entry.title, entry.rows, column - (two ? gap : 0)));
	const flat = blocks.flat();
	let lines = flat;
	if (two) {
		// Sections stay whole; the split between them that makes the taller column shortest wins.
		let split = 0;
		let best = flat.length;
		for (let at = 0, before = 0; at < blocks.length; at++) {
			before += blocks[at]!.length;
			const taller = Math.max(before, flat.length - before);
			if (taller < best) [best, split] = [taller, before];
		}
		const left = flat.slice(0, split);
		const right = flat.slice(split);
		lines = [];
		for (let row = 0; row < Math.max(left.length, right.length); row++) {
			const leftLine = left[row] ?? [];
			const used = leftLine.reduce((sum, piece) => sum + displayWidth(piece.text), 0);
			lines.push([...leftLine, {text: ' '.repeat(Math.max(gap, column - used))}, ...(right[row] ?? [])]);
		}
	}
	cache.set(width, lines);
	return lines;
}
