import type {Block, Unit} from '../model.js';
import {markupRole} from '../formats/markup-lines.js';
import {addTerms, isWordCode, type Bag, type Lexicon} from '../../text/summary-words.js';
import {isAsciiText} from '../../text/index-words.js';
import {keepIndexTerms, keepsIndexTerms, type IndexTerm} from '../../text/shared-terms.js';

/**
 * How much of a block counts toward a topic's words: all of what people wrote, the head of code and
 * of tool traffic at half weight. A 40 KB log counts no more than its first 600 characters.
 */
const reach: Record<Block['kind'], {chars: number; weight: number}> = {
	prose: {chars: Number.POSITIVE_INFINITY, weight: 1},
	thinking: {chars: 4000, weight: 0.5},
	code: {chars: 2000, weight: 0.5},
	tool: {chars: 600, weight: 0.5},
};

/** Context an agent injected or the system said: it names the setting, not the work. */
const context = {chars: 600, weight: 0.25};

/** A docs generator's markup (imports, directive fences, link definitions): no words of the page. */
const markup = {chars: 0, weight: 0};

function reachOf(block: Block): {chars: number; weight: number} {
	return block.role === 'system' ? context : block.role === markupRole ? markup : reach[block.kind];
}

/**
 * The part of a block that counts, cut where a word ends: a word cut in half ("latenc" of
 * "latency") would be learned as a written form of its stem, and, being the shortest form, shown
 * as a keyword.
 */
export function blockDigest(block: Block): string {
	const {chars} = reachOf(block);
	const {text} = block;
	if (text.length <= chars) return text;
	let end = chars;
	while (end > 0 && inWord(text, end) && inWord(text, end - 1)) end--;
	return text.slice(0, end);
}

/** The character at `at` is part of a word as `scanWords` reads them (a joiner counts before a letter). */
function inWord(text: string, at: number): boolean {
	const code = text.charCodeAt(at);
	return isWordCode(code) || (joiners.has(code) && isWordCode(text.charCodeAt(at + 1)));
}

const joiners = new Set([0x5f, 0x2d, 0x27, 0x2019]);

/** The `key:` that opens a line of a tool call's arguments (`key: value`, or `- key: value` in a list). */
const argumentName = /^([ \t]*(?:- )?)[\p{L}_][\p{L}\p{N}_.-]*:(?=[ \t]|$)/gmu;

/** The unit's words, and how many characters of it count (the digest, not the raw size). */
export function unitTerms(unit: Unit, bag: Bag = new Map(), lexicon?: Lexicon): {bag: Bag; chars: number} {
	let chars = 0;
	for (const block of unit.blocks) {
		const digest = blockDigest(block);
		chars += digest.length;
		// A tool call's argument names ("status:", "activeForm:" of every todo) are its schema, not the work.
		if (block.role === 'tool_call') addTerms(digest.replace(argumentName, '$1'), bag, reachOf(block).weight, lexicon);
		else if (digest === block.text && digest.length > 0 && keepsIndexTerms() && isAsciiText(digest)) {
			// The whole block is read: its index terms are taken on the way, for its span's counts.
			const index: IndexTerm[] = [];
			addTerms(digest, bag, reachOf(block).weight, lexicon, index);
			keepIndexTerms(digest, index);
		} else addTerms(digest, bag, reachOf(block).weight, lexicon);
	}
	if (unit.heading) addTerms(unit.heading, bag, 2, lexicon);
	return {bag, chars};
}
