import {DrillError} from '../core/errors.js';
import {summaryNodeId} from '../core/summary-node-id.js';
import {bm25Scores} from '../search/keyword/bm25.js';
import {TermMatcher} from '../search/keyword/term-matcher.js';
import {highlight} from '../search/funnel/marks.js';
import {textSnippet} from '../search/funnel/text-snippet.js';
import {findDefaults, type CandidateItem, type DrilledItem, type FindResult, type Stage1Hit} from '../search/types.js';
import {stem, words} from '../text/index-words.js';
import type {ItemRecord} from '../store/interchange.js';
import type {SummaryStore} from '../store/summary-store.js';
import type {TeamClient} from './connection.js';
import {pulledItemId} from './labels.js';
import {savePulled} from './pull.js';
import {planCandidates, queryStats, rankItems} from './ranking.js';

export interface TeamFindOptions {
	query: string;
	scope?: string;
	agent?: string;
	project?: string;
	method?: string;
	top_k?: number;
	offset?: number;
	min_score?: number;
	drill?: boolean;
	drill_top_k?: number;
	drill_per_item_top_k?: number;
	highlight?: {open: string; close: string};
}

const maxTopK = 200;

function count(name: string, value: number | undefined, fallback: number, least = 0): number {
	if (value === undefined) return fallback;
	if (!Number.isInteger(value) || value < least || value > 10_000) throw new DrillError('bad_argument', `${name} must be a whole number from ${least} to 10000, got ${value}`, `e.g. ${name} 8`);
	return value;
}

/** Stage 2 on a fetched item: its spans ranked by BM25 with the item's own IDF (as the local drill stage does), best first. */
function drillRecord(record: ItemRecord, terms: TermMatcher, stems: readonly string[], perItem: number, mark: (text: string) => string): DrilledItem {
	const counted = record.spans.map((span) => {
		const frequencies = new Map<string, number>();
		let length = 0;
		for (const word of words(span.text)) {
			length++;
			const term = terms.term(word);
			if (term !== undefined) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
		}
		return {span, frequencies, length};
	});
	const holding = (term: string) => counted.filter((entry) => entry.frequencies.has(term)).length;
	const idf = new Map(stems.map((term) => [term, Math.log(1 + (counted.length - holding(term) + 0.5) / (holding(term) + 0.5))]));
	const scores = bm25Scores(counted, idf);
	const owner = new Map<number, number>();
	for (const node of record.nodes) for (const seq of node.spans) owner.set(seq, node.ordinal);
	return {
		drill_node_id: summaryNodeId(record.namespace, record.item_id),
		spans: counted
			.map((entry, index) => ({entry, score: scores[index]!}))
			.filter(({score}) => score > 0)
			.sort((a, b) => b.score - a.score || a.entry.span.seq - b.entry.span.seq)
			.slice(0, perItem)
			.map(({entry, score}) => ({drill_node_id: summaryNodeId(record.namespace, record.item_id, owner.get(entry.span.seq) ?? 0), seq: entry.span.seq, snippet: mark(textSnippet(entry.span.text, terms, 24)), score: Number(score.toFixed(4))})),
	};
}

/**
 * `drill find --team`: stage 1 in the team database (ranking.ts), for archives too big to pull;
 * then the hits' items are fetched into this store as a pull writes them (`{user}@{machine}/…`,
 * labelled), so that every id in the answer walks, exports and opens like a local one; stage 2
 * drills the fetched items' spans. The answer has the local funnel's shape.
 */
