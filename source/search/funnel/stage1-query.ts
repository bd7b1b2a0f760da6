import type {SummaryStore} from '../../store/summary-store.js';
import {DrillError} from '../../core/errors.js';
import {summaryNodeId} from '../../core/summary-node-id.js';
import type {ItemFilter} from './item-filter.js';
import type {FindParams} from './params.js';
import {parseQuery, type ParsedQuery} from './query.js';
import {mentionPeriod} from './query-time.js';
import type {TimeBounds} from './time-range.js';

/** What stage 1 searches for a find: the query's words, the filter, and the time its words prefer. */
export interface Stage1Query {
	query: ParsedQuery;
	filter: ItemFilter;
	/** Items overlapping this time rank first (a date the query's words say). */
	prefer: TimeBounds | undefined;
}

/** The row id of the item a search stays inside; an unknown one is refused. */
function withinRow(store: SummaryStore, within: NonNullable<FindParams['within']>): number {
	const id = summaryNodeId(within.namespace, within.itemId, within.ordinal);
	const row = store.item(within.namespace, within.itemId);
	if (!row) throw new DrillError('not_found', `no item ${summaryNodeId(within.namespace, within.itemId)} in the store`, 'find without --in lists the items that match; walk shows their ids');
	if (within.ordinal > 0 && !store.node(row.id, within.ordinal)) throw new DrillError('not_found', `no node ${id}: the item has ${row.node_count} nodes`, `walk ${summaryNodeId(within.namespace, within.itemId)} shows them`);
	return row.id;
}

/** The newest item's time (ms), for a month named without a year; now when the store has none. */
function newestItemTime(store: SummaryStore): number {
	const row = store.guard(() => store.statement('SELECT max(coalesce(started_at, generated_at)) AS at FROM items').get() as {at: string | null});
	const at = row.at ? Date.parse(row.at) : Number.NaN;
	return Number.isNaN(at) ? Date.now() : at;
}

export function stage1Query(store: SummaryStore, params: Pick<FindParams, 'text' | 'scope' | 'agent' | 'project' | 'agents' | 'projects' | 'since' | 'until' | 'mention' | 'within'>): Stage1Query {
	const query = parseQuery(params.text);
	const listed = (values: readonly string[] | undefined, given: string | undefined) => values ?? (given === undefined ? undefined : [given]);
	const filter: ItemFilter = {namespace: params.scope, agents: listed(params.agents, params.agent), projects: listed(params.projects, params.project), since: params.since, until: params.until, ...(params.within ? {item: withinRow(store, params.within)} : {})};
	const period = params.mention ? mentionPeriod(params.mention, params.mention.month === undefined ? Date.now() : newestItemTime(store)) : undefined;
	return {query, filter, prefer: period ? {since: new Date(period.start).toISOString(), until: new Date(period.end).toISOString()} : undefined};
}
