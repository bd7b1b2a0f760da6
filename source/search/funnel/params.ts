import {DrillError} from '../../core/errors.js';
import {give, hint} from '../../core/hint.js';
import {isValidNamespace, parseSummaryNodeId} from '../../core/summary-node-id.js';
import {findDefaults, type FindOptions, type FindSource, type Method} from '../types.js';
import {queryTime, type DateMention} from './query-time.js';
import {intersectBounds, timeBound} from './time-range.js';

export interface FindParams {
	/** The query as given. */
	query: string;
	/** What is searched: the query less its `after:`/`before:` words. */
	text: string;
	/** Only items overlapping [since, until) (ISO 8601): `--since`/`--until` and the query's `after:`/`before:`. */
	since: string | undefined;
	until: string | undefined;
	/** A date the query's words say: items of that time rank first. */
	mention: DateMention | undefined;
	/** Search inside this item (or node of it) only. */
	within: {namespace: string; itemId: string; ordinal: number} | undefined;
	source: FindSource;
	scope: string | undefined;
	/** The agent and project as given (`claude`, `ai test web site`)… */
	agent: string | undefined;
	project: string | undefined;
	/** …and the stored values they stand for, once matched against the store (provenance-names.ts). */
	agents?: readonly string[];
	projects?: readonly string[];
	method: Method;
	lists: {keyword: boolean; semantic: boolean};
	topK: number;
	/** Stage-1 hits skipped before the first one returned. */
	offset: number;
	minScore: number | undefined;
	drill: boolean;
	drillTopK: number;
	drillPerItemTopK: number;
	highlight: {open: string; close: string};
}

const sources: readonly FindSource[] = ['summary', 'knowledge', 'drill'];

function count(name: string, value: unknown, fallback: number, min: number, max: number): number {
	if (value === undefined || value === null) return fallback;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		throw new DrillError('bad_argument', `${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`, `leave it out for the default (${fallback})`);
	}
	return value;
}

/** 'keyword', 'semantic' or both, in either order, with spaces or '+' allowed ('hybrid' means both). */
export function parseMethod(value: unknown): Method {
	if (value === undefined || value === null || value === '') return findDefaults.method;
	if (typeof value !== 'string') throw new DrillError('bad_argument', 'method must be a string', "use 'keyword', 'semantic' or 'keyword,semantic'");
	const parts = new Set(value.toLowerCase().split(/[\s,+]+/u).filter(Boolean).flatMap((part) => (part === 'hybrid' ? ['keyword', 'semantic'] : [part])));
	const unknown = [...parts].filter((part) => part !== 'keyword' && part !== 'semantic');
	if (unknown.length > 0 || parts.size === 0) {
		throw new DrillError('bad_argument', `unknown search method ${JSON.stringify(value)}`, "use 'keyword', 'semantic' or 'keyword,semantic' (the default)");
	}
	return parts.size === 2 ? 'keyword,semantic' : parts.has('keyword') ? 'keyword' : 'semantic';
}

/** An agent or project to narrow to: a non-empty string, summary store only. */
function provenanceFilter(name: 'agent' | 'project', value: unknown, source: FindSource): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string' || value.length > 4096 || /[\u0000-\u001f]/u.test(value)) {
		throw new DrillError('bad_argument', `${name} must be one line of text, got ${JSON.stringify(value).slice(0, 80)}`, name === 'agent' ? 'e.g. --agent claude-code (drill walk summary shows each item\'s agent)' : 'e.g. --project /home/me/repo (the session\'s working directory)');
	}
	if (source !== 'summary') throw new DrillError('bad_argument', `--${name} narrows the summary store, not --source ${source}`, `leave out --${name} with --source ${source}`);
	return value;
}

/** Spans a search inside one item returns by default. */
export const withinSpans = 20;

/** `in`: an item id (`ns:item`) or a node of one (`ns:item#n4`), summary store only. */
function withinItem(value: unknown, source: FindSource): FindParams['within'] {
	if (value === undefined || value === null || value === '') return undefined;
	const example = 'e.g. --in conversation_session:abc123 (an item id, as find and walk show it)';
	if (typeof value !== 'string') throw new DrillError('bad_argument', 'in must be an item id (a string)', example);
	if (source !== 'summary') throw new DrillError('bad_argument', `--in searches one item of the summary store, not --source ${source}`, `leave out --in with --source ${source}`);
	let id;
	try {
		id = parseSummaryNodeId(value);
	} catch (error) {
		throw new DrillError('bad_argument', `--in ${JSON.stringify(value.slice(0, 120))} is not an item id: ${error instanceof DrillError ? error.message : String(error)}`, example);
	}
	if (id.kind !== 'item' && id.kind !== 'node') throw new DrillError('bad_argument', `--in ${JSON.stringify(value.slice(0, 120))} names a ${id.kind === 'namespace' ? 'namespace' : 'group'}, not an item`, `${example}; --scope narrows to a namespace`);
	return {namespace: id.namespace, itemId: id.itemId, ordinal: id.kind === 'node' ? id.ordinal : 0};
}

