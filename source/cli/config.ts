import path from 'node:path';
import type {DrillConfig} from '../core/registry.js';
import {locateStore, projectRoot} from '../store/locate.js';

export interface ConfigFlags {
	store?: string;
	knowledge?: string;
	drills?: string;
}

/**
 * Where the domains find their data: flags, then the environment, then the project root; the
 * store is the project's own when one is up the tree, else the user's (store/locate.ts).
 */
export function resolveConfig(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): DrillConfig {
	const root = projectRoot(cwd);
	const store = locateStore(flags.store, env, cwd);
	return {
		storePath: store.path,
		storeOrigin: store.origin,
		knowledgeDir: path.resolve(cwd, flags.knowledge || env.DRILL_KNOWLEDGE || path.join(root, '.agents', 'knowledge')),
		drillsRoot: path.resolve(cwd, flags.drills || env.DRILL_DRILLS || root),
	};
}
