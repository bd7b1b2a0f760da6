import type {Depth} from '../../source/core/depth.js';
import {DrillError} from '../../source/core/errors.js';
import type {Breadcrumb, SourceFile, TreeView, ViewOptions} from '../../source/core/tree-view.js';
import type {DownRequest, FindOptions, FindResult, FrameStatus, FramesService, PlanAction, Services, UpRequest} from '../../source/ui/services.js';

/** A node of a fake domain: children listed, or generated on first use. */
export interface FakeNode {
	id: string;
	name: string;
	summary?: string;
	content?: string;
	children?: FakeNode[];
}

interface Indexed {
	node: FakeNode;
	parent?: string;
}

/** Frames kept in memory: a stack of open frames and the plan they carry. */
export class FakeFrames implements FramesService {
	readonly available = true;
	readonly downs: DownRequest[] = [];
	readonly ups: UpRequest[] = [];
	private readonly stack: Array<{id: string; slug: string; objective: string; status: string; plan: PlanAction[]}> = [];
	private serial = 0;

	async status(): Promise<FrameStatus> {
		const current = this.stack.at(-1);
		return {cursor: current?.id ?? null, path: this.stack.map(({id, slug, objective, status}) => ({id, slug, objective, status})), objective: current?.objective ?? null, plan: this.stack.flatMap((frame) => frame.plan)};
	}

	async down(request: DownRequest): Promise<string> {
		this.downs.push(request);
		if (this.stack.some((frame) => frame.slug === request.slug)) throw new DrillError('frame_error', `an open frame is already called ${request.slug}`, 'pick another slug');
		const id = `f${String(++this.serial).padStart(5, '0')}`;
		this.stack.push({id, slug: request.slug, objective: request.objective, status: 'open', plan: []});
		return `drilled down into ${id} ${request.slug}`;
	}

	async up(request: UpRequest): Promise<string> {
		this.ups.push(request);
		const frame = this.stack.pop();
		if (!frame) throw new DrillError('frame_error', 'no open frame', 'drill down first');
		const parent = this.stack.at(-1);
		if (parent) parent.plan.push(...frame.plan, ...request.plan);
		return `closed ${frame.id} ${frame.slug}`;
	}
}

export const noFrames: FramesService = {
	available: false,
	status: () => Promise.reject(new DrillError('frame_error', 'frames are not available')),
	down: () => Promise.reject(new DrillError('frame_error', 'frames are not available')),
	up: () => Promise.reject(new DrillError('frame_error', 'frames are not available')),
};

export type FakeFind = (query: string, options: FindOptions) => Promise<FindResult>;

/** Services over in-memory trees; it counts walks and records every search. */
export class FakeServices implements Services {
	readonly walks: Array<{domain: string; id: string; depth: Depth; offset?: number; limit?: number; maxChars?: number}> = [];
	readonly searches: Array<{query: string; options: FindOptions}> = [];
	private readonly index = new Map<string, Map<string, Indexed>>();

	constructor(
		private readonly trees: Record<string, FakeNode>,
		readonly frames: FramesService = noFrames,
		private readonly finder?: FakeFind,
	) {
		for (const [domain, root] of Object.entries(trees)) {
			const nodes = new Map<string, Indexed>();
			const visit = (node: FakeNode, parent?: string) => {
				nodes.set(node.id, {node, parent});
				for (const child of node.children ?? []) visit(child, node.id);
			};
			visit(root);
			this.index.set(domain, nodes);
		}
	}

	availableDomains(): string[] {
		return Object.keys(this.trees).sort();
	}

