/**
 * The one object the app talks to. Nothing else in `source/ui/` reaches SQLite or the
 * filesystem: tests hand the app a fake, `createServices` wires the real modules.
 *
 * Wiring the real funnel and frames is a change to this file only, in `createServices`:
 *   find:   (query, {method, scope}) => find({query, method, scope, highlight: {open: '', close: ''}},
 *               {storePath: config.storePath, knowledgeDir: config.knowledgeDir})   (source/search/)
 *   frames: framesOver(framesModule, config)   with `import * as framesModule from '../frames/index.js'`
 */
import {readFileSync} from 'node:fs';
import '../domains/index.js';
import type {Depth} from '../core/depth.js';
import {DrillError} from '../core/errors.js';
import {availableDomains, Drillables, type DrillConfig} from '../core/registry.js';
import {summaryNodeId} from '../core/summary-node-id.js';
import type {TreeView, ViewOptions} from '../core/tree-view.js';
import {SummaryStore} from '../store/summary-store.js';

export const findMethods = ['keyword,semantic', 'keyword', 'semantic'] as const;
export type FindMethod = (typeof findMethods)[number];

/** The funnel's answer, in the shape DESIGN.md gives (summary_search). */
export interface FindResult {
	query: string;
	method: FindMethod;
	scope: string | null;
	stage1_hits: Array<{
		rank: number;
		score: number;
		drill_node_id: string;
		namespace: string;
		item_id: string;
		title: string;
		snippet: string;
		level: number;
		/** Which ranked lists found the hit: "keyword", "semantic". */
		matched_by: string[];
		/** With source "drill": the drill's short sha, the node id in the drills domain. */
		drill_id?: string;
	}>;
	candidate_items: Array<{drill_node_id: string; namespace: string; item_id: string; title: string; tldr: string; best_rank: number}>;
	drilled: Array<{drill_node_id: string; spans: Array<{drill_node_id: string; seq: number; snippet: string; score: number}>}>;
	timings_ms: Record<string, number>;
	/** What limits the answer and how to fix it (e.g. no semantic index yet). */
	notices?: string[];
	/** Where the ids lead: the summary domain (default), the knowledge folder, or closed drills. */
	source?: 'summary' | 'knowledge' | 'drill';
}

export interface FindOptions {
	method: FindMethod;
	/** One summary namespace, or undefined for all. */
	scope?: string;
	/** Aborted when a newer query replaces this one. */
	signal?: AbortSignal;
}

export const planScopes = ['universal', 'project', 'user', 'agent', 'session'] as const;
export const planSinks = ['backlog', 'memory', 'knowledgebase', 'agentic-documents', 'upstream-issue', 'code', 'workaround'] as const;

/** One prevention-plan action, with the seed's fields and vocabularies. */
export interface PlanAction {
	action: string;
	scope: string;
	sink: string;
	owner: string;
	evidence: string;
}

export interface FrameStatus {
	/** The current drill's short sha, or null at no frame. */
	cursor: string | null;
	/** The frames from the root to the current one. */
	path: Array<{id: string; slug: string; objective: string; status: string}>;
	objective: string | null;
	/** The pending prevention plan of the open frames. */
	plan: PlanAction[];
}

export interface DownRequest {
	slug: string;
	objective: string;
	/** What the new frame is given: here, the node it was drilled from (domain, node id, title). */
	context: string;
}

export interface UpRequest {
	findings: string;
	/** Actions entered in the app; ignored when `planFile` is given. */
	plan: PlanAction[];
	/** A JSON or YAML plan file, read by the frames module. */
	planFile?: string;
}

export interface FramesService {
	/** False when this build has no frames module; the panel says so and d/u explain why. */
	readonly available: boolean;
	status(): Promise<FrameStatus>;
	/** Returns a one-line description of what happened (for the status line). */
	down(request: DownRequest): Promise<string>;
	up(request: UpRequest): Promise<string>;
}

export interface Services {
	availableDomains(): string[];
	walk(domain: string, nodeId: string, depth: Depth, page?: ViewOptions): TreeView;
	find(query: string, options: FindOptions): Promise<FindResult>;
	frames: FramesService;
	close(): void;
}

/** The real services over one configuration: the registered domains, the funnel, the frames. */
export function createServices(config: DrillConfig): Services {
	const drillables = new Drillables(config);
	let store: SummaryStore | undefined;
	const openStore = () => (store ??= SummaryStore.open(config.storePath));
	return {
		availableDomains,
		walk: (domain, nodeId, depth, page) => drillables.walk(domain, nodeId, depth, page),
		find: (query, options) => interimFind(openStore, query, options),
		frames: framesNotAvailable,
		close() {
			drillables.close();
			store?.close();
		},
	};
}

/**
 * The part of `source/frames/` the app uses, typed by shape so that this file compiles before the
 * module is merged: status, down (the node goes in as a reference) and up (a plan entered in the
 * app, or a plan file parsed by the module's own reader).
 */
export interface FramesModule {
	frameStatus(target: DrillConfig): {
		cursor: string | null;
		objective: string | null;
		path: Array<{id: string; slug: string; objective: string; status: string}>;
		pending_plan: {actions: PlanAction[]};
	};
	drillDown(target: DrillConfig, options: {slug: string; objective: string; refs: string[]}): Promise<{drill: {id: string; slug: string}}>;
	drillUp(target: DrillConfig, options: {findings: string; plan: unknown}): Promise<{closed: {id: string; slug: string}; prevention_plan: unknown[]}>;
	parsePlanText(text: string, name: string): unknown;
}

