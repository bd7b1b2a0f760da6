/**
 * The one object the app talks to. Nothing else in `source/ui/` reaches SQLite or the
 * filesystem: tests hand the app a fake, `createServices` wires the real modules over a runtime.
 */
import {readFileSync} from 'node:fs';
import type {Depth} from '../core/depth.js';
import {DrillError} from '../core/errors.js';
import type {DrillConfig} from '../core/registry.js';
import type {SourceFile, TreeView, ViewOptions} from '../core/tree-view.js';
import type {FindResult} from '../search/types.js';
import type {Runtime} from '../runtime.js';
import {searchWorkerScript, WorkerSearch} from './search-client.js';
import type {ActService} from '../act/node-actions.js';
import {withinOptions, type FindOptions} from './find-options.js';
import {textFile} from './text-file.js';
import {storeShortName} from '../core/store-name.js';
import {warmsAtStart} from '../core/warm-start.js';
import {usageOver, type UsageService} from './usage-service.js';

export {findMethods, type FindMethod, type FindOptions} from './find-options.js';

/** The funnel's answer, in the shape DESIGN.md gives (summary_search). */
export type {FindResult};

export const planScopes = ['universal', 'project', 'user', 'agent', 'session'] as const;
export const planSinks = ['backlog', 'memory', 'knowledgebase', 'agentic-documents', 'upstream-issue', 'code', 'workaround'] as const;

/** One prevention-plan action, with the seed's fields and vocabularies. */
export interface PlanAction {
	action: string;
	scope: string;
	sink: string;
	owner: string;
	evidence: string;
}

export interface FrameStatus {
	/** The current drill's short sha, or null at no frame. */
	cursor: string | null;
	/** The frames from the root to the current one. */
	path: Array<{id: string; slug: string; objective: string; status: string}>;
	objective: string | null;
	/** The pending prevention plan of the open frames. */
	plan: PlanAction[];
}

export interface DownRequest {
	slug: string;
	objective: string;
	/** What the new frame is given: here, the node it was drilled from (domain, node id, title). */
	context: string;
}

export interface UpRequest {
	findings: string;
	/** Actions entered in the app; ignored when `planFile` is given. */
	plan: PlanAction[];
	/** A JSON or YAML plan file, read by the frames module. */
	planFile?: string;
}

export interface FramesService {
	/** False when this build has no frames module; the panel says so and d/u explain why. */
	readonly available: boolean;
	status(): Promise<FrameStatus>;
	/** Returns a one-line description of what happened (for the status line). */
	down(request: DownRequest): Promise<string>;
	up(request: UpRequest): Promise<string>;
}

export interface Services {
	availableDomains(): string[];
	walk(domain: string, nodeId: string, depth: Depth, page?: ViewOptions): TreeView;
	find(query: string, options: FindOptions): Promise<FindResult>;
	/** Gets the search ready ahead of the first query (the query box opened). */
	prepareFind?(): void;
	/**
	 * Gets the search ready after the first frame, when the store is large enough for a cold first
	 * search to be felt (core/warm-start.ts): the search thread starts and runs its warm-up search.
	 */
	warmFind?(): void;
	/** Changes whenever another process commits to the summary store (undefined while there is none). */
	storeVersion?(): string | undefined;
	frames: FramesService;
	/** The file a node's text comes from, when its domain knows one (`o`, `e`). */
	sourceFile(domain: string, nodeId: string): SourceFile | undefined;
	/** The node the first screen opens on in a domain (summary: its newest item), if any. */
	newestNode(domain: string): string | undefined;
	/** Writes text to a new private temporary file (for `o`/`e` on a node without a source file). */
	textFile(text: string, name: string): {file: string; remove(): void};
	/** Acting on a node (`r`, `x`, `D`; see act/node-actions.ts); absent where the build has none. */
	act?: ActService;
	/** The usage screen's reads (`$`); absent where the build has none. */
	usage?: UsageService;
	/** Which store is open, as the header names it: "user store", "project store api", "demo.db". */
	storeName?: string;
	/** Whether the store holds items pulled from other machines (`drill pull`). */
	hasPulledItems?(): boolean;
	close(): void;
}

