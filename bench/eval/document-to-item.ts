import sbd from 'sbd';
import type {ItemRecord} from '../../source/store/interchange.js';
import {words} from '../../source/text/index-words.js';
import {searchStopwords} from '../../source/text/stopwords.js';

/** One BEIR document: `{"_id", "title", "text"}`. */
export interface BeirDocument {
	_id: string;
	title: string;
	text: string;
}

const sentencesPerTopic = 4;

function topWords(text: string, count: number): string[] {
	const counts = new Map<string, number>();
	for (const word of words(text)) {
		if (word.length < 3 || searchStopwords.has(word) || /^\d+$/u.test(word)) continue;
		counts.set(word, (counts.get(word) ?? 0) + 1);
	}
	return [...counts].sort((a, b) => b[1] - a[1]).slice(0, count).map(([word]) => word);
}

/** The `count` sentences that share the most words with the rest of the text, in text order. */
function central(sentences: string[], count: number): string[] {
	const frequency = new Map<string, number>();
	for (const word of sentences.flatMap((sentence) => words(sentence))) if (!searchStopwords.has(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
	const scored = sentences.map((sentence, index) => {
		const own = words(sentence).filter((word) => !searchStopwords.has(word));
		const score = own.reduce((sum, word) => sum + (frequency.get(word) ?? 0) - 1, 0) / Math.sqrt(own.length + 1);
		return {sentence, index, score};
	});
	return scored
		.sort((a, b) => b.score - a.score || a.index - b.index)
		.slice(0, count)
		.sort((a, b) => a.index - b.index)
		.map((entry) => entry.sentence);
}

function clip(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * A BEIR document as a summary item, shaped like what an offline extractive summarizer makes of a
 * short text: the root holds the title, a two-sentence extractive summary, keywords and a TLDR;
 * topic nodes of a few sentences each hold a one-sentence summary and keywords; the raw text is
 * kept as one span per sentence under the topic nodes. The one place to swap in the ingest
 * pipeline's text path.
 */
export function documentToItem(document: BeirDocument, namespace: string): ItemRecord {
	const text = document.text.trim();
	const sentences = text ? sbd.sentences(text, {newline_boundaries: true}).map((sentence) => sentence.trim()).filter(Boolean) : [];
	// A document without a title gets a dash: no word, so bm25 reads the same text as the floor.
	const title = document.title.trim() || '—';
	const summary = central(sentences, 2);
	const item: ItemRecord = {
		namespace,
		item_id: document._id,
		title,
		generated_at: new Date(0).toISOString(),
		source: {kind: 'text'},
		tldr: clip(summary[0] ?? '', 240),
		nodes: [{ordinal: 0, parent: null, title, summary: summary.join(' '), keywords: topWords(`${title} ${text}`, 6), spans: []}],
		spans: sentences.map((sentence, seq) => ({seq, role: 'text', text: sentence})),
	};
	for (let start = 0; start < sentences.length; start += sentencesPerTopic) {
		const part = sentences.slice(start, start + sentencesPerTopic);
		const keywords = topWords(part.join(' '), 4);
		item.nodes.push({
			ordinal: item.nodes.length,
			parent: 0,
			title: keywords.slice(0, 3).join(', ') || clip(part[0]!, 60),
			summary: central(part, 1).join(' '),
			keywords,
			spans: part.map((_, offset) => start + offset),
		});
	}
	return item;
}
