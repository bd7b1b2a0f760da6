import type {GroupKey} from '../core/summary-groups.js';
import {itemFrom, listColumns, type ItemListRow, type SummaryStore} from './summary-store.js';

/** One group of a namespace (a row of item_groups; see item-groups.ts). */
export interface GroupRow {
	value: string;
	parent: string;
	item_count: number;
	newest: string;
}

// Newest activity first for projects and agents, newest day first, folders by name.
const orderOf: Record<GroupKey, string> = {project: 'newest DESC, value', agent: 'newest DESC, value', day: 'value DESC', folder: 'value', machine: 'newest DESC, value', user: 'newest DESC, value'};

// Each as "{column} IS ? AND namespace = ?", so the items_by_{key} index serves it (IS also matches NULL: the items without one).
const columnOf = {project: 'project', agent: 'agent', folder: 'source_folder', machine: 'origin_machine', user: 'origin_user'} as const;

/** Upper bound of the strings that start with `prefix` (a folder, ending in "/"); "" starts every one. */
const prefixEnd = (prefix: string) => (prefix === '' ? '\u{10FFFF}' : `${prefix.slice(0, -1)}0`);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The reads behind the grouped views: group rows, and a group's items newest first. */
export class GroupReads {
	constructor(private readonly store: SummaryStore) {}

	group(namespace: string, key: GroupKey, value: string): GroupRow | undefined {
		return this.store.one('SELECT value, parent, item_count, newest FROM item_groups WHERE namespace = ? AND key = ? AND value = ?', namespace, key, value);
	}

	/** The groups under `parent` ('' for all but folders, whose top folders have parent ''). */
	groups(namespace: string, key: GroupKey, parent = '', offset = 0, limit = -1): GroupRow[] {
		return this.store.all(
			`SELECT value, parent, item_count, newest FROM item_groups WHERE namespace = ? AND key = ? AND parent = ? ORDER BY ${orderOf[key]} LIMIT ? OFFSET ?`,
			namespace,
			key,
			parent,
			limit,
			offset,
		);
	}

	/** How many groups are under `parent`, and how many items they hold together. */
	groupTotals(namespace: string, key: GroupKey, parent = ''): {groups: number; items: number} {
		return this.store.one('SELECT count(*) AS groups, coalesce(sum(item_count), 0) AS items FROM item_groups WHERE namespace = ? AND key = ? AND parent = ?', namespace, key, parent)!;
	}

	/**
	 * A group's own items, newest first: for a folder, the items directly in it; the value ''
	 * stands for the items without a project, an agent or a folder.
	 */
	items(namespace: string, key: GroupKey, value: string, offset = 0, limit = -1): ItemListRow[] {
		const [where, params] = this.where(namespace, key, value);
		// Ids first from the covering index, then the page's rows, as SummaryStore.items does.
		return this.store.all(
			`SELECT ${listColumns} FROM ${itemFrom} WHERE i.id IN (SELECT id FROM items WHERE ${where} ORDER BY generated_at DESC, item_id LIMIT ? OFFSET ?)
			 ORDER BY i.generated_at DESC, i.item_id`,
			...params,
			limit,
			offset,
		);
	}

	/** Every item in a folder and below it, folder by folder, newest first within each. */
	folderSubtree(namespace: string, folder: string): Generator<ItemListRow> {
		return this.store.iterate(
			`SELECT ${listColumns} FROM ${itemFrom} WHERE i.namespace = ? AND i.source_folder >= ? AND i.source_folder < ? ORDER BY i.source_folder, i.generated_at DESC, i.item_id`,
			namespace,
			folder,
			prefixEnd(folder),
		);
	}

	/** A group's items one at a time (full-depth content), newest first, straight from the index. */
	eachItem(namespace: string, key: GroupKey, value: string): Generator<ItemListRow> {
		const [where, params] = this.where(namespace, key, value, 'i.');
		return this.store.iterate(`SELECT ${listColumns} FROM ${itemFrom} WHERE ${where} ORDER BY i.generated_at DESC, i.item_id`, ...params);
	}

	/** Every group of a key (not folders) one at a time, in listing order. */
	eachGroup(namespace: string, key: Exclude<GroupKey, 'folder'>): Generator<GroupRow> {
		return this.store.iterate(`SELECT value, parent, item_count, newest FROM item_groups WHERE namespace = ? AND key = ? AND parent = '' ORDER BY ${orderOf[key]}`, namespace, key);
	}

	/**
	 * The folder every item with a folder lies in: from the top, go down while there is one
	 * folder and nothing beside it. "" when the items have no folder in common (or none at all).
	 */
	commonFolder(namespace: string): string {
		let at = '';
		for (let steps = 0; steps < 4096; steps++) {
			const below = this.groups(namespace, 'folder', at, 0, 2);
			if (below.length !== 1) break;
			if (at !== '' && this.group(namespace, 'folder', at)!.item_count !== below[0]!.item_count) break;
			at = below[0]!.value;
		}
		return at;
	}

	private where(namespace: string, key: GroupKey, value: string, table = ''): [string, unknown[]] {
		if (key === 'day') return [`${table}namespace = ? AND ${table}generated_at >= ? AND ${table}generated_at < ?`, [namespace, value, nextDay(value)]];
		return [`${table}${columnOf[key]} IS ? AND ${table}namespace = ?`, [value === '' ? null : value, namespace]];
	}
}
