import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {chatToItem} from '../../source/ingest/index.js';
import {reindex} from '../../source/search/indexing/reindex.js';
import type {Method} from '../../source/search/types.js';
import {benchRuntime} from '../stats.js';
import {fittedMix, hybridVersusMax, type CollectionReport, type FittedMix} from './guard.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {conversationCollection, loadLocomo, locomoCategories, type LocomoCategory, type LocomoConversation} from './locomo.js';
import {evaluateBaseline, methodScores, rankQueries, scoreRankings, versus, type Rankings} from './run.js';

/** Session retrieval as its peers report it: hit@k counts a question when any evidence session is in the first k. */
export interface HitScores {
	hit1: number;
	hit5: number;
	hit10: number;
	/** Reciprocal rank of the first evidence session, over the whole ranking. */
	mrr: number;
	/** Share of questions with every evidence session in the first 5. */
	recall_all5: number;
}

export interface RankerHits extends HitScores {
	categories: Partial<Record<LocomoCategory, HitScores & {questions: number}>>;
}

export interface ConversationReport extends CollectionReport {
	conversation: {
		conversations: number;
		sessions: number;
		/** plain bm25 and each method run: overall and per category. */
		rankers: Record<string, RankerHits>;
	};
}

const round = (value: number) => Number(value.toFixed(4));

export function hitScores(rankings: ReadonlyArray<{ranked: readonly string[]; judged: ReadonlyMap<string, number>}>): HitScores {
	const n = rankings.length || 1;
	const sum = (score: (ranked: readonly string[], judged: ReadonlyMap<string, number>) => number) => round(rankings.reduce((total, {ranked, judged}) => total + score(ranked, judged), 0) / n);
	const first = (ranked: readonly string[], judged: ReadonlyMap<string, number>) => ranked.findIndex((id) => (judged.get(id) ?? 0) > 0);
	const hit = (k: number) => (ranked: readonly string[], judged: ReadonlyMap<string, number>) => {
		const at = first(ranked, judged);
		return at >= 0 && at < k ? 1 : 0;
	};
	return {
		hit1: sum(hit(1)),
		hit5: sum(hit(5)),
		hit10: sum(hit(10)),
		mrr: sum((ranked, judged) => {
			const at = first(ranked, judged);
			return at >= 0 ? 1 / (at + 1) : 0;
		}),
		recall_all5: sum((ranked, judged) => ([...judged.keys()].every((id) => ranked.slice(0, 5).includes(id)) ? 1 : 0)),
	};
}

function rankerHits(conversations: readonly LocomoConversation[], rankings: Rankings): RankerHits {
	const rows = conversations.flatMap((conversation) => conversation.questions.map((question) => ({category: question.category, ranked: rankings.get(question.id) ?? [], judged: new Map(question.sessions.map((session) => [session, 1]))})));
	const categories: RankerHits['categories'] = {};
	for (const category of Object.values(locomoCategories)) {
		const own = rows.filter((row) => row.category === category);
		if (own.length > 0) categories[category] = {...hitScores(own), questions: own.length};
	}
	return {...hitScores(rows), categories};
}

/**
 * LoCoMo as the eval reads a collection: one store per conversation (its sessions ingested as drill
 * ingests a chat, the semantic model trained on them), every question ranked by each method and by
 * plain bm25 over the same session text; the figures pooled over all questions — nDCG@10, R@100
 * and MRR@10 as for any collection (so the guard reads them), and hit@1/5/10, MRR and
 * recall_all@5, overall and per category.
 */
