import {lstatSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {blank, hint, option, type HintSurface} from '../core/hint.js';
import type {SummaryStore} from '../store/summary-store.js';
import {frameCrypto} from './files/crypto.js';

export const defaultMaxDepth = 8;

/** Where frames live and the few knobs tests and embedders need. A `DrillConfig` fits as is. */
export interface FramesConfig {
	/** The folder that holds the root `.drills/`. */
	drillsRoot: string;
	/** The summary store closed drills are indexed into (named in warnings). */
	storePath?: string;
	/**
	 * Opens that store for writing, its search indexes kept in step: what the runtime hands over
	 * (`runtime.framesConfig()`). Without it, closed drills are not indexed.
	 */
	openStore?: () => SummaryStore;
	/** The knowledge folder the `knowledgebase` sink routes to (default `.agents/knowledge`). */
	knowledgeDir?: string;
	/** The clock (tests fix it). */
	now?: () => Date;
	/** Entropy for drill shas (tests force collisions with it). */
	randomBytes?: (size: number) => Buffer;
	/** How long to wait for the lock (default 5 s or $DRILL_LOCK_WAIT_MS). */
	lockWaitMs?: number;
	/** The deepest a drill may nest (root = 1; default 8). */
	maxDepth?: number;
	/** Whose words warnings use for commands and parameters (default: the CLI's). */
	hints?: HintSurface;
	/**
	 * Context and evidence files must lie under the drills root: set by the MCP server over HTTP,
	 * whose clients may be anyone who reaches the port, not the user whose files these are.
	 */
	confineFiles?: boolean;
}

export type FramesTarget = string | FramesConfig;

export interface Frames {
	root: string;
	/** The root with symbolic links resolved, for containment checks. */
	realRoot: string;
	storePath?: string;
	openStore?: () => SummaryStore;
	knowledgeDir: string;
	now: () => Date;
	randomBytes: (size: number) => Buffer;
	lockWaitMs?: number;
	maxDepth: number;
	hints?: HintSurface;
	confineFiles?: boolean;
}

export function resolveFrames(target: FramesTarget): Frames {
	const config: FramesConfig = typeof target === 'string' ? {drillsRoot: target} : target;
	if (!config || typeof config.drillsRoot !== 'string' || config.drillsRoot === '') {
		throw new DrillError('bad_argument', 'no drills root given', hint`pass the folder that holds .drills/ (${option('drills', blank('DIR'))})`);
	}
	const root = path.resolve(config.drillsRoot);
	let realRoot: string;
	try {
		if (!statSync(root).isDirectory()) throw new Error('not a folder');
		realRoot = realpathSync(root);
	} catch {
		throw new DrillError('not_found', `the drills root ${root} is not an existing folder`, hint`point ${option('drills')} at the project folder that holds (or will hold) .drills/`);
	}
	const drills = path.join(root, '.drills');
	let linked = false;
	try {
		linked = lstatSync(drills).isSymbolicLink();
	} catch {
		// No .drills yet: the first drill down creates it.
	}
	if (linked) throw new DrillError('outside_root', `${drills} is a symbolic link`, 'frames stay inside the drills root: make .drills a real folder');
	return {
		root,
		realRoot,
		storePath: config.storePath,
		openStore: config.openStore,
		knowledgeDir: path.resolve(config.knowledgeDir ?? path.join(root, '.agents', 'knowledge')),
		now: config.now ?? (() => new Date()),
		randomBytes: config.randomBytes ?? ((size) => frameCrypto().randomBytes(size)),
		lockWaitMs: config.lockWaitMs,
		maxDepth: config.maxDepth ?? defaultMaxDepth,
		hints: config.hints,
		confineFiles: config.confineFiles,
	};
}

/** `target` relative to the root with forward slashes when it lies inside, else undefined. */
export function insideRoot(frames: Frames, target: string): string | undefined {
	let real: string;
	try {
		real = realpathSync(target);
	} catch {
		real = path.resolve(target);
	}
	if (real === frames.realRoot) return '.';
	if (!real.startsWith(frames.realRoot + path.sep)) return undefined;
	return path.relative(frames.realRoot, real).split(path.sep).join('/');
}

/**
 * The project a drills root's closed drills carry in the summary store (its real path): what
 * `find` with source drill narrows to, so that a store shared by two frame folders answers each
 * with its own drills.
 */
export function drillsProject(drillsRoot: string): string {
	const root = path.resolve(drillsRoot);
	try {
		return realpathSync(root);
	} catch {
		return root;
	}
}
