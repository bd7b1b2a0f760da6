import type {Depth} from '../../core/depth.js';
import {DrillError} from '../../core/errors.js';
import type {TreeChild} from '../../core/tree-view.js';
import {groupingId, groupingName, groupingOf} from '../grouping.js';
import {cleanView, errorText} from '../inert-views.js';
import {oneLine} from '../text.js';
import {nodeKey, selectedNode, type TreeNode} from '../tree-state.js';
import type {EffectContext} from './context.js';
import {groupsAbove, isDocumentNamespace} from './group-paths.js';
import {append} from '../../core/arrays.js';

/** A node with more children loaded than this is read again from its first page when the store changes. */
const refreshCap = 5000;

/** Children listed in the detail pane; a wider node says how many more there are. */
const detailChildren = 200;

function incomplete(node: TreeNode | undefined): boolean {
	return Boolean(node?.childKeys && node.total !== undefined && node.childKeys.length < node.total);
}

/**
 * Walks the domains for the tree and the detail pane. Walks are synchronous (SQLite and small
 * files), so a key that needs one (opening a node) sees its children before the next key of the
 * same chunk runs; a wide node's remaining pages load a page at a time between keys and frames.
 */
export class Loader {
	private readonly queue: string[] = [];
	private scheduled = false;
	/** Namespaces already seen: a document namespace is grouped by folder the first time only. */
	private readonly namespacesSeen = new Set<string>();

	constructor(
		private readonly context: EffectContext,
		private readonly pages: {first: number; size: number},
		private readonly maxChars?: number,
	) {}

	private node(key: string): TreeNode | undefined {
		return this.context.getState().tree.nodes.get(key);
	}

	/** Loads the next page of a node's children; false (with the error on the node) on failure. */
	private loadPage(key: string, limit: number, report = true): boolean {
		const node = this.node(key);
		if (!node) return false;
		const offset = node.childKeys?.length ?? 0;
		const {dispatch, services} = this.context;
		try {
			const view = services.walk(node.domain, node.id, 'index', {offset, limit});
			dispatch({type: 'tree', action: {type: 'children', key, offset, children: view.children, total: view.children_total}});
			// However the namespaces were first read (the first screen, →, a jump), they show the same way.
			if (key === nodeKey('summary', '')) this.groupNewDocuments();
			return true;
		} catch (error) {
			// A domain with nothing here (no knowledge folder) is an empty row, not a warning on every
			// screen; its detail pane still says why, and how to point drill at one.
			if (node.level === 0 && (error as {code?: unknown} | undefined)?.code === 'not_found') {
				dispatch({type: 'tree', action: {type: 'children', key, offset: 0, children: [], total: 0}});
				return true;
			}
			dispatch({type: 'tree', action: {type: 'failed', key, error: errorText(error)}});
			if (report) dispatch({type: 'note', text: errorText(error), kind: 'error'});
			return false;
		}
	}

	/**
	 * The first page of every domain. With `newest` (no place asked for), the cursor starts on the
	 * newest summary item, the summary domain opened down to it; on an empty store, on the summary
	 * row (whose detail says how to fill it). Otherwise on the first domain that could be read.
	 * The first screen then shows only the summary domain open: the other domains' rows are read
	 * after it is drawn (the drills row parses every drill file's YAML front matter).
	 */
	loadRoots(newest = false): void {
		const {rows} = this.context.getState().tree;
		const summaryKey = nodeKey('summary', '');
		if (newest && rows.includes(summaryKey)) {
			this.loadPage(summaryKey, this.pages.first, false);
			const summary = this.node(summaryKey)!;
			const others = rows.filter((key) => key !== summaryKey);
			// No store yet (the error says how to make one) or an empty one (the detail pane says how to fill it).
			if (summary.error || summary.total === 0) {
				this.context.dispatch({type: 'tree', action: {type: 'select', key: summary.key}});
				this.loadAfterFrame(others);
				return;
			}
			let id: string | undefined;
			try {
				id = this.context.services.newestNode('summary');
			} catch {
				id = undefined;
			}
			if (id !== undefined) {
				this.reveal('summary', id);
				this.loadAfterFrame(others);
				return;
			}
		}
		for (const key of rows) if (!this.node(key)?.childKeys) this.loadPage(key, this.pages.first, false);
		// A missing knowledge folder is not a welcome.
		const readable = rows.find((key) => !this.node(key)?.error);
		if (readable) this.context.dispatch({type: 'tree', action: {type: 'select', key: readable}});
	}

	/** The first page of these (closed) rows, once the frame being drawn is out. */
	private loadAfterFrame(keys: string[]): void {
		void this.context.track(
			new Promise((resolve) => setImmediate(resolve)).then(() => {
				if (this.context.disposed()) return;
				for (const key of keys) {
					const node = this.node(key);
					if (node && !node.childKeys && !node.error) this.loadPage(key, this.pages.first, false);
				}
			}),
		);
	}

