import type {ItemRecord, NodeRecord, SpanRecord} from '../../source/store/interchange.js';
import {random} from '../../source/search/semantic/svd.js';

/**
 * A synthetic summary store with the statistics of real text: a Zipfian vocabulary of made-up
 * words, English function words at their usual share, and topics (each item draws most of its
 * content words from one or two of 300 topics, so there is something for LSA to learn). Items are
 * trees like the ingest pipeline's: root → 3 topics → 2 leaves each, the leaves owning the spans.
 */
const functionWords = 'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will more can out who what them some into about than then its also these two may only could other time over most after'.split(' ');
const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'vas', 'de', 'no', 'pri', 'sel', 'gor', 'an', 'ti', 'mor', 'ul', 'be', 'sa', 'qui', 'fen', 'dro', 'lyt', 'ox', 'ham', 'ze', 'cor', 'pen', 'rik', 'ast', 'mu', 'bel'];

export interface Corpus {
	vocabulary: string[];
	topics: number[][];
	next: () => number;
}

export function makeCorpus(seed = 7, vocabularySize = 40_000, topicCount = 300): Corpus {
	const next = random(seed);
	const seen = new Set<string>();
	const vocabulary: string[] = [];
	while (vocabulary.length < vocabularySize) {
		const length = 2 + Math.floor(next() * 3);
		let word = '';
		for (let i = 0; i < length; i++) word += syllables[Math.floor(next() * syllables.length)];
		if (!seen.has(word)) {
			seen.add(word);
			vocabulary.push(word);
		}
	}
	const topics = Array.from({length: topicCount}, () => Array.from({length: 200}, () => Math.floor(zipf(next, vocabularySize, 0.9))));
	return {vocabulary, topics, next};
}

/** A rank in [0, n) with P(rank) ∝ 1 / (rank + 1)^s (inverse-CDF on a continuous approximation). */
function zipf(next: () => number, n: number, s = 1.05): number {
	const u = next();
	const a = 1 - s;
	const max = ((n + 1) ** a - 1) / a;
	return Math.min(n - 1, Math.max(0, Math.floor((u * max * a + 1) ** (1 / a) - 1)));
}

export function sentence(corpus: Corpus, topics: number[], length: number): string {
	const {next, vocabulary} = corpus;
	const words: string[] = [];
	for (let i = 0; i < length; i++) {
		const roll = next();
		if (roll < 0.4) words.push(functionWords[zipf(next, functionWords.length, 1)]!);
		else if (roll < 0.75) {
			const topic = corpus.topics[topics[Math.floor(next() * topics.length)]!]!;
			words.push(vocabulary[topic[zipf(next, topic.length, 0.8)]!]!);
		} else words.push(vocabulary[zipf(next, vocabulary.length)]!);
	}
	const text = words.join(' ');
	return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

export function topicWords(corpus: Corpus, topics: number[], count: number): string[] {
	const out: string[] = [];
	for (let i = 0; i < count; i++) {
		const topic = corpus.topics[topics[Math.floor(corpus.next() * topics.length)]!]!;
		out.push(corpus.vocabulary[topic[zipf(corpus.next, topic.length, 0.8)]!]!);
	}
	return out;
}

/** One item: 10 nodes (root, 3 topics, 6 leaves) and 40 spans on the leaves. */
export function makeItem(corpus: Corpus, index: number, namespaces: string[]): ItemRecord & {topics: number[]} {
	const {next} = corpus;
	const topics = next() < 0.5 ? [Math.floor(next() * corpus.topics.length)] : [Math.floor(next() * corpus.topics.length), Math.floor(next() * corpus.topics.length)];
	const spans: SpanRecord[] = [];
	const nodes: NodeRecord[] = [];
	const title = (words: number) => topicWords(corpus, topics, words).join(' ');
	nodes.push({ordinal: 0, parent: null, title: title(4), summary: '', keywords: topicWords(corpus, topics, 5), spans: []});
	const perLeaf = [7, 7, 7, 7, 6, 6];
	let leaf = 0;
	for (let t = 0; t < 3; t++) {
		const topicNode: NodeRecord = {ordinal: nodes.length, parent: 0, title: title(3), summary: '', keywords: topicWords(corpus, topics, 4), spans: []};
		nodes.push(topicNode);
		const leafSummaries: string[] = [];
		for (let l = 0; l < 2; l++) {
			const owned: number[] = [];
			for (let s = 0; s < perLeaf[leaf]!; s++) {
				owned.push(spans.length);
				spans.push({seq: spans.length, role: s % 2 === 0 ? 'user' : 'assistant', text: sentence(corpus, topics, 10 + Math.floor(next() * 12))});
			}
			const summary = spans[owned[0]!]!.text;
			leafSummaries.push(summary);
			nodes.push({ordinal: nodes.length, parent: topicNode.ordinal, title: title(3), summary, keywords: topicWords(corpus, topics, 4), spans: owned});
			leaf++;
		}
		topicNode.summary = leafSummaries.join(' ');
	}
	nodes[0]!.summary = [nodes[1]!.summary, nodes[4]!.summary].join(' ');
	return {
		namespace: namespaces[index % namespaces.length]!,
		item_id: `item${index}`,
		title: nodes[0]!.title,
		generated_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
		source: {kind: 'synthetic'},
		tldr: spans[0]!.text,
		nodes,
		spans,
		topics,
	};
}

/** A query as a person would type it: a few of an item's topic words, sometimes with a function word. */
export function makeQuery(corpus: Corpus, topics: number[]): string {
	const words = topicWords(corpus, topics, 2 + Math.floor(corpus.next() * 3));
	if (corpus.next() < 0.5) words.splice(1, 0, functionWords[Math.floor(corpus.next() * 10)]!);
	return words.join(' ');
}