	walk(domain: string, nodeId: string, depth: Depth, page: ViewOptions = {}): TreeView {
		this.walks.push({domain, id: nodeId, depth, offset: page.offset, limit: page.limit, ...(page.maxChars === undefined ? {} : {maxChars: page.maxChars})});
		const nodes = this.index.get(domain);
		if (!nodes) throw new DrillError('unknown_domain', `unknown domain ${JSON.stringify(domain)}`);
		const found = nodes.get(nodeId);
		if (!found) throw new DrillError('not_found', `no node ${JSON.stringify(nodeId)} in ${domain}`);
		const breadcrumbs: Breadcrumb[] = [];
		for (let parent = found.parent; parent !== undefined; parent = nodes.get(parent)!.parent) breadcrumbs.unshift({node_id: parent, title: nodes.get(parent)!.node.name});
		const all = found.node.children ?? [];
		const offset = page.offset ?? 0;
		const limit = page.limit ?? 100;
		return {
			domain,
			node_id: nodeId,
			depth,
			title: found.node.name,
			kind: all.length ? 'folder' : 'leaf',
			parent_id: found.parent ?? null,
			breadcrumbs,
			...(depth === 'index' ? {} : {summary: found.node.summary ?? ''}),
			children: all.slice(offset, offset + limit).map((child) => ({
				node_id: child.id,
				name: child.name,
				has_children: Boolean(child.children?.length),
				child_count: child.children?.length ?? 0,
				...(depth === 'index' ? {} : {summary: child.summary ?? ''}),
			})),
			children_total: all.length,
			offset,
			limit,
			...(depth === 'full' ? fullContent(found.node.content ?? '', page.maxChars) : {}),
		};
	}

	find(query: string, options: FindOptions): Promise<FindResult> {
		this.searches.push({query, options});
		if (this.finder) return this.finder(query, options);
		return Promise.resolve(emptyResult(query, options));
	}

	/** Source files by `domain\u0000id`; a node without one is shown from a text file. */
	readonly sources = new Map<string, SourceFile>();
	readonly textFiles: Array<{text: string; name: string; removed: boolean}> = [];

	/** The node a first screen opens on, by domain. */
	readonly newest = new Map<string, string>();

	newestNode(domain: string): string | undefined {
		return this.newest.get(domain);
	}

	sourceFile(domain: string, nodeId: string): SourceFile | undefined {
		return this.sources.get(`${domain}\u0000${nodeId}`);
	}

	textFile(text: string, name: string): {file: string; remove(): void} {
		const entry = {text, name, removed: false};
		this.textFiles.push(entry);
		return {file: `/tmp/fake/${name}.txt`, remove: () => void (entry.removed = true)};
	}

	close(): void {}
}

function fullContent(content: string, maxChars = 20_000): {content: string; truncated: boolean} {
	return {content: content.slice(0, maxChars), truncated: content.length > maxChars};
}

export function emptyResult(query: string, options: FindOptions): FindResult {
	return {query, method: options.method, scope: options.scope ?? null, stage1_hits: [], candidate_items: [], drilled: [], timings_ms: {total: 1}};
}

/** A summary-shaped tree: namespaces → items → topics, ids as the summary domain spells them. */
export function summaryTree(namespaces: Record<string, Array<{item: string; title: string; topics: string[]}>>): FakeNode {
	return {
		id: '',
		name: 'summary',
		children: Object.entries(namespaces).map(([namespace, items]) => ({
			id: namespace,
			name: namespace,
			children: items.map(({item, title, topics}) => ({
				id: `${namespace}:${item}`,
				name: title,
				summary: `The summary of ${title}.`,
				content: `# ${title}\nThe whole of ${title}.`,
				children: topics.map((topic, index) => ({id: `${namespace}:${item}#n${index + 1}`, name: topic, summary: `About ${topic}.`, content: `## ${topic}\nEverything about ${topic}.`})),
			})),
		})),
	};
}

/** A node with `count` leaf children named "Child 000001" …. */
export function wideNode(id: string, name: string, count: number): FakeNode {
	return {id, name, children: Array.from({length: count}, (_, index) => ({id: `${id}/${index + 1}`, name: `Child ${String(index + 1).padStart(6, '0')}`}))};
}
