import path from 'node:path';
import type {DrillConfig} from '../core/registry.js';
import {projectRoot, resolveStorePath} from '../store/locate.js';

export interface ConfigFlags {
	store?: string;
	knowledge?: string;
	drills?: string;
}

/** Where the domains find their data: flags, then the environment, then the project root. */
export function resolveConfig(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): DrillConfig {
	const root = projectRoot(cwd);
	return {
		storePath: resolveStorePath(flags.store, env, cwd),
		knowledgeDir: path.resolve(cwd, flags.knowledge || env.DRILL_KNOWLEDGE || path.join(root, '.agents', 'knowledge')),
		drillsRoot: path.resolve(cwd, flags.drills || env.DRILL_DRILLS || root),
	};
}