export function framesOver(module: FramesModule, config: DrillConfig): FramesService {
	return {
		available: true,
		async status() {
			const status = module.frameStatus(config);
			return {cursor: status.cursor, objective: status.objective, path: status.path.map(({id, slug, objective, status: state}) => ({id, slug, objective, status: state})), plan: status.pending_plan.actions};
		},
		async down({slug, objective, context}) {
			const result = await module.drillDown(config, {slug, objective, refs: [context]});
			return `drilled down into ${result.drill.id} ${result.drill.slug}`;
		},
		async up({findings, plan, planFile}) {
			let chosen: unknown = plan;
			if (planFile) {
				let text: string;
				try {
					text = readFileSync(planFile, 'utf8');
				} catch (error) {
					throw new DrillError('not_found', `cannot read the plan file ${planFile} (${(error as Error).message})`, 'give a .json or .yaml file of prevention actions');
				}
				chosen = module.parsePlanText(text, planFile);
			}
			const result = await module.drillUp(config, {findings, plan: chosen});
			const count = result.prevention_plan.length;
			return `closed ${result.closed.id} ${result.closed.slug} with ${count} prevention action${count === 1 ? '' : 's'}`;
		},
	};
}

const framesMissing = () => new DrillError('frame_error', 'frames are not available in this build', 'the frames module (source/frames/) is not wired into the app yet');

/** INTERIM, until `source/frames/` is wired in: every frame operation explains its absence. */
export const framesNotAvailable: FramesService = {
	available: false,
	status: () => Promise.reject(framesMissing()),
	down: () => Promise.reject(framesMissing()),
	up: () => Promise.reject(framesMissing()),
};

const topK = 8;
const drillTopK = 5;
const drillPerItemTopK = 5;

/** Each word of a person's query, quoted for FTS5 and OR-ed, so no query is a syntax error. */
function ftsQuery(query: string): string {
	const terms = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
	return terms.map((term) => `"${term}"`).join(' OR ');
}

/**
 * INTERIM, until `source/search/` is wired in: a keyword-only funnel over the store's FTS5
 * tables (bm25 over node text, then the top items' spans). Semantic ranking is not attempted;
 * every hit says `matched_by: ["keyword"]`.
 */
export async function interimFind(openStore: () => SummaryStore, query: string, options: FindOptions): Promise<FindResult> {
	const started = performance.now();
	const result: FindResult = {query, method: options.method, scope: options.scope ?? null, stage1_hits: [], candidate_items: [], drilled: [], timings_ms: {}};
	const match = ftsQuery(query);
	if (!match) return result;
	await new Promise((resolve) => setImmediate(resolve));
	if (options.signal?.aborted) throw new DrillError('bad_argument', 'the search was replaced by a newer one');
	const store = openStore();
	type HitRow = {item: number; ordinal: number; level: number; title: string; namespace: string; item_id: string; item_title: string; tldr: string; score: number; snippet: string};
	const hits = store.guard(() =>
		store
			.statement(
				`SELECT n.item, n.ordinal, n.level, n.title, i.namespace, i.item_id, i.title AS item_title, i.tldr,
					bm25(nodes_fts) AS score, snippet(nodes_fts, -1, '', '', '…', 14) AS snippet
				FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid JOIN items i ON i.id = n.item
				WHERE nodes_fts MATCH ? AND (? IS NULL OR i.namespace = ?)
				ORDER BY score LIMIT ?`,
			)
			.all(match, options.scope ?? null, options.scope ?? null, topK),
	) as HitRow[];
	const stage1 = performance.now();
	const items = new Map<number, HitRow & {rank: number}>();
	hits.forEach((hit, index) => {
		result.stage1_hits.push({
			rank: index + 1,
			score: -hit.score,
			drill_node_id: summaryNodeId(hit.namespace, hit.item_id, hit.ordinal),
			namespace: hit.namespace,
			item_id: hit.item_id,
			title: hit.ordinal === 0 ? hit.item_title : hit.title,
			snippet: hit.snippet,
			level: hit.level,
			matched_by: ['keyword'],
		});
		if (!items.has(hit.item)) items.set(hit.item, {...hit, rank: index + 1});
	});
	for (const hit of items.values()) {
		result.candidate_items.push({drill_node_id: summaryNodeId(hit.namespace, hit.item_id), namespace: hit.namespace, item_id: hit.item_id, title: hit.item_title, tldr: hit.tldr, best_rank: hit.rank});
	}
	for (const [itemRowId, hit] of [...items].slice(0, drillTopK)) {
		const spans = store.guard(() =>
			store
				.statement(
					`SELECT s.seq, s.node, bm25(spans_fts) AS score, snippet(spans_fts, 0, '', '', '…', 16) AS snippet
					FROM spans_fts JOIN spans s ON s.id = spans_fts.rowid
					WHERE spans_fts MATCH ? AND s.item = ? ORDER BY score LIMIT ?`,
				)
				.all(match, itemRowId, drillPerItemTopK),
		) as Array<{seq: number; node: number; score: number; snippet: string}>;
		result.drilled.push({
			drill_node_id: summaryNodeId(hit.namespace, hit.item_id),
			spans: spans.map((span) => ({drill_node_id: summaryNodeId(hit.namespace, hit.item_id, span.node), seq: span.seq, snippet: span.snippet, score: -span.score})),
		});
	}
	const done = performance.now();
	result.timings_ms = {stage1: round(stage1 - started), stage2: round(done - stage1), total: round(done - started)};
	return result;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