	/**
	 * Namespaces that hold documents are shown grouped by folder: the first time they are seen
	 * (whichever way the namespaces were read), never again after (`b` changes it, and a refresh
	 * keeps what `b` chose).
	 */
	private groupNewDocuments(): void {
		for (const key of this.node(nodeKey('summary', ''))?.childKeys ?? []) {
			const row = this.node(key);
			if (!row) continue;
			const {namespace, grouping} = groupingOf(row.id);
			if (this.namespacesSeen.has(namespace)) continue;
			this.namespacesSeen.add(namespace);
			if (grouping === 'none' && isDocumentNamespace(this.context.services, namespace)) {
				this.context.dispatch({type: 'tree', action: {type: 'replace', key, id: groupingId(namespace, 'folder'), name: groupingName(namespace, 'folder')}});
			}
		}
	}

	/**
	 * The ids from the domain's root down to a node, as the tree shows them: through the group
	 * nodes when its namespace is grouped (or, when its group cannot be told, with the namespace
	 * shown ungrouped again).
	 */
	private pathTo(domain: string, chain: string[]): string[] {
		if (domain !== 'summary' || chain.length < 2) return chain;
		const namespace = chain[1]!;
		const row = (this.node(nodeKey(domain, ''))?.childKeys ?? []).map((key) => this.node(key)).find((node) => node && groupingOf(node.id).namespace === namespace);
		if (!row) return chain;
		const below = chain[2];
		if (below?.startsWith(`${namespace}#`)) {
			// A group node: its namespace is shown by that grouping.
			const {grouping} = groupingOf(below);
			if (row.id !== below) this.context.dispatch({type: 'tree', action: {type: 'replace', key: row.key, id: below, name: groupingName(namespace, grouping)}});
			return ['', ...chain.slice(2)];
		}
		if (row.id === namespace) return chain;
		if (below === undefined) return ['', row.id];
		const groups = groupsAbove(this.context.services, row.id, below);
		if (groups) return ['', row.id, ...groups, ...chain.slice(2)];
		this.context.dispatch({type: 'tree', action: {type: 'replace', key: row.key, id: namespace, name: namespace}});
		return chain;
	}

	expand(key: string): void {
		const node = this.node(key);
		if (!node?.hasChildren) return;
		if (!node.childKeys && !this.loadPage(key, this.pages.first)) return;
		this.context.dispatch({type: 'tree', action: {type: 'expand', key}});
		this.loadRest(key);
	}

	/** Loads a wide node's remaining children a page at a time, between keys and frames. */
	loadRest(key: string): void {
		if (!incomplete(this.node(key)) || this.queue.includes(key)) return;
		this.queue.push(key);
		this.context.dispatch({type: 'loading', count: this.queue.length});
		this.schedule();
	}

	private schedule(): void {
		if (this.scheduled || this.queue.length === 0) return;
		this.scheduled = true;
		setImmediate(() => {
			this.scheduled = false;
			if (this.context.disposed()) return;
			const key = this.queue[0]!;
			if (incomplete(this.node(key))) this.loadPage(key, this.pages.size);
			// Done, or failed (the error is on the node): either way this node leaves the queue.
			if (!incomplete(this.node(key)) || this.node(key)?.error) this.queue.shift();
			this.context.dispatch({type: 'loading', count: this.queue.length});
			this.schedule();
			this.context.settle();
		});
	}

	pending(): boolean {
		return this.scheduled;
	}

	/**
	 * Opens the tree along a node's path and selects it: the node's breadcrumbs name every
	 * ancestor from the domain's root, so this works the same in every domain.
	 */
	reveal(domain: string, id: string, focusTree = false): void {
		const {dispatch, services} = this.context;
		try {
			if (!this.node(nodeKey(domain, ''))) throw new DrillError('unknown_domain', `no domain ${JSON.stringify(domain)} in the tree`, `domains: ${services.availableDomains().join(', ')}`);
			let chain = [''];
			if (id !== '') {
				const view = services.walk(domain, id, 'index', {limit: 1});
				chain = [...view.breadcrumbs.map((crumb) => crumb.node_id), view.node_id];
				if (chain[0] !== '') chain.unshift('');
				chain = this.pathTo(domain, chain);
			}
			for (let step = 0; step + 1 < chain.length; step++) {
				const parentKey = nodeKey(domain, chain[step]!);
				const childKey = nodeKey(domain, chain[step + 1]!);
				const parent = this.node(parentKey);
				if (!parent) throw new DrillError('not_found', `cannot open ${oneLine(chain[step]!)}`);
				while (!this.node(childKey) && (!parent.childKeys || incomplete(parent))) {
					if (!this.loadPage(parentKey, parent.childKeys ? this.pages.size : this.pages.first)) return;
				}
				if (!this.node(childKey)) throw new DrillError('not_found', `${oneLine(chain[step + 1]!)} is not among the children of ${oneLine(chain[step]!) || domain}`);
				dispatch({type: 'tree', action: {type: 'expand', key: parentKey}});
				this.loadRest(parentKey);
			}
			dispatch({type: 'tree', action: {type: 'select', key: nodeKey(domain, chain.at(-1)!)}});
			if (focusTree) dispatch({type: 'focus', focus: 'tree'});
		} catch (error) {
			dispatch({type: 'note', text: errorText(error), kind: 'error'});
		}
	}

