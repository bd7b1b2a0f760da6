import type {Depth} from '../core/depth.js';
import {DrillError} from '../core/errors.js';
import {hint, run} from '../core/hint.js';
import {unknownNamespace} from '../store/namespace-list.js';
import {BoundedText, resolvePaging, type Paging} from '../core/paging.js';
import {groupKeys, parseGroupKey, type GroupKey} from '../core/summary-groups.js';
import {parseSummaryNodeId, summaryNodeId, type SummaryNodeId} from '../core/summary-node-id.js';
import type {Breadcrumb, SourceFile, TreeChild, TreeDrillable, TreeView, ViewOptions} from '../core/tree-view.js';
import {localSourceFile} from './source-file.js';
import {itemSource, type ItemRow, type NamespaceRow, type NodeRow, type SummaryStore} from '../store/summary-store.js';
import {sessionFacts} from '../core/item-source.js';
import {foldLines} from '../text/fold-lines.js';
import {GroupViews} from './summary-groups.js';
import {itemChild, itemEntry, rootCrumb, summaryView} from './summary-view.js';
import {addTo} from '../core/arrays.js';

/**
 * Spans shown folded at full depth when long (tool calls and their output): the store keeps them
 * whole, so search finds their middle; a person reads the head and the tail.
 */
const foldedRoles: ReadonlySet<string> = new Set(['tool', 'tool_call']);

/** The framework summaries in the SQLite store, walked by the seed's node ids. */
export class SummaryDrillable implements TreeDrillable {
	readonly domain = 'summary';
	readonly groupKeys = groupKeys;
	private groupViews: GroupViews | undefined;

	/** `store` gives the runtime's read store (opened on first use); the runtime closes it. */
	constructor(private readonly store: () => SummaryStore) {}

	private get db(): SummaryStore {
		return this.store();
	}

	private get groups(): GroupViews {
		this.groupViews ??= new GroupViews(this.db);
		return this.groupViews;
	}

	/** The newest item of all namespaces by `generated_at` (one indexed read per namespace). */
	newestNode(): string | undefined {
		let newest: {id: string; at: string} | undefined;
		for (const {name} of this.db.namespaces()) {
			const [item] = this.db.items(name, 0, 1);
			if (item && (!newest || item.generated_at > newest.at)) newest = {id: summaryNodeId(item.namespace, item.item_id), at: item.generated_at};
		}
		return newest?.id;
	}

	/** An item's or a node's source file: the item's provenance, when it names a file on this machine. */
	sourceFile(nodeId: string): SourceFile | undefined {
		const id = parseSummaryNodeId(nodeId);
		if (id.kind !== 'item' && id.kind !== 'node') return undefined;
		return localSourceFile(this.get(summaryNodeId(id.namespace, id.itemId), 'index', {limit: 1}).source);
	}

	get(nodeId: string, depth: Depth, options?: ViewOptions): TreeView {
		const id = this.grouped(parseSummaryNodeId(nodeId), nodeId, parseGroupKey(options?.groupBy));
		const paging = resolvePaging(options);
		switch (id.kind) {
			case 'root':
				return this.root(depth, paging);
			case 'namespace':
				return this.namespace(id.namespace, depth, paging);
			case 'item':
				return this.node(id.namespace, id.itemId, 0, depth, paging, options);
			case 'node':
				return this.node(id.namespace, id.itemId, id.ordinal, depth, paging, options);
			case 'grouping':
				return this.groups.grouping(this.namespaceRow(id.namespace), id.key, depth, paging);
			case 'group':
				return this.groups.group(this.namespaceRow(id.namespace), id.key, id.value, depth, paging);
		}
	}

	/** `groupBy` turns a namespace into its grouping `{namespace}#{key}`; a group of that key keeps it. */
	private grouped(id: SummaryNodeId, nodeId: string, groupBy: GroupKey | undefined): SummaryNodeId {
		if (groupBy === undefined) return id;
		if (id.kind === 'namespace') return {kind: 'grouping', namespace: id.namespace, key: groupBy};
		if ((id.kind === 'grouping' || id.kind === 'group') && id.key === groupBy) return id;
		throw GroupViews.misplaced(nodeId, groupBy);
	}

	private root(depth: Depth, paging: Paging): TreeView {
		const total = this.db.namespaceCount();
		const rows = this.db.namespaces(paging.offset, paging.limit);
		const children: TreeChild[] = rows.map((row) => ({
			node_id: row.name,
			name: row.name,
			has_children: row.item_count > 0,
			child_count: row.item_count,
			...(depth === 'index' ? {} : {summary: `${row.item_count} item${row.item_count === 1 ? '' : 's'}`}),
		}));
		const view = summaryView('', depth, 'summary', 'root', null, [], children, total, paging);
		if (depth === 'full') {
			const text = new BoundedText(paging.maxChars);
			for (const row of this.db.namespaces()) if (!text.add(`${row.name}\t${row.item_count} items\n`)) break;
			view.content = text.toString();
			view.truncated = text.truncated;
		}
		return view;
	}

