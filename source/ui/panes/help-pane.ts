import {helpSections} from '../key-table.js';
import {lineWidth, segment} from '../segments.js';
import type {Line, Theme} from '../theme.js';

/** The `?` overlay, generated from the key table; two columns when there is room. */
export function helpLines(width: number, paint: Theme): Line[] {
	const blocks = helpSections().map((section) => [
		[segment(section.title, paint('title'))] as Line,
		...section.rows.map((row) => [segment(`  ${row.keys.padEnd(18)}`, paint('key')), segment(row.help)] as Line),
		[] as Line,
	]);
	const flat = blocks.flat();
	if (width < 110) return flat;
	const half = Math.ceil(flat.length / 2);
	let split = blocks[0]!.length;
	for (const block of blocks.slice(1)) {
		if (split + block.length > half) break;
		split += block.length;
	}
	const left = flat.slice(0, split);
	const right = flat.slice(split);
	const column = Math.floor(width / 2);
	const lines: Line[] = [];
	for (let row = 0; row < Math.max(left.length, right.length); row++) {
		const leftLine = left[row] ?? [];
		const used = lineWidth(leftLine);
		lines.push([...leftLine, segment(' '.repeat(Math.max(1, column - used))), ...(right[row] ?? [])]);
	}
	return lines;
}
