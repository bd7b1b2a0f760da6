import {clip, capitalize, plainText} from './clean.js';
import {topicStopwords} from './stopwords.js';
import {scanWords, termOf} from './summary-words.js';

/**
 * Key phrases: runs of topic words as written in the text ("connection pool limit"), scored by
 * the weight of their words in the topic. A title made of one is a real phrase from the text.
 */

const lengthFactor = [0, 0.75, 1, 1.05, 0.95];
const maxPhraseWords = 4;

export interface Phrase {
	text: string;
	score: number;
}

export function keyPhrases(sentences: readonly string[], weight: (term: string) => number, limit = 5): Phrase[] {
	const found = new Map<string, {text: string; score: number; count: number}>();
	for (const sentence of sentences) {
		let run: Array<{term: string; start: number; end: number}> = [];
		const flush = () => {
			for (let from = 0; from < run.length; from++) {
				let score = 0;
				let key = '';
				for (let to = from; to < Math.min(run.length, from + maxPhraseWords); to++) {
					key = key ? `${key} ${run[to]!.term}` : run[to]!.term;
					score += weight(run[to]!.term);
					const entry = found.get(key);
					const n = to - from + 1;
					const value = (score / Math.sqrt(n)) * lengthFactor[n]!;
					if (entry) {
						entry.count++;
						entry.score = Math.max(entry.score, value);
					} else found.set(key, {text: sentence.slice(run[from]!.start, run[to]!.end), score: value, count: 1});
				}
			}
			run = [];
		};
		let lastEnd = -1;
		scanWords(sentence, (start, end) => {
			const term = termOf(sentence.slice(start, end));
			const gap = lastEnd < 0 ? '' : sentence.slice(lastEnd, start);
			if (term === '' || (run.length > 0 && gap !== ' ' && gap !== '-')) flush();
			if (term !== '') run.push({term, start, end});
			lastEnd = end;
		});
		flush();
	}
	// The best `limit` phrases, kept in a small sorted list rather than sorting them all.
	const before = (a: Phrase, b: Phrase) => b.score - a.score || a.text.localeCompare(b.text);
	const best: Phrase[] = [];
	let bestSeveral: Phrase | undefined;
	for (const entry of found.values()) {
		const phrase = {text: entry.text, score: entry.score * (1 + 0.4 * Math.log(entry.count))};
		if (phrase.text.includes(' ') && (!bestSeveral || before(phrase, bestSeveral) < 0)) bestSeveral = phrase;
		if (best.length < limit || before(phrase, best.at(-1)!) < 0) {
			best.push(phrase);
			best.sort(before);
			if (best.length > limit) best.pop();
		}
	}
	// A phrase of two or more words names a topic better than one word nearly as heavy.
	if (bestSeveral && best[0] && !best[0].text.includes(' ') && bestSeveral.score >= best[0].score * 0.6) {
		const at = best.indexOf(bestSeveral);
		if (at >= 0) best.splice(at, 1);
		else if (best.length >= limit) best.pop();
		best.unshift(bestSeveral);
	}
	return best;
}

const clauseBreak = /[,;:(]\s|\s[—–-]\s/gu;

/**
 * A title from the opening of a person's message: its first sentence, cut at a clause when long
 * ("The convert.test.ts suite keeps failing on CI, maybe 1 run in 10 …" → its first clause).
 * Undefined when that opening has too few topic words to name anything ("ok so what do we do").
 */
export function clauseTitle(text: string, maxLength = 80): string | undefined {
	// The first sentence that names something: "Nice. Can you add a changelog entry?" → the second.
	let rest = plainText(text.slice(0, 800));
	for (let tries = 0; tries < 3 && rest !== ''; tries++) {
		const end = /[.!?。！？](?=\s|$)/u.exec(rest);
		const sentence = end ? rest.slice(0, end.index + (end[0] === '?' ? 1 : 0)) : rest;
		const title = sentenceTitle(sentence, maxLength);
		if (title) return title;
		rest = end ? rest.slice(end.index + 1).trim() : '';
	}
	return undefined;
}

/** The longest head of a long sentence that ends before a small word ("… this morning" of "… this morning with a lock error"). */
function phraseHead(line: string, maxLength: number): string | undefined {
	const words = line.slice(0, maxLength + 1).split(' ');
	for (let count = Math.min(words.length - 1, 14); count >= 4; count--) {
		const next = words[count]!.toLowerCase();
		if (topicStopwords.has(next) && termOf(words[count - 1]!.replace(/[^\p{L}\p{N}_'-]+$/u, '')) !== '') return words.slice(0, count).join(' ');
	}
	return undefined;
}

function sentenceTitle(sentence: string, maxLength: number): string | undefined {
	// Asides in parentheses are not part of a title, and a cut must not fall inside one.
	let line = sentence.replace(/\s*\([^()]*\)/gu, '').replace(/\s*\([^()]*$/u, '');
	if (line.length > maxLength) {
		let cut: string | undefined;
		// The first clause that reads as a phrase of its own (four words or more).
		for (const match of line.matchAll(clauseBreak)) {
			const head = line.slice(0, match.index).trim();
			if (head.length > maxLength) break;
			if (head.split(' ').length >= 4) {
				cut = head;
				break;
			}
		}
		cut ??= phraseHead(line, maxLength);
		if (!cut) return undefined;
		line = cut;
	}
	line = line.replace(/[\s.,;:—–-]+$/u, '').trim();
	// A title is words: not a line of code, a path list or a log excerpt.
	if (/[{}[\]=<>|\\"]/u.test(line)) return undefined;
	const letters = line.match(/\p{L}/gu)?.length ?? 0;
	if (letters < line.replace(/\s/gu, '').length * 0.7) return undefined;
	let topicWords = 0;
	scanWords(line, (start, stop) => {
		if (termOf(line.slice(start, stop)) !== '') topicWords++;
	});
	if (topicWords < 2 || line.length < 8) return undefined;
	return capitalize(line);
}

/** A title from a key phrase, capitalized as a title is. */
export function phraseTitle(phrase: Phrase | undefined): string | undefined {
	return phrase ? capitalize(clip(phrase.text, 80)) : undefined;
}
