import type {Depth} from '../core/depth.js';
import {DrillError, quotedShort} from '../core/errors.js';
import {blank, hint, run} from '../core/hint.js';
import {shortTime} from '../core/item-source.js';
import {BoundedText, type Paging} from '../core/paging.js';
import {encodeGroupValue, formatGroupId, groupKeyHint, type GroupKey} from '../core/summary-groups.js';
import type {Breadcrumb, TreeChild, TreeView} from '../core/tree-view.js';
import {GroupReads, type GroupRow} from '../store/group-reads.js';
import type {ItemListRow, NamespaceRow, SummaryStore} from '../store/summary-store.js';
import {itemChild, itemEntry, rootCrumb, summaryView} from './summary-view.js';
import {append} from '../core/arrays.js';

const noneName: Record<GroupKey, string> = {project: '(no project)', agent: '(no agent)', day: '(no day)', folder: '(no folder)', machine: '(this machine)', user: '(this machine)'};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Children read part by part (groups, then items, …) and paged as one list. */
function pageAcross(parts: Array<{count: number; read(offset: number, limit: number): TreeChild[]}>, paging: Paging): TreeChild[] {
	const children: TreeChild[] = [];
	let skip = paging.offset;
	for (const part of parts) {
		if (children.length >= paging.limit) break;
		if (skip >= part.count) {
			skip -= part.count;
			continue;
		}
		append(children, part.read(skip, paging.limit - children.length));
		skip = 0;
	}
	return children;
}

/**
 * The grouped views of a namespace: `{namespace}#{key}` lists its groups, `{namespace}#{key}={value}`
 * a group's items (a folder: its subfolders, then its pages), with the same item ids as the flat list.
 */
export class GroupViews {
	private readonly reads: GroupReads;

	constructor(store: SummaryStore) {
		this.reads = new GroupReads(store);
	}

	/** `{namespace}#{key}`: the groups (for folder: the top of the folders below the common one). */
	grouping(ns: NamespaceRow, key: GroupKey, depth: Depth, paging: Paging): TreeView {
		if (key === 'folder') return this.folderGrouping(ns, depth, paging);
		const crumbs = [rootCrumb, {node_id: ns.name, title: ns.name}];
		const nodeId = formatGroupId(ns.name, key);
		const totals = this.reads.groupTotals(ns.name, key);
		const children = this.reads.groups(ns.name, key, '', paging.offset, paging.limit).map((row) => this.groupChild(ns.name, key, row, row.value, depth));
		const view = summaryView(nodeId, depth, `${ns.name} by ${key}`, 'grouping', ns.name, crumbs, children, totals.groups, paging);
		view.group = {key, item_count: ns.item_count};
		if (depth !== 'index') view.summary = `${plural(ns.item_count, 'item')} in ${plural(totals.groups, key === 'day' ? 'day' : key)}`;
		if (depth === 'full') {
			this.fill(view, paging.maxChars, (text) => {
				for (const group of this.reads.eachGroup(ns.name, key)) {
					if (!text.add(`# ${group.value || noneName[key]} — ${plural(group.item_count, 'item')}\n\n`)) return;
					for (const item of this.reads.eachItem(ns.name, key, group.value)) if (!text.add(itemEntry(item))) return;
				}
			});
		}
		return view;
	}

	private folderGrouping(ns: NamespaceRow, depth: Depth, paging: Paging): TreeView {
		const base = this.reads.commonFolder(ns.name);
		const crumbs = [rootCrumb, {node_id: ns.name, title: ns.name}];
		const view = this.folderView(ns, base, base, formatGroupId(ns.name, 'folder'), `${ns.name} by folder`, 'grouping', ns.name, crumbs, depth, paging);
		view.group = {key: 'folder', item_count: ns.item_count, ...(base ? {base} : {})};
		return view;
	}

