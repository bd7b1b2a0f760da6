import type {Depth} from './depth.js';

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
}

export interface ViewOptions {
	/** First child to list (paging for very wide nodes). */
	offset?: number;
	/** How many children to list at most. */
	limit?: number;
	/** Bound on `content` at `full` depth. */
	maxChars?: number;
}

export const defaultLimit = 100;
export const maxLimit = 10_000;
export const defaultMaxChars = 20_000;

export interface TreeDrillable {
	readonly domain: string;
	get(nodeId: string, depth: Depth, options?: ViewOptions): TreeView;
	close?(): void;
}
