import stringWidth from 'string-width';
import {inertText} from '../core/inert-text.js';
import {isNarrow} from '../text/narrow.js';

/** Text that is about to be shown on one line: inert, tabs and newlines folded to spaces. */
export function oneLine(text: string): string {
	return inertText(text, {singleLine: true});
}

/** Text that keeps its line breaks (detail pane content): inert, tabs expanded. */
export function manyLines(text: string): string {
	return inertText(text).replace(/\t/gu, '    ');
}

const segmenter = new Intl.Segmenter();

/**
 * A count as en-US writes it (12,345). Whole numbers are grouped here: the first Intl formatter a
 * process makes loads ICU's locale data (~20 ms), which the first frame does not otherwise need.
 */
export function formatCount(value: number): string {
	if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
	return String(value).replace(/\B(?=(?:\d{3})+$)/gu, ',');
}

export function displayWidth(text: string): number {
	return isNarrow(text) ? text.length : stringWidth(text);
}

/** Grapheme clusters with their display widths (a wide character counts two). */
function* graphemes(text: string): Generator<{text: string; width: number}> {
	if (isNarrow(text)) {
		for (const character of text) yield {text: character, width: 1};
		return;
	}
	for (const {segment} of segmenter.segment(text)) yield {text: segment, width: stringWidth(segment)};
}

/**
 * Cuts text to at most `width` columns, ending in an ellipsis when something was cut, and pads it
 * to exactly `width` when `pad` is set. Never splits a grapheme or half of a wide character.
 */
export function fit(text: string, width: number, pad = false): string {
	if (width <= 0) return '';
	const total = displayWidth(text);
	if (total <= width) return pad ? text + ' '.repeat(width - total) : text;
	let out = '';
	let used = 0;
	for (const piece of graphemes(text)) {
		if (used + piece.width > width - 1) break;
		out += piece.text;
		used += piece.width;
	}
	// "race…", not "race …": the ellipsis stands for the next word.
	const trimmed = out.trimEnd();
	used -= out.length - trimmed.length;
	out = `${trimmed}…`;
	used += 1;
	return pad && used < width ? out + ' '.repeat(width - used) : out;
}

/**
 * Cuts text to at most `width` columns in its middle ("resume in Claude Code: cd ~/src/a…
 * claude --resume 5f1e?"): the head says what, the tail what exactly; a grapheme is never split.
 */
export function fitMiddle(text: string, width: number): string {
	if (displayWidth(text) <= width) return text;
	if (width <= 1) return fit(text, width);
	const pieces = [...graphemes(text)];
	const tailRoom = Math.floor((width - 1) * 0.45);
	let tail = '';
	let used = 0;
	for (let index = pieces.length - 1; index >= 0 && used + pieces[index]!.width <= tailRoom; index--) {
		tail = pieces[index]!.text + tail;
		used += pieces[index]!.width;
	}
	return `${fit(text, width - used).slice(0, -1)}…${tail}`;
}

/** Word-wraps inert text to lines of at most `width` columns; words longer than a line are broken. */
export function wrap(text: string, width: number): string[] {
	const lines: string[] = [];
	if (width <= 0) return lines;
	for (const paragraph of text.split('\n')) {
		let line = '';
		let lineWidth = 0;
		const flush = () => {
			lines.push(line);
			line = '';
			lineWidth = 0;
		};
		for (const word of paragraph.split(/ +/u)) {
			const wordWidth = displayWidth(word);
			if (wordWidth > width) {
				if (line) flush();
				for (const piece of graphemes(word)) {
					if (lineWidth + piece.width > width) flush();
					line += piece.text;
					lineWidth += piece.width;
				}
				continue;
			}
			if (line && lineWidth + 1 + wordWidth > width) flush();
			line = line ? `${line} ${word}` : word;
			lineWidth += (lineWidth ? 1 : 0) + wordWidth;
		}
		lines.push(line);
	}
	return lines;
}