	/** `{namespace}#{key}={value}`: one group's items, newest first (a folder: subfolders, then pages). */
	group(ns: NamespaceRow, key: GroupKey, value: string, depth: Depth, paging: Paging): TreeView {
		const groupingId = formatGroupId(ns.name, key);
		const crumbs: Breadcrumb[] = [rootCrumb, {node_id: ns.name, title: ns.name}, {node_id: groupingId, title: `${ns.name} by ${key}`}];
		if (key === 'folder') return this.folderGroup(ns, value, crumbs, depth, paging);
		const row = this.reads.group(ns.name, key, value);
		if (!row) throw this.noGroup(ns.name, key, value);
		const children = this.reads.items(ns.name, key, value, paging.offset, paging.limit).map((item) => itemChild(item, depth));
		const view = summaryView(formatGroupId(ns.name, key, value), depth, value || noneName[key], 'group', groupingId, crumbs, children, row.item_count, paging);
		view.group = {key, value, item_count: row.item_count};
		if (depth !== 'index') view.summary = this.groupSummary(key, row);
		if (depth === 'full') this.fill(view, paging.maxChars, (text) => {
			for (const item of this.reads.eachItem(ns.name, key, value)) if (!text.add(itemEntry(item))) return;
		});
		return view;
	}

	private folderGroup(ns: NamespaceRow, value: string, crumbs: Breadcrumb[], depth: Depth, paging: Paging): TreeView {
		const base = this.reads.commonFolder(ns.name);
		const folder = value === '/' ? '/' : `${base}${value}/`;
		const row = folder.startsWith(base) && folder !== base ? this.reads.group(ns.name, 'folder', folder) : undefined;
		if (!row) throw this.noGroup(ns.name, 'folder', value, base);
		// Breadcrumbs through every folder between the common one and this one.
		for (let at = row.parent; at !== base && at !== ''; ) {
			crumbs.splice(3, 0, {node_id: formatGroupId(ns.name, 'folder', this.relative(base, at)), title: this.folderName(base, at)});
			at = this.reads.group(ns.name, 'folder', at)?.parent ?? '';
		}
		const parentId = row.parent === base || row.parent === '' ? formatGroupId(ns.name, 'folder') : formatGroupId(ns.name, 'folder', this.relative(base, row.parent));
		const view = this.folderView(ns, base, folder, formatGroupId(ns.name, 'folder', value), this.folderName(base, folder), 'group', parentId, crumbs, depth, paging);
		view.group = {key: 'folder', value, item_count: row.item_count, ...(base ? {base} : {})};
		return view;
	}

	/** A folder's children: its subfolders by name, then its own pages newest first (at the top, then the items without a folder). */
	private folderView(ns: NamespaceRow, base: string, folder: string, nodeId: string, title: string, kind: string, parentId: string, crumbs: Breadcrumb[], depth: Depth, paging: Paging): TreeView {
		const top = folder === base;
		const below = this.reads.groupTotals(ns.name, 'folder', folder);
		const total = top && base === '' ? ns.item_count : this.reads.group(ns.name, 'folder', folder)!.item_count;
		const pages = base === '' && top ? 0 : total - below.items;
		const withoutFolder = top ? ns.item_count - (base === '' ? below.items : total) : 0;
		const children = pageAcross(
			[
				{count: below.groups, read: (offset, limit) => this.reads.groups(ns.name, 'folder', folder, offset, limit).map((row) => this.groupChild(ns.name, 'folder', row, this.relative(base, row.value), depth, base))},
				{count: pages, read: (offset, limit) => this.reads.items(ns.name, 'folder', folder, offset, limit).map((item) => itemChild(item, depth))},
				{count: withoutFolder, read: (offset, limit) => this.reads.items(ns.name, 'folder', '', offset, limit).map((item) => itemChild(item, depth))},
			],
			paging,
		);
		const view = summaryView(nodeId, depth, title, kind, parentId, crumbs, children, below.groups + pages + withoutFolder, paging);
		if (depth !== 'index') {
			const where = folder === '' ? 'in no common folder' : `in ${folder}`;
			view.summary = `${plural(top ? ns.item_count : total, 'item')} ${where}: ${plural(below.groups, 'folder')}, ${plural(pages, 'page')} of its own${withoutFolder ? `, ${withoutFolder} without a folder` : ''}`;
		}
		if (depth === 'full') {
			this.fill(view, paging.maxChars, (text) => {
				let heading: string | null | undefined;
				const add = (item: ItemListRow) => {
					if (item.source_folder !== heading) {
						heading = item.source_folder;
						if (!text.add(`# ${heading ?? noneName.folder}\n\n`)) return false;
					}
					return text.add(itemEntry(item));
				};
				for (const item of this.reads.folderSubtree(ns.name, folder)) if (!add(item)) return;
				if (top) for (const item of this.reads.eachItem(ns.name, 'folder', '')) if (!add(item)) return;
			});
		}
		return view;
	}

