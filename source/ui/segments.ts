import {displayWidth, fit} from './text.js';
import type {Line, Segment, Style} from './theme.js';

export function segment(text: string, style?: Style): Segment {
	return style ? {text, style} : {text};
}

export function lineWidth(line: Line): number {
	let width = 0;
	for (const piece of line) width += displayWidth(piece.text);
	return width;
}

/** Cuts a line to `width` columns (the cut piece ends in an ellipsis) and pads it to exactly `width`. */
export function fitLine(line: Line, width: number, padStyle?: Style, pad = true): Line {
	const out: Line = [];
	let used = 0;
	for (const piece of line) {
		if (used >= width) break;
		const pieceWidth = displayWidth(piece.text);
		if (used + pieceWidth <= width) {
			out.push(piece);
			used += pieceWidth;
			continue;
		}
		const cut = fit(piece.text, width - used);
		out.push({...piece, text: cut});
		used += displayWidth(cut);
		break;
	}
	if (pad && used < width) out.push(segment(' '.repeat(width - used), padStyle));
	return out;
}

/** Splits text into plain and highlighted pieces by inclusive [start, end] ranges. */
export function highlighted(text: string, ranges: ReadonlyArray<readonly [number, number]> | undefined, base: Style | undefined, mark: Style): Line {
	if (!ranges || ranges.length === 0) return [segment(text, base)];
	const out: Line = [];
	let at = 0;
	for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
		if (start < at || start >= text.length) continue;
		if (start > at) out.push(segment(text.slice(at, start), base));
		out.push(segment(text.slice(start, end + 1), {...base, ...mark}));
		at = end + 1;
	}
	if (at < text.length) out.push(segment(text.slice(at), base));
	return out;
}

/** Marks every case-insensitive occurrence of the query's words in a text. */
export function termRanges(text: string, query: string): Array<[number, number]> {
	const terms = (query.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? []).filter((term, index, all) => all.indexOf(term) === index);
	if (terms.length === 0) return [];
	const lower = text.toLowerCase();
	if (lower.length !== text.length) return [];
	const ranges: Array<[number, number]> = [];
	for (const term of terms) {
		for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) ranges.push([at, at + term.length - 1]);
	}
	ranges.sort((a, b) => a[0] - b[0]);
	const merged: Array<[number, number]> = [];
	for (const range of ranges) {
		const last = merged.at(-1);
		if (last && range[0] <= last[1] + 1) last[1] = Math.max(last[1], range[1]);
		else merged.push([...range]);
	}
	return merged;
}

function sameStyle(a: Style | undefined, b: Style | undefined): boolean {
	if (a === b) return true;
	if (!a || !b) return false;
	return a.color === b.color && a.bold === b.bold && a.dim === b.dim && a.inverse === b.inverse && a.underline === b.underline;
}

/** Joins neighbouring pieces of the same style: fewer pieces, fewer escape codes for Ink to parse. */
export function mergeLine(line: Line): Line {
	const out: Line = [];
	for (const piece of line) {
		if (!piece.text) continue;
		const last = out.at(-1);
		if (last && sameStyle(last.style, piece.style)) out[out.length - 1] = {...last, text: last.text + piece.text};
		else out.push(piece);
	}
	return out;
}

export function sameLine(a: Line, b: Line): boolean {
	if (a.length !== b.length) return false;
	for (let index = 0; index < a.length; index++) if (a[index]!.text !== b[index]!.text || !sameStyle(a[index]!.style, b[index]!.style)) return false;
	return true;
}