/** Paging goes this deep into stage 1; past it, a narrower query serves better than a deeper page. */
export const maxFindOffset = 10_000;

function minScore(value: unknown): number | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isFinite(value)) throw new DrillError('bad_argument', `min_score must be a number, got ${JSON.stringify(value)}`, 'leave it out to keep every hit');
	return value;
}

export function resolveFindParams(options: FindOptions): FindParams {
	if (typeof options !== 'object' || options === null) throw new DrillError('bad_argument', 'find needs an options object with a query', 'e.g. find({query: "retry storm"})');
	const source = options.source ?? findDefaults.source;
	if (!sources.includes(source)) throw new DrillError('bad_argument', `unknown source ${JSON.stringify(source)}`, `use one of: ${sources.join(', ')}`);
	let scope = options.scope === null || options.scope === '' ? undefined : options.scope;
	if (scope !== undefined) {
		if (typeof scope !== 'string' || !isValidNamespace(scope)) throw new DrillError('bad_argument', `scope ${JSON.stringify(scope)} is not a namespace name`, 'give one summary namespace, e.g. conversation_session, or leave it out');
		if (source === 'knowledge') throw new DrillError('bad_argument', 'scope applies to summary namespaces, not to the knowledge folder', hint`leave out ${give('find', 'scope')} with ${give('find', 'source', 'knowledge')}`);
	}
	if (source === 'drill') {
		if (scope !== undefined && scope !== 'drill') throw new DrillError('bad_argument', `source drill searches the namespace "drill", not ${JSON.stringify(scope)}`, hint`leave out ${give('find', 'scope')} with ${give('find', 'source', 'drill')}`);
		scope = 'drill';
	}
	const agent = provenanceFilter('agent', options.agent, source);
	const project = provenanceFilter('project', options.project, source);
	const method = parseMethod(options.method);
	const now = Date.now();
	const time = typeof options.query === 'string' ? queryTime(options.query, now) : undefined;
	const given = {
		...(options.since ? {since: timeBound('since', options.since, now)} : {}),
		...(options.until ? {until: timeBound('until', options.until, now)} : {}),
	};
	const bounds = intersectBounds(given, time?.bounds ?? {});
	if (bounds.since && bounds.until && bounds.since >= bounds.until) {
		throw new DrillError('bad_argument', `nothing is both from ${bounds.since} on and before ${bounds.until}`, 'give a since (or after:) earlier than the until (or before:)');
	}
	if ((bounds.since || bounds.until) && source === 'knowledge') throw new DrillError('bad_argument', 'a time (--since, --until, after:, before:) narrows sessions and documents of the summary store, not the knowledge folder', 'leave out the time with --source knowledge');
	if (options.drill !== undefined && typeof options.drill !== 'boolean') throw new DrillError('bad_argument', 'drill must be true or false');
	const highlight = options.highlight ?? {open: '**', close: '**'};
	if (typeof highlight.open !== 'string' || typeof highlight.close !== 'string') throw new DrillError('bad_argument', 'highlight must be {open, close} strings');
	const within = withinItem(options.in, source);
	return {
		query: options.query,
		within,
		text: time?.text ?? options.query,
		since: bounds.since,
		until: bounds.until,
		mention: time?.mention,
		source,
		scope,
		agent,
		project,
		method,
		lists: {keyword: method !== 'semantic', semantic: method !== 'keyword'},
		topK: count('top_k', options.top_k, findDefaults.top_k, 1, 1000),
		offset: count('offset', options.offset, 0, 0, maxFindOffset),
		minScore: minScore(options.min_score),
		drill: options.drill ?? findDefaults.drill,
		drillTopK: count('drill_top_k', options.drill_top_k, findDefaults.drill_top_k, 0, 100),
		drillPerItemTopK: count('drill_per_item_top_k', options.drill_per_item_top_k, within ? withinSpans : findDefaults.drill_per_item_top_k, 1, 100),
		highlight,
	};
}
