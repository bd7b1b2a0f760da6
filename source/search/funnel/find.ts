import {append} from '../../core/arrays.js';
import {DrillError} from '../../core/errors.js';
import type {HintSurface} from '../../core/hint.js';
import {storeError} from '../../store/open.js';
import {SummaryStore} from '../../store/summary-store.js';
import {knowledgeFunnel} from './knowledge-search.js';
import {resolveFindParams, type FindParams} from './params.js';
import {namedValues} from './provenance-names.js';
import {scopeNotices} from './scope-check.js';
import {summaryFunnel} from './summary-funnel.js';
import type {FindOptions, FindResult} from '../types.js';

/** Where `find` reads: an open store (the app, the MCP server) or a path to open for this call. */
export interface FindContext {
	store?: SummaryStore;
	storePath?: string;
	/** The knowledge folder, for source 'knowledge'. */
	knowledgeDir?: string;
	/** Whose words notices use for commands and parameters (default: the CLI's). */
	hints?: HintSurface;
	/**
	 * For source 'drill': the drills root whose closed drills to search (their `source.project`,
	 * see frames' drillsProject), so that hits are the drills this caller can walk even when
	 * several frame folders share the store.
	 */
	drillsProject?: string;
}

/** The agent and project named as a person names them, matched to the store's values (the drills' own project is exact). */
function namedProvenance(store: SummaryStore, params: FindParams): {params: FindParams; notices: string[]} {
	if (params.source !== 'summary') return {params, notices: []};
	const notices: string[] = [];
	const named = {...params};
	if (params.agent !== undefined) {
		const agents = namedValues(store, 'agent', params.agent, params.scope);
		named.agents = agents.values;
		if (agents.notice) notices.push(agents.notice);
	}
	if (params.project !== undefined) {
		const projects = namedValues(store, 'project', params.project, params.scope);
		named.projects = projects.values;
		if (projects.notice) notices.push(projects.notice);
	}
	return {params: named, notices};
}

async function searchStore(store: SummaryStore, given: FindParams, options: FindOptions, hints: HintSurface | undefined): Promise<FindResult> {
	const notices = scopeNotices(store, given, hints);
	const {params, notices: named} = namedProvenance(store, given);
	append(notices, named);
	const result = await summaryFunnel(store, params, options.embedder);
	return notices.length > 0 ? {...result, notices: [...notices, ...(result.notices ?? [])]} : result;
}

function asDrillError(error: unknown, where: string): DrillError {
	if (error instanceof DrillError) return error;
	if (String((error as {code?: unknown}).code ?? '').startsWith('SQLITE')) return storeError(error, where);
	const message = error instanceof Error ? error.message : String(error);
	return new DrillError('io_error', `search failed: ${message}`, 'please report this with the query (DRILL_DEBUG=1 shows the stack)');
}

/**
 * The universal search verb: the coarse-to-fine funnel over the summary store (default), the
 * knowledge folder, or closed drills. Resolves to the seed's result shape; rejects only with a
 * DrillError.
 */
export async function find(options: FindOptions, context: FindContext): Promise<FindResult> {
	try {
		const resolved = resolveFindParams(options);
		const params = resolved.source === 'drill' && context.drillsProject ? {...resolved, project: context.drillsProject} : resolved;
		if (params.source === 'knowledge') {
			if (!context.knowledgeDir) throw new DrillError('bad_argument', 'source knowledge needs a knowledge folder', 'pass knowledgeDir (the CLI uses --knowledge or .agents/knowledge)');
			return knowledgeFunnel(context.knowledgeDir, params);
		}
		if (context.store) return await searchStore(context.store, params, options, context.hints);
		if (!context.storePath) throw new DrillError('bad_argument', 'find needs a store or a store path', 'pass {store} or {storePath}');
		const store = SummaryStore.open(context.storePath);
		try {
			return await searchStore(store, params, options, context.hints);
		} finally {
			store.close();
		}
	} catch (error) {
		throw asDrillError(error, context.storePath ?? context.store?.file ?? 'the store');
	}
}

/** The seed's back-compat name: `find` over the summary store with the drill stage. */
export function summarySearch(options: Omit<FindOptions, 'source'>, context: FindContext): Promise<FindResult> {
	return find({...options, source: 'summary'}, context);
}
