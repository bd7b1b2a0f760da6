import {helpSections} from '../key-table.js';
import {displayWidth} from '../text.js';
import type {RoleLine} from '../theme.js';

const cache = new Map<number, RoleLine[]>();

/** The `?` overlay's lines at a width, generated from the key table; two columns when there is room. */
export function helpRows(width: number): RoleLine[] {
	const cached = cache.get(width);
	if (cached) return cached;
	const blocks = helpSections().map((section) => [
		[{text: section.title, role: 'title'}] as RoleLine,
		...section.rows.map((row) => [{text: `  ${row.keys.padEnd(18)}`, role: 'key'}, {text: row.help}] as RoleLine),
		[] as RoleLine,
	]);
	const flat = blocks.flat();
	let lines = flat;
	if (width >= 110) {
		const half = Math.ceil(flat.length / 2);
		let split = blocks[0]!.length;
		for (const block of blocks.slice(1)) {
			if (split + block.length > half) break;
			split += block.length;
		}
		const left = flat.slice(0, split);
		const right = flat.slice(split);
		const column = Math.floor(width / 2);
		lines = [];
		for (let row = 0; row < Math.max(left.length, right.length); row++) {
			const leftLine = left[row] ?? [];
			const used = leftLine.reduce((sum, piece) => sum + displayWidth(piece.text), 0);
			lines.push([...leftLine, {text: ' '.repeat(Math.max(1, column - used))}, ...(right[row] ?? [])]);
		}
	}
	cache.set(width, lines);
	return lines;
}
