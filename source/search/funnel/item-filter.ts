import type {SummaryStore} from '../../store/summary-store.js';

/**
 * What narrows a search to some items — a namespace (`scope`), an agent, a project, a time —
 * applied inside the ranking. An item's time runs from its start (`started_at`, else
 * `generated_at`) to its end (`ended_at`, else its start); it is let through when that overlaps
 * [since, until) (ISO 8601 instants).
 */
export interface ItemFilter {
	namespace?: string;
	/** Items of any of these agents (an empty list lets none through). */
	agents?: readonly string[];
	/** Items of any of these projects. */
	projects?: readonly string[];
	since?: string;
	until?: string;
	/** One item (its row id): a search inside it. */
	item?: number;
}

export function isFiltered(filter: ItemFilter): boolean {
	return filter.namespace !== undefined || filter.agents !== undefined || filter.projects !== undefined || filter.since !== undefined || filter.until !== undefined || filter.item !== undefined;
}

/** The filter's conditions on `items` (aliased `alias`), with their parameters. */
function conditions(filter: ItemFilter, alias: string): {where: string[]; params: unknown[]} {
	const where: string[] = [];
	const params: unknown[] = [];
	if (filter.namespace !== undefined) {
		where.push(`${alias}namespace = ?`);
		params.push(filter.namespace);
	}
	for (const [column, values] of [
		['agent', filter.agents],
		['project', filter.projects],
	] as const) {
		if (values === undefined) continue;
		where.push(`${alias}${column} IN (SELECT value FROM json_each(?))`);
		params.push(JSON.stringify(values));
	}
	if (filter.item !== undefined) {
		where.push(`${alias}id = ?`);
		params.push(filter.item);
	}
	if (filter.since !== undefined) {
		where.push(`coalesce(${alias}ended_at, ${alias}started_at, ${alias}generated_at) >= ?`);
		params.push(filter.since);
	}
	if (filter.until !== undefined) {
		where.push(`coalesce(${alias}started_at, ${alias}generated_at) < ?`);
		params.push(filter.until);
	}
	return {where, params};
}

/** SQL selecting the root node ids of the items the filter lets through, with its parameters. */
export function filteredRootsSql(filter: ItemFilter): {sql: string; params: unknown[]} {
	const {where, params} = conditions(filter, 'i.');
	return {sql: `SELECT n.id FROM items i JOIN nodes n ON n.item = i.id AND n.ordinal = 0${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`, params};
}

/** The item row ids the filter lets through, as a predicate (undefined: every item). */
export function itemPredicate(store: SummaryStore, filter: ItemFilter): ((item: number) => boolean) | undefined {
	if (!isFiltered(filter)) return undefined;
	const {where, params} = conditions(filter, '');
	const ids = new Set(store.guard(() => (store.statement(`SELECT id FROM items WHERE ${where.join(' AND ')}`).raw(true).all(...params) as Array<[number]>).map(([id]) => id)));
	return (item) => ids.has(item);
}
