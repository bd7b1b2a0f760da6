import type {Depth} from './depth.js';
import type {ItemSource, ItemSourceBrief, SessionFactsView} from './item-source.js';

export interface Breadcrumb {
	node_id: string;
	title: string;
}

export interface TreeChild {
	node_id: string;
	name: string;
	has_children: boolean;
	child_count?: number;
	/** Present at `summary` and `full` depth. */
	summary?: string;
	/** A summary item's provenance in brief (agent, project, start, counts), when it has any. */
	source?: ItemSourceBrief;
	/** A group's items (for a folder: every item below it; `child_count` counts its direct children). */
	item_count?: number;
}

/** What a group node stands for (see core/summary-groups.ts). */
export interface GroupInfo {
	key: string;
	/** The group's value; absent on the grouping root (`{namespace}#{key}`). */
	value?: string;
	item_count: number;
	/** Folder groups: the common folder their values are relative to (e.g. "/home/ana/docs/"). */
	base?: string;
}

/** What every domain returns for one node at one depth. */
export interface TreeView {
	domain: string;
	node_id: string;
	depth: Depth;
	title: string;
	kind: string;
	parent_id: string | null;
	breadcrumbs: Breadcrumb[];
	/** This node's own summary text, at `summary` and `full` depth. */
	summary?: string;
	children: TreeChild[];
	children_total: number;
	offset: number;
	limit: number;
	/** At `full` depth: this node's content and its subtree, concatenated in order. */
	content?: string;
	truncated?: boolean;
	/**
	 * At `full` depth: how many long tool calls or outputs the content shows folded (head and tail,
	 * with the count of lines left out); `ViewOptions.unfold` shows them whole.
	 */
	folded?: number;
	/** A summary item's root: where the item came from (its provenance; the edited files' names are in `facts.files`). */
	source?: ItemSource;
	/**
	 * A session's root: what it cost and changed (tokens, files edited, commits, subagents, wall
	 * time), only what its log recorded; the files' names at `summary` and `full` depth.
	 */
	facts?: SessionFactsView;
	/** A group node: its key, value and item count. */
	group?: GroupInfo;
}

export interface ViewOptions {
	/** First child to list (paging for very wide nodes). */
	offset?: number;
	/** How many children to list at most. */
	limit?: number;
	/** Bound on `content` at `full` depth. */
	maxChars?: number;
	/**
	 * Show a namespace grouped by this key (summary domain: project, agent, day, folder, machine, user): the
	 * view is then the one of `{namespace}#{key}`. Only for domains that list `groupKeys`.
	 */
	groupBy?: string;
	/** At `full` depth: long tool calls and outputs whole, not folded to their head and tail. */
	unfold?: boolean;
}

/** A node's source on disk. */
export interface SourceFile {
	file: string;
	/** 1-based. */
	line?: number;
}

export const defaultLimit = 100;
export const maxLimit = 10_000;
export const defaultMaxChars = 20_000;

export interface TreeDrillable {
	readonly domain: string;
	/** The groupings `ViewOptions.groupBy` may name; a domain without them refuses `groupBy`. */
	readonly groupKeys?: readonly string[];
	get(nodeId: string, depth: Depth, options?: ViewOptions): TreeView;
	/** The file a node's text comes from, and its line when known (the explorer's `o` and `e`); undefined when there is none. */
	sourceFile?(nodeId: string): SourceFile | undefined;
	/** The node a first screen opens on (the summary domain: its newest item), if the domain has one. */
	newestNode?(): string | undefined;
	close?(): void;
}