	private groupChild(namespace: string, key: GroupKey, row: GroupRow, value: string, depth: Depth, base = ''): TreeChild {
		let childCount = row.item_count;
		if (key === 'folder') {
			const below = this.reads.groupTotals(namespace, 'folder', row.value);
			childCount = below.groups + row.item_count - below.items;
		}
		return {
			node_id: formatGroupId(namespace, key, value),
			name: key === 'folder' ? this.folderName(base, row.value) : row.value || noneName[key],
			has_children: childCount > 0,
			child_count: childCount,
			item_count: row.item_count,
			...(depth === 'index' ? {} : {summary: this.groupSummary(key, row)}),
		};
	}

	private groupSummary(key: GroupKey, row: GroupRow): string {
		return `${plural(row.item_count, 'item')}${row.newest && key !== 'day' ? `, newest ${shortTime(row.newest)}` : ''}`;
	}

	/** A folder's id value: its path below the common folder ("guides/setup"); "/" for the file system's top. */
	private relative(base: string, folder: string): string {
		return folder === '/' ? '/' : folder.slice(base.length, -1);
	}

	private folderName(base: string, folder: string): string {
		if (folder === '/') return '/';
		if (folder === base) return folder.slice(0, -1) || '/';
		const relative = this.relative(base, folder);
		return relative.slice(relative.lastIndexOf('/', relative.length - 1) + 1) || relative;
	}

	private fill(view: TreeView, maxChars: number, write: (text: BoundedText) => void): void {
		const text = new BoundedText(maxChars);
		write(text);
		view.content = text.toString().trimEnd();
		view.truncated = text.truncated;
	}

	/** Not found, with a few of the values that exist (encoded as in ids) and how to list them all. */
	private noGroup(namespace: string, key: GroupKey, value: string, base = ''): DrillError {
		const shown = quotedShort(value);
		const what = key === 'folder' ? `no folder ${shown} below the common folder of ${namespace}` : `no ${key} ${shown} in namespace ${namespace}`;
		const parent = key === 'folder' ? base : '';
		const some = this.reads.groups(namespace, key, parent, 0, 5).map((row) => encodeGroupValue(key === 'folder' ? this.relative(base, row.value) : row.value) || '(none)');
		const total = this.reads.groupTotals(namespace, key, parent).groups;
		const existing = some.length === 0 ? '' : `${key === 'folder' ? 'top folders' : `${key}s`}: ${some.join(', ')}${total > some.length ? `, … (${total} in all)` : ''}; `;
		return new DrillError('not_found', what, hint`${existing}list them with: ${run('walk', {domain: 'summary', node_id: formatGroupId(namespace, key)})}`);
	}

	/** The DrillError for a `groupBy` that a node cannot take. */
	static misplaced(nodeId: string, groupBy: GroupKey): DrillError {
		return new DrillError('bad_argument', `group_by ${groupBy} applies to a namespace, not to ${JSON.stringify(nodeId.slice(0, 80))}`, hint`walk the namespace with group_by, e.g. ${run('walk', {domain: 'summary', node_id: blank('NAMESPACE'), group_by: groupBy})}; ${groupKeyHint}`);
	}
}