	private namespaceRow(namespace: string): NamespaceRow {
		const row = this.db.namespace(namespace);
		if (row) return row;
		throw unknownNamespace(this.db, namespace);
	}

	private namespace(namespace: string, depth: Depth, paging: Paging): TreeView {
		const row = this.namespaceRow(namespace);
		const items = this.db.items(namespace, paging.offset, paging.limit);
		const children = items.map((item) => itemChild(item, depth));
		const view = summaryView(namespace, depth, namespace, 'namespace', '', [rootCrumb], children, row.item_count, paging);
		if (depth === 'full') {
			const text = new BoundedText(paging.maxChars);
			for (const item of this.db.eachListedItem(namespace)) if (!text.add(itemEntry(item))) break;
			view.content = text.toString();
			view.truncated = text.truncated;
		}
		return view;
	}

	private node(namespace: string, itemId: string, ordinal: number, depth: Depth, paging: Paging, options?: ViewOptions): TreeView {
		const item = this.db.item(namespace, itemId);
		if (!item) {
			// No such namespace is the thing to say, not that the item is missing from it.
			if (!this.db.namespace(namespace)) throw unknownNamespace(this.db, namespace);
			throw new DrillError('not_found', `no item ${JSON.stringify(itemId)} in namespace ${JSON.stringify(namespace)}`, hint`list its items with: ${run('walk', {domain: 'summary', node_id: namespace})}`);
		}
		const node = this.db.node(item.id, ordinal);
		if (!node) {
			throw new DrillError('not_found', `item ${namespace}:${itemId} has no node #n${ordinal}`, `its nodes are #n0 to #n${item.node_count - 1}`);
		}
		const breadcrumbs: Breadcrumb[] = [rootCrumb, {node_id: namespace, title: namespace}];
		const ancestors: NodeRow[] = [];
		for (let parent = node.parent; parent !== null; ) {
			const above = this.db.node(item.id, parent);
			if (!above) break;
			ancestors.unshift(above);
			parent = above.parent;
		}
		for (const above of ancestors) breadcrumbs.push({node_id: summaryNodeId(namespace, itemId, above.ordinal), title: above.ordinal === 0 ? item.title : above.title});
		const parentId = node.parent === null ? namespace : summaryNodeId(namespace, itemId, node.parent);
		const children: TreeChild[] = this.db.children(item.id, ordinal, paging.offset, paging.limit).map((child) => ({
			node_id: summaryNodeId(namespace, itemId, child.ordinal),
			name: child.title,
			has_children: child.child_count > 0,
			child_count: child.child_count,
			...(depth === 'index' ? {} : {summary: child.summary}),
		}));
		const isRoot = ordinal === 0;
		const view = summaryView(summaryNodeId(namespace, itemId, ordinal), depth, isRoot ? item.title : node.title, isRoot ? 'item' : 'node', parentId, breadcrumbs, children, node.child_count, paging);
		if (depth !== 'index') view.summary = isRoot && item.tldr ? item.tldr : node.summary;
		if (isRoot) {
			const source = itemSource(item);
			const facts = sessionFacts(source, {names: depth !== 'index'});
			if (facts) view.facts = facts;
			delete source.files_edited;
			// The hourly buckets are `drill usage`'s: the facts say what they add up to.
			delete source.usage;
			view.source = source;
		}
		if (depth === 'full') this.fillContent(view, item, node, paging.maxChars, options?.unfold === true);
		return view;
	}

	/** This node's own text, then its subtree's, in document order, up to the budget; long tool text folded unless `unfold`. */
	private fillContent(view: TreeView, item: ItemRow, top: NodeRow, maxChars: number, unfold: boolean): void {
		const text = new BoundedText(maxChars);
		let folded = 0;
		const shown = (role: string, stored: string): string => {
			if (unfold || !foldedRoles.has(role)) return stored;
			const fold = foldLines(stored);
			if (fold !== stored) folded++;
			return fold;
		};
		const all = this.db.nodes(item.id);
		const childrenOf = new Map<number, NodeRow[]>();
		for (const node of all) if (node.parent !== null) addTo(childrenOf, node.parent, node);
		if (top.ordinal === 0 && item.tldr) text.add(`TLDR: ${item.tldr}\n\n`);
		const visit = (node: NodeRow): boolean => {
			const heading = '#'.repeat(Math.min(6, node.level - top.level + 1));
			const keywords = node.keywords ? `\nkeywords: ${node.keywords.split('\n').join(', ')}` : '';
			if (!text.add(`${heading} ${node.ordinal === 0 ? item.title : node.title}\n${node.summary ? `${node.summary}\n` : ''}${keywords ? `${keywords.slice(1)}\n` : ''}\n`)) return false;
			for (const span of this.db.spansOfNode(item.id, node.ordinal)) if (!text.add(`[${span.role}] ${shown(span.role, span.text)}\n\n`)) return false;
			for (const child of childrenOf.get(node.ordinal) ?? []) if (!visit(child)) return false;
			return true;
		};
		visit(top);
		view.content = text.toString().trimEnd();
		view.truncated = text.truncated;
		if (folded > 0) view.folded = folded;
	}
}