export async function evaluateLocomo(fileOrFolder: string, methods: readonly Method[], log: (line: string) => void): Promise<ConversationReport> {
	const conversations = loadLocomo(fileOrFolder);
	const floorRankings: Rankings = new Map();
	const methodRankings = new Map<Method, Rankings>(methods.map((method) => [method, new Map()]));
	const latency = new Map<Method, number[]>(methods.map((method) => [method, []]));
	const pooled = new Map<Method, Array<{ranked: string[]; judged: ReadonlyMap<string, number>}>>(methods.map((method) => [method, []]));
	const floorPooled: Array<{ranked: string[]; judged: ReadonlyMap<string, number>}> = [];
	const started = performance.now();
	const fits: FittedMix[] = [];
	for (const conversation of conversations) {
		const collection = conversationCollection(conversation);
		evaluateBaseline(collection, floorRankings);
		for (const query of collection.queries) floorPooled.push({ranked: floorRankings.get(query.id) ?? [], judged: collection.qrels.get(query.id)!});
		const dir = mkdtempSync(path.join(tmpdir(), 'drill-locomo-'));
		try {
			const store = benchRuntime(path.join(dir, 'store.db')).openWritableStore();
			for (const session of conversation.sessions) store.writeItem(chatToItem({namespace: 'locomo', itemId: session.id, messages: session.messages}));
			await reindex(store);
			const fit = fittedMix(searchStatus(store).fusion);
			if (fit) fits.push(fit);
			for (const method of methods) {
				const ranked = await rankQueries(store, collection, method, methodRankings.get(method));
				pooled.get(method)!.push(...ranked.rankings);
				latency.get(method)!.push(...ranked.latency);
			}
			store.close();
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	}
	const questions = conversations.reduce((sum, conversation) => sum + conversation.questions.length, 0);
	const sessions = conversations.reduce((sum, conversation) => sum + conversation.sessions.length, 0);
	log(`locomo: ${conversations.length} conversations, ${sessions} sessions, ${questions} questions with evidence, in ${((performance.now() - started) / 1000).toFixed(1)} s; hybrid mix fitted per conversation: ${fits.map((fit) => fit.share).join(', ')}`);
	const floor = scoreRankings(floorPooled);
	const reportMethods: CollectionReport['methods'] = {};
	const rankers: Record<string, RankerHits> = {plain_bm25: rankerHits(conversations, floorRankings)};
	for (const method of methods) {
		const scores = methodScores(pooled.get(method)!, latency.get(method)!);
		reportMethods[method] = {...scores, vs_plain_bm25: versus(scores, floor)};
		rankers[method] = rankerHits(conversations, methodRankings.get(method)!);
	}
	const againstMax = hybridVersusMax(reportMethods);
	return {
		collection: 'locomo',
		documents: sessions,
		queries: questions,
		plain_bm25: floor,
		methods: reportMethods,
		...(againstMax ? {hybrid_vs_max: againstMax} : {}),
		...(fits.length > 0 ? {fusion: fits} : {}),
		conversation: {conversations: conversations.length, sessions, rankers},
	};
}

/** The hit table: one row per ranker, then hit@1 per category. */
export function conversationTable(report: ConversationReport): string {
	const pct = (value: number) => (100 * value).toFixed(1);
	const rows = ['\n| ranker | hit@1 | hit@5 | hit@10 | MRR | recall_all@5 |', '|---|---|---|---|---|---|'];
	for (const [name, hits] of Object.entries(report.conversation.rankers)) rows.push(`| ${name.replace('_', ' ')} | ${pct(hits.hit1)} | ${pct(hits.hit5)} | ${pct(hits.hit10)} | ${hits.mrr.toFixed(3)} | ${pct(hits.recall_all5)} |`);
	const categories = Object.values(locomoCategories);
	rows.push(`\n| hit@1 · hit@5 · MRR by category | ${categories.map((category) => `${category} (${report.conversation.rankers.plain_bm25?.categories[category]?.questions ?? 0})`).join(' | ')} |`, `|---|${categories.map(() => '---').join('|')}|`);
	for (const [name, hits] of Object.entries(report.conversation.rankers)) {
		rows.push(`| ${name.replace('_', ' ')} | ${categories.map((category) => {
			const own = hits.categories[category];
			return own ? `${pct(own.hit1)} · ${pct(own.hit5)} · ${own.mrr.toFixed(3)}` : '–';
		}).join(' | ')} |`);
	}
	return `${rows.join('\n')}\n`;
}
