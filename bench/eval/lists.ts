import {writeFileSync} from 'node:fs';
import {parseQuery} from '../../source/search/funnel/query.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {keywordList, keywordWeights, type KeywordOptions} from '../../source/search/keyword/keyword.js';
import {ItemTermStats} from '../../source/search/keyword/term-stats.js';
import {semanticList} from '../../source/search/semantic/semantic.js';
import {judgedQueries, evaluateBaseline} from './run.js';
import type {Prepared} from '../tune.js';
import {PlainBm25} from './plain-bm25.js';

/** The keyword variants measured: the default first (its top two are the semantic list's feedback). */
export const keywordVariants: Record<string, KeywordOptions> = {
	keyword: {},
	'every word once (before)': {functionWords: 1, repeats: false, proximity: 0.2},
	'content words once': {functionWords: 0, repeats: false},
	'content words, repeats': {functionWords: 0},
	'function words 1': {functionWords: 1},
	'function words 0.75, proximity 0.5': {functionWords: 0.75, proximity: 0.5},
	'no proximity': {proximity: 0},
	'proximity 0.2': {proximity: 0.2},
	'proximity 0.4': {proximity: 0.4},
	'proximity 0.6': {proximity: 0.6},
	'no identifiers': {identifiers: false},
};

/**
 * Every judged query's lists on one prepared store, item by item (best node per item, as fusion
 * pools them): each keyword variant's normalized scores, the semantic list's cosines (node level:
 * [item, score]) plain and with feedback from the default keyword list's top two. Written as one
 * JSON file for offline experiments with fusion rules.
 */
export async function dumpLists(prepared: Prepared, file: string): Promise<void> {
	const status = searchStatus(prepared.store);
	const plain = new PlainBm25(prepared.collection);
	const id = (item: number) => prepared.itemIds.get(item) ?? '';
	const queries = [];
	for (const query of judgedQueries(prepared.collection)) {
		const parsed = parseQuery(query.text);
		const keyword: Record<string, Array<[string, number]>> = {};
		let feedback: number[] = [];
		const stats = new ItemTermStats(prepared.store, parsed.words, status.keywordItems);
		for (const [name, options] of Object.entries(keywordVariants)) {
			const list = keywordList(prepared.store, parsed, {}, 300, keywordWeights, stats, options);
			if (name === 'keyword') feedback = list.slice(0, 2).map((hit) => hit.node);
			const seen = new Set<number>();
			keyword[name] = list.flatMap((hit) => (seen.has(hit.item) ? [] : (seen.add(hit.item), [[id(hit.item), hit.score] as [string, number]])));
		}
		const semantic: Record<string, Array<[string, number]>> = {};
		if (status.semantic && parsed.match) {
			semantic.plain = (await semanticList(prepared.store, status.semantic, parsed.terms.join(' '), {}, 300)).map((hit) => [id(hit.item), hit.score]);
			semantic.feedback = (await semanticList(prepared.store, status.semantic, parsed.terms.join(' '), {}, 300, undefined, feedback, 1)).map((hit) => [id(hit.item), hit.score]);
		}
		queries.push({id: query.id, judged: Object.fromEntries(query.judged), plain_bm25: plain.rank(query.text), keyword, semantic});
	}
	plain.close();
	writeFileSync(file, JSON.stringify({collection: prepared.name, documents: prepared.collection.documents.length, floor: evaluateBaseline(prepared.collection), queries}));
}