	/**
	 * The store changed (an ingest wrote to it): every loaded node of the domain reads its
	 * children again, parents first. What is open stays open, the cursor stays on its node, new
	 * items come in and grown ones show their new topics; a node with more children loaded than
	 * `refreshCap` is read again from its first page.
	 */
	refresh(domain: string): void {
		const {dispatch, services} = this.context;
		const pending = [nodeKey(domain, '')];
		while (pending.length > 0) {
			const node = this.node(pending.shift()!);
			if (!node?.childKeys) continue;
			const loaded = node.childKeys.length;
			if (loaded > refreshCap) {
				const open = node.expanded;
				dispatch({type: 'tree', action: {type: 'reset', key: node.key}});
				if (open) this.expand(node.key);
				continue;
			}
			try {
				const view = services.walk(node.domain, node.id, 'index', {limit: Math.max(loaded, this.pages.first)});
				const children = node.key === nodeKey('summary', '') ? this.asShown(view.children) : view.children;
				dispatch({type: 'tree', action: {type: 'refresh', key: node.key, children, total: view.children_total}});
			} catch (error) {
				dispatch({type: 'tree', action: {type: 'failed', key: node.key, error: errorText(error)}});
				continue;
			}
			append(pending, (this.node(node.key)?.childKeys ?? []));
		}
		if (domain === 'summary') this.groupNewDocuments();
		const state = this.context.getState();
		const selected = selectedNode(state.tree);
		if (selected?.domain === domain) this.walkDetail(selected, state.depth);
	}

	/** The namespaces as the tree shows them: a grouped one keeps the row of its grouped view. */
	private asShown(children: TreeChild[]): TreeChild[] {
		const rows = new Map<string, string>();
		for (const key of this.node(nodeKey('summary', ''))?.childKeys ?? []) {
			const id = this.node(key)?.id;
			if (id !== undefined) rows.set(groupingOf(id).namespace, id);
		}
		return children.map((child) => {
			const id = rows.get(child.node_id);
			if (id === undefined || id === child.node_id) return child;
			// The grouped view's row: its children are groups, its count the namespace's items.
			return {...child, node_id: id, name: groupingName(child.node_id, groupingOf(id).grouping), item_count: child.child_count};
		});
	}

	/** Forgets what was loaded of a domain and reads it again, keeping its top level open if it was. */
	reload(domain: string): void {
		const key = nodeKey(domain, '');
		const node = this.node(key);
		if (!node) return;
		const reopen = node.expanded;
		this.context.dispatch({type: 'tree', action: {type: 'reset', key}});
		if (this.loadPage(key, this.pages.first, false) && reopen) this.expand(key);
		const state = this.context.getState();
		const selected = selectedNode(state.tree);
		if (selected?.domain === domain) this.walkDetail(selected, state.depth);
	}

	/** The detail pane follows the selection and the depth: walks the selected node when either changed. */
	syncDetail(): void {
		const state = this.context.getState();
		const node = selectedNode(state.tree);
		const {detail, depth} = state;
		// Folding changes only what depth full shows.
		if (!node || (detail.key === node.key && detail.depth === depth && (depth !== 'full' || Boolean(detail.unfold) === state.unfold))) return;
		this.walkDetail(node, depth);
	}

	/** Walks the node for the detail pane; the same node read again (a refresh) keeps the chunks already loaded. */
	private walkDetail(node: TreeNode, depth: Depth, bound?: number): void {
		const {detail, unfold} = this.context.getState();
		const chars = bound ?? (detail.key === node.key && detail.chars !== undefined ? detail.chars : this.maxChars);
		try {
			// Only an unfolded walk says so: a folded one asks exactly what it always did.
			const view = cleanView(this.context.services.walk(node.domain, node.id, depth, {limit: detailChildren, ...(chars === undefined ? {} : {maxChars: chars}), ...(unfold ? {unfold} : {})}));
			this.context.dispatch({type: 'detail', key: node.key, depth, view, chars, unfold});
		} catch (error) {
			this.context.dispatch({type: 'detail', key: node.key, depth, error: errorText(error), unfold});
		}
	}

	/** The detail pane's next chunk: its node walked again with a larger bound, after the frame being drawn. */
	more(key: string, depth: Depth, chars: number): void {
		void this.context.track(
			new Promise((resolve) => setImmediate(resolve)).then(() => {
				const state = this.context.getState();
				const node = this.node(key);
				if (this.context.disposed() || !node || state.detail.key !== key || state.detail.depth !== depth) return;
				this.walkDetail(node, depth, chars);
			}),
		);
	}
}