export async function teamFind(client: TeamClient, store: SummaryStore, options: TeamFindOptions): Promise<FindResult> {
	const started = performance.now();
	const query = options.query.trim();
	if (query === '') throw new DrillError('bad_argument', 'find needs a QUERY', 'e.g. drill find --team "retry storm"');
	const topK = Math.min(maxTopK, count('--top-k', options.top_k, findDefaults.top_k, 1));
	const offset = count('--offset', options.offset, 0);
	const drillTopK = count('--drill-top-k', options.drill_top_k, findDefaults.drill_top_k);
	const perItem = count('--drill-per-item-top-k', options.drill_per_item_top_k, findDefaults.drill_per_item_top_k);
	const notices: string[] = [];
	if (options.method && options.method !== 'keyword') notices.push('the team archive ranks by keyword only (PostgreSQL full-text search): the semantic list is local (drill find without --team)');
	const stats = await queryStats(client, query);
	const plan = planCandidates(stats.items, stats.terms);
	if (plan?.narrowed) notices.push(plan.narrowed);
	const ranked = plan ? await rankItems(client, plan, options, topK, offset) : [];
	const stage1Ms = performance.now() - started;

	const open = options.highlight?.open ?? '**';
	const close = options.highlight?.close ?? '**';
	const mark = (text: string) => highlight(text, open, close);
	const stems = [...new Set(words(query).map(stem))];
	const matcher = new TermMatcher(new Set(stems));
	const best = ranked[0]?.score ?? 0;
	const localIdOf = (row: {machine: string; user_name: string; item_id: string}) => pulledItemId({machine: row.machine, user: row.user_name}, row.item_id);
	const hits: Stage1Hit[] = ranked
		.map((row, index) => {
			const source = row.source ? (JSON.parse(row.source) as Stage1Hit['source']) : {};
			const itemId = localIdOf(row);
			return {
				rank: offset + index + 1,
				score: Number((best > 0 ? row.score / best : 0).toFixed(4)),
				drill_node_id: summaryNodeId(row.namespace, itemId),
				namespace: row.namespace,
				item_id: itemId,
				title: row.title,
				snippet: mark(textSnippet(row.tldr || row.title, matcher, 24)),
				level: 0,
				matched_by: ['keyword' as const],
				source: {...source, machine: row.machine, user: row.user_name},
			};
		})
		.filter((hit) => options.min_score === undefined || hit.score >= options.min_score);

	// Fetched on demand: the hits' items come into this store, so their ids walk and open here.
	const fetchStarted = performance.now();
	const kept = new Set(hits.map((hit) => hit.drill_node_id));
	const wanted = ranked.filter((row) => kept.has(summaryNodeId(row.namespace, localIdOf(row))));
	const records = new Map<string, ItemRecord>();
	if (wanted.length > 0) {
		const fetched = await client.query<{id: string; record: string | null}>('SELECT id::text, record FROM drill_items WHERE id = ANY($1::bigint[]) AND NOT deleted', [wanted.map((row) => row.id)]);
		const byId = new Map(fetched.map((row) => [row.id, row.record]));
		for (const row of wanted) {
			const record = byId.get(row.id);
			if (!record) continue;
			const saved = savePulled(store, row, record, row.hash);
			if (saved.skipped) notices.push(`${saved.id} was not fetched: ${saved.skipped}`);
			else {
				const local = store.item(row.namespace, localIdOf(row));
				if (local) records.set(saved.id, store.record(local));
			}
		}
	}
	const fetchMs = performance.now() - fetchStarted;

	const candidates: CandidateItem[] = hits.map((hit) => ({drill_node_id: hit.drill_node_id, namespace: hit.namespace, item_id: hit.item_id, title: hit.title, tldr: ranked.find((row) => summaryNodeId(row.namespace, localIdOf(row)) === hit.drill_node_id)?.tldr ?? '', best_rank: hit.rank, ...(hit.source ? {source: hit.source} : {})}));
	const drillStarted = performance.now();
	const drilled: DrilledItem[] = options.drill === false ? [] : candidates.slice(0, drillTopK).flatMap((candidate) => {
		const record = records.get(candidate.drill_node_id);
		return record ? [drillRecord(record, matcher, stems, perItem, mark)] : [];
	});
	return {
		query,
		method: 'keyword',
		scope: options.scope ?? null,
		stage1_hits: hits,
		candidate_items: candidates,
		drilled,
		timings_ms: {stage1: Math.round(stage1Ms), fetch: Math.round(fetchMs), drill: Math.round(performance.now() - drillStarted), total: Math.round(performance.now() - started)},
		...(notices.length > 0 ? {notices} : {}),
	};
}