/**
 * The real services over a runtime (the app holds it, and closes it with the services). Acting on
 * nodes (`act`, act/node-actions.ts's `actOver(runtime)`) is handed in: the explorer on a terminal
 * loads it after its first frame, with Ink.
 */
export function createServices(runtime: Runtime, act?: ActService): Services {
	const {config} = runtime;
	// From the build, the funnel runs on a worker thread with its own connection, so a search
	// never holds up a key; from source (unit tests), it runs here.
	const script = searchWorkerScript();
	const worker = script ? new WorkerSearch(script, {storePath: config.storePath, knowledgeDir: config.knowledgeDir, drillsRoot: config.drillsRoot}) : undefined;
	return {
		storeName: storeShortName(config),
		hasPulledItems: () => runtime.hasPulledItems(),
		availableDomains: () => runtime.domains.availableDomains(),
		walk: (domain, nodeId, depth, page) => runtime.domains.walk(domain, nodeId, depth, page),
		async find(query, options) {
			if (worker) return worker.find(query, options);
			// Let the spinner draw before the funnel takes the thread.
			await new Promise((resolve) => setImmediate(resolve));
			if (options.signal?.aborted) throw new DrillError('bad_argument', 'the search was replaced by a newer one');
			return await runtime.find({query, method: options.method, scope: options.scope, ...withinOptions(options.within), highlight: {open: '', close: ''}});
		},
		prepareFind: () => worker?.warm(),
		warmFind() {
			if (worker && warmsAtStart(config.storePath)) worker.warm();
		},
		storeVersion() {
			try {
				return String(runtime.store().db.pragma('data_version', {simple: true}));
			} catch {
				return undefined;
			}
		},
		// Loaded when first asked (after the first frame): drilling down and up is not needed to draw it.
		frames: framesOver(() => import('../frames/index.js'), runtime.framesConfig()),
		sourceFile: (domain, nodeId) => runtime.domains.sourceFile(domain, nodeId),
		textFile,
		...(act ? {act} : {}),
		usage: usageOver(runtime),
		newestNode: (domain) => runtime.domains.newestNode(domain),
		close() {
			worker?.close();
			runtime.close();
		},
	};
}

/**
 * The part of `source/frames/` the app uses (a shape, so tests can hand in a fake): status, down
 * (the node goes in as a reference) and up (a plan entered in the app, or a plan file parsed by
 * the module's own reader).
 */
export interface FramesModule {
	frameStatus(target: DrillConfig): {
		cursor: string | null;
		objective: string | null;
		path: Array<{id: string; slug: string; objective: string; status: string}>;
		pending_plan: {actions: PlanAction[]};
	};
	drillDown(target: DrillConfig, options: {slug: string; objective: string; refs: string[]}): Promise<{drill: {id: string; slug: string}}>;
	drillUp(target: DrillConfig, options: {findings: string; plan: unknown}): Promise<{closed: {id: string; slug: string}; prevention_plan: unknown[]}>;
	parsePlanText(text: string, name: string): unknown;
}

export function framesOver(load: () => Promise<FramesModule>, config: DrillConfig): FramesService {
	let loaded: Promise<FramesModule> | undefined;
	const frames = () => (loaded ??= load());
	return {
		available: true,
		async status() {
			const status = (await frames()).frameStatus(config);
			return {cursor: status.cursor, objective: status.objective, path: status.path.map(({id, slug, objective, status: state}) => ({id, slug, objective, status: state})), plan: status.pending_plan.actions};
		},
		async down({slug, objective, context}) {
			const result = await (await frames()).drillDown(config, {slug, objective, refs: [context]});
			return `drilled down into ${result.drill.id} ${result.drill.slug}`;
		},
		async up({findings, plan, planFile}) {
			const module = await frames();
			let chosen: unknown = plan;
			if (planFile) {
				let text: string;
				try {
					text = readFileSync(planFile, 'utf8');
				} catch (error) {
					throw new DrillError('not_found', `cannot read the plan file ${planFile} (${(error as Error).message})`, 'give a .json or .yaml file of prevention actions');
				}
				chosen = module.parsePlanText(text, planFile);
			}
			const result = await module.drillUp(config, {findings, plan: chosen});
			const count = result.prevention_plan.length;
			return `closed ${result.closed.id} ${result.closed.slug} with ${count} prevention action${count === 1 ? '' : 's'}`;
		},
	};
}
