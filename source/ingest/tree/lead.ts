import {plainText} from '../../text/clean.js';
import {sentencesOf} from '../../text/sentences.js';
import {markupRole} from '../formats/markup-lines.js';
import type {Block} from '../model.js';
import {preorder, type Topic} from './topic.js';

/**
 * A page's lead: the first paragraph of running prose in reading order, which is what a page's
 * description paraphrases ("Nuxt provides a customizable route middleware framework…"). Markup
 * (imports, JSX, admonition openers), headings, code, tables, lists and link lists are passed
 * over; so is a sentence that only introduces what follows it ("Add the dependency:").
 */

const listLine = /^\s*(?:[-*+•]|\d{1,3}[.)])\s/u;
const wordsOf = (text: string) => text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
/** A lead this long has said what the page is for; a shorter one takes the next sentence too. */
const leadWords = 15;

function isRunningProse(block: Block): boolean {
	if (block.kind !== 'prose' || block.role === markupRole || block.role === 'heading' || block.role === 'system' || block.role === 'front_matter') return false;
	const lines = block.text.split('\n').filter((line) => line.trim() !== '');
	// A list, its items wrapped over indented lines or not.
	if (lines.length === 0 || (listLine.test(lines[0]!) && lines.every((line) => listLine.test(line) || /^\s/u.test(line)))) return false;
	// A quote opens no page: on a documentation site it is a note or a warning set apart.
	if (lines.every((line) => /^\s*>/u.test(line))) return false;
	// A link list or a label ("**1. Install `snap`**"): hardly a word of its own.
	const own = block.text.replace(/\[[^\]]*\]\([^)]*\)/gu, ' ');
	if (wordsOf(plainText(own)).length < 3) return false;
	return true;
}

/** "This composable is available in Nuxt v3.12+.", "Available since v2.9": when, not what. */
const versionNote = /\b(?:available|introduced|added|supported)\s+(?:in|since|from|starting\s+(?:in|with|from))\b[^.]*\bv?\d+(?:\.\d+)+/iu;

/**
 * The sentences of a paragraph that say something: not ones that end in a colon (they introduce
 * code or a list); none of a version notice (a paragraph that opens with a version note: "…is
 * available starting in Deno v2.9.0. If you're on an earlier version, update Deno to use it.").
 */
function statements(block: Block): string[] {
	const sentences = sentencesOf(block.text);
	if (sentences[0] && versionNote.test(sentences[0])) return [];
	const found = sentences.filter((sentence) => !sentence.endsWith(':') && !versionNote.test(sentence));
	if (found.length > 0) return found;
	// A short lead ("Register global shortcuts.") is below what the sentence splitter quotes.
	const text = plainText(block.text);
	return wordsOf(text).length >= 2 && /[.!?]$/u.test(text) && !/[{};=]/u.test(text) && !versionNote.test(text) ? [text] : [];
}

/**
 * The lead's sentences: from the first paragraph of running prose on, until they hold `leadWords`
 * words or the next would pass `maxChars`; the lead never runs on past its own section (a
 * heading starts another subject). Undefined when the page has no running prose.
 */
export function leadOf(root: Topic, maxChars: number): string | undefined {
	for (const topic of preorder(root)) {
		let lead = '';
		for (const unit of topic.units) {
			for (const block of unit.blocks) {
				if (!isRunningProse(block)) continue;
				for (const sentence of statements(block)) {
					if (lead && lead.length + sentence.length + 1 > maxChars) return lead;
					lead = lead ? `${lead} ${sentence}` : sentence;
					if (wordsOf(lead).length >= leadWords) return lead;
				}
			}
		}
		if (lead) return lead;
	}
	return undefined;
}
