import {defaultDepth, parseDepth, type Depth} from './depth.js';
import {DrillError} from './errors.js';
import type {SourceFile, TreeDrillable, TreeView, ViewOptions} from './tree-view.js';

/** Where the domains find their data. Plain paths: the core itself does no I/O. */
export interface DrillConfig {
	/** The SQLite summary store file. */
	storePath: string;
	/** Why that store: `--store`, DRILL_STORE, the project's own, or the user's (see store/locate.ts). */
	storeOrigin?: 'option' | 'environment' | 'project' | 'user';
	/** The knowledge folder (markdown units). */
	knowledgeDir: string;
	/** The folder that holds the root `.drills/` folder. */
	drillsRoot: string;
}

export type DrillableFactory = (config: DrillConfig) => TreeDrillable;

/** The domains one runtime knows, by name (`createRuntime` registers the built-in ones). */
export class DomainRegistry {
	private readonly factories = new Map<string, DrillableFactory>();

	registerDrillable(domain: string, factory: DrillableFactory): void {
		if (!/^[a-z][a-z0-9_-]*$/.test(domain)) {
			throw new DrillError('bad_argument', `domain name ${JSON.stringify(domain)} is not valid`, 'use lowercase letters, digits, - and _');
		}
		this.factories.set(domain, factory);
	}

	availableDomains(): string[] {
		return [...this.factories.keys()].sort();
	}

	factory(domain: string): DrillableFactory | undefined {
		return this.factories.get(domain);
	}
}

/**
 * The registered domains bound to one configuration. Each domain is created on first use and
 * kept, so a store is opened once per session, not once per walk.
 */
export class Drillables {
	private readonly instances = new Map<string, TreeDrillable>();

	constructor(
		readonly config: DrillConfig,
		private readonly registry: DomainRegistry,
	) {}

	private unknownDomain(domain: string): DrillError {
		return new DrillError('unknown_domain', `unknown domain ${JSON.stringify(domain)}`, `registered: ${this.availableDomains().join(', ') || 'none'}`);
	}

	domain(domain: string): TreeDrillable {
		const existing = this.instances.get(domain);
		if (existing) return existing;
		const factory = this.registry.factory(domain);
		if (!factory) throw this.unknownDomain(domain);
		const instance = factory(this.config);
		this.instances.set(domain, instance);
		return instance;
	}

	availableDomains(): string[] {
		return this.registry.availableDomains();
	}

	walk(domain: string, nodeId = '', depth: Depth | string = defaultDepth, options?: ViewOptions): TreeView {
		if (typeof domain !== 'string' || !this.registry.factory(domain)) throw this.unknownDomain(String(domain));
		if (typeof nodeId !== 'string') throw new DrillError('bad_node_id', 'node id must be a string');
		const drillable = this.domain(domain);
		const parsedDepth = parseDepth(depth);
		if (options?.groupBy !== undefined && options.groupBy !== '' && !drillable.groupKeys?.length) {
			const grouped = this.availableDomains().filter((name) => this.domain(name).groupKeys?.length);
			throw new DrillError('bad_argument', `the ${domain} domain has no grouped views`, `group_by applies to: ${grouped.join(', ') || 'no domain'}`);
		}
		return drillable.get(nodeId, parsedDepth, options);
	}

	/** The file a node comes from, when its domain knows one (the node is checked as a walk checks it). */
	sourceFile(domain: string, nodeId: string): SourceFile | undefined {
		if (!this.registry.factory(domain)) throw this.unknownDomain(domain);
		return this.domain(domain).sourceFile?.(nodeId);
	}

	/** The node a first screen opens on in a domain (summary: the newest item of all), if any. */
	newestNode(domain: string): string | undefined {
		if (!this.registry.factory(domain)) throw this.unknownDomain(domain);
		return this.domain(domain).newestNode?.();
	}

	/** The seed's long name for `walk`. */
	drillTree(domain: string, nodeId = '', depth: Depth | string = defaultDepth, options?: ViewOptions): TreeView {
		return this.walk(domain, nodeId, depth, options);
	}

	close(): void {
		for (const instance of this.instances.values()) instance.close?.();
		this.instances.clear();
	}
}
