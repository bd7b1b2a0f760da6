import {markClose, markOpen} from './marks.js';
import {clip} from '../../text/clean.js';
import {placedWords} from '../../text/index-words.js';
import {TermMatcher} from '../keyword/term-matcher.js';

/**
 * A snippet of `text` as FTS5's snippet() makes one: the window of `size` words holding the most
 * query terms (distinct terms first, then matches), matched words between marks, '…' where the
 * text was cut. Made from text already read, so a drilled span costs no further query.
 */
export function textSnippet(text: string, terms: ReadonlySet<string> | TermMatcher, size: number): string {
	const placed = placedWords(text);
	if (placed.length === 0) return clip(text, 200);
	const matcher = terms instanceof TermMatcher ? terms : new TermMatcher(terms);
	const matched = placed.map((entry) => matcher.term(entry.word));
	// Slide a window of `size` words, counting the terms inside it.
	const inside = new Map<string, number>();
	let hits = 0;
	const enter = (term: string | undefined) => {
		if (term === undefined) return;
		inside.set(term, (inside.get(term) ?? 0) + 1);
		hits++;
	};
	const leave = (term: string | undefined) => {
		if (term === undefined) return;
		const count = inside.get(term)! - 1;
		if (count === 0) inside.delete(term);
		else inside.set(term, count);
		hits--;
	};
	for (let index = 0; index < Math.min(size, placed.length); index++) enter(matched[index]);
	let best = 0;
	let bestDistinct = inside.size;
	let bestHits = hits;
	for (let start = 1; start + size <= placed.length; start++) {
		leave(matched[start - 1]);
		enter(matched[start + size - 1]);
		if (inside.size > bestDistinct || (inside.size === bestDistinct && hits > bestHits)) {
			best = start;
			bestDistinct = inside.size;
			bestHits = hits;
		}
	}
	// Centre the matches in the window, as FTS5 does.
	const first = matched.findIndex((term, index) => index >= best && term !== undefined);
	if (first >= 0) {
		let lastMatch = first;
		for (let index = first; index < Math.min(placed.length, best + size); index++) if (matched[index] !== undefined) lastMatch = index;
		best = Math.max(0, Math.min(first - Math.floor((size - (lastMatch - first + 1)) / 2), placed.length - size));
	}
	const last = Math.min(placed.length, best + size) - 1;
	let out = best > 0 ? '…' : '';
	let at = best > 0 ? placed[best]!.start : 0;
	for (let index = best; index <= last; index++) {
		const entry = placed[index]!;
		out += text.slice(at, entry.start);
		const word = text.slice(entry.start, entry.end);
		out += matched[index] === undefined ? word : `${markOpen}${word}${markClose}`;
		at = entry.end;
	}
	out += last < placed.length - 1 ? `${text.slice(at, placed[last + 1]!.start).trimEnd()}…` : text.slice(at);
	return out;
}
