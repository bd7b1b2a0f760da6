import {lstatSync} from 'node:fs';
import {DrillError} from '../core/errors.js';
import {resolveFrames, type Frames, type FramesTarget} from './config.js';
import {readCursorLine, resolveCursor} from './files/cursor.js';
import {frameSummary, type FrameSummary} from './frame-summary.js';
import {lockIsStale, lockPath} from './files/lock.js';
import {mergePlans} from './plan/merge.js';
import {countBySink, type MergedAction, type PlanSink} from './plan/plan.js';
import {FrameState} from './state.js';
import {chainOf, drillsDir, parentOf, type DrillEntry} from './files/tree.js';

export interface PendingPlan {
	/** Where the actions come from: the closed children of the open frames, or a closed root not yet retrospected. */
	source: 'open-frames' | 'closed-root' | 'none';
	root: string | null;
	actions: MergedAction[];
	by_sink: Partial<Record<PlanSink, number>>;
	/** The closed root's merged plan is empty although its drills recorded issues. */
	plan_missed: boolean;
}

export interface StatusResult {
	/** The drills root (the folder holding .drills/). */
	root: string;
	cursor: string | null;
	current: FrameSummary | null;
	/** The current frame's objective (null when no drill is open). */
	objective: string | null;
	/** The frames from the root drill to the current one. */
	path: FrameSummary[];
	open: FrameSummary[];
	pending_plan: PendingPlan;
	/** The most recently closed root drill, if any. */
	last_closed_root: FrameSummary | null;
	counts: {drills: number; open: number; closed: number};
	/** Inconsistencies an interrupted command or a hand edit left; drill status --repair fixes most. */
	problems: string[];
}

export function lastClosedRoot(state: FrameState): DrillEntry | undefined {
	let best: {entry: DrillEntry; closed: string} | undefined;
	for (const entry of state.tree.drills) {
		if (entry.depth !== 1) continue;
		const meta = state.tryDoc(entry)?.meta;
		if (meta?.status !== 'closed') continue;
		const closed = meta.closed ?? '';
		if (!best || closed > best.closed || (closed === best.closed && entry.name > best.entry.name)) best = {entry, closed};
	}
	return best?.entry;
}

function problemsOf(state: FrameState, path: readonly DrillEntry[]): string[] {
	const current = path.at(-1);
	const problems: string[] = [];
	const {tree} = state;
	if (tree.leftovers.length) problems.push(`${tree.leftovers.length} temporary file${tree.leftovers.length === 1 ? '' : 's'} left by an interrupted command (${tree.leftovers.map((file) => file.slice(tree.root.length + 1)).join(', ')})`);
	const lock = lockPath(drillsDir(tree.root));
	if (lstatSync(lock, {throwIfNoEntry: false}) && lockIsStale(lock)) problems.push('a stale lock left by a process that is gone (.drills/.lock)');
	for (const ignored of tree.ignored) problems.push(`ignored ${ignored.rel}: ${ignored.reason}`);
	const onPath = new Set(path.map((entry) => entry.dir));
	for (const entry of tree.drills) {
		let doc;
		try {
			doc = state.doc(entry);
		} catch (error) {
			problems.push(`drill ${entry.id} (${entry.rel}): ${(error as Error).message}`);
			continue;
		}
		if (doc.meta.id !== entry.id) problems.push(`drill ${entry.rel} says id ${doc.meta.id} in its front matter, but its folder says ${entry.id}`);
		// An open drill off the cursor's path is a frame set aside (by a new top-level frame), unless
		// it sits below the current frame or under a closed drill: then a command was interrupted.
		if (doc.meta.status === 'open' && !onPath.has(entry.dir)) {
			const chain = chainOf(tree, entry);
			const closedAbove = chain.find((link) => link !== entry && state.tryDoc(link)?.meta.status !== 'open');
			if (closedAbove) problems.push(`drill ${entry.id} (${entry.slug}) is open under the closed drill ${closedAbove.id}`);
			else if (current && chain.includes(current)) problems.push(`drill ${entry.id} (${entry.slug}) is open but not on the cursor's path`);
		}
		if (doc.meta.status !== 'closed') continue;
		const parent = parentOf(tree, entry);
		if (parent) {
			const parentMeta = state.tryDoc(parent)?.meta;
			if (parentMeta && !parentMeta.child_results.some((child) => child.id === entry.id)) problems.push(`closed drill ${entry.id} (${entry.slug}) is missing from its parent ${parent.id}'s Child Results`);
		} else if (!doc.meta.post_drill) problems.push(`closed root drill ${entry.id} (${entry.slug}) has no merged prevention plan`);
	}
	return problems;
}

function pendingPlan(state: FrameState, path: readonly DrillEntry[], lastRoot: DrillEntry | undefined): PendingPlan {
	if (path.length > 0) {
		const actions = mergePlans(path.flatMap((entry) => state.tryDoc(entry)?.meta.child_results.flatMap((child) => child.prevention_plan) ?? []));
		return {source: 'open-frames', root: path[0]!.id, actions, by_sink: countBySink(actions), plan_missed: false};
	}
	const meta = lastRoot ? state.tryDoc(lastRoot)?.meta : undefined;
	if (lastRoot && meta?.post_drill && !meta.retrospect) {
		const actions = meta.post_drill.merged_prevention_plan;
		return {source: 'closed-root', root: lastRoot.id, actions, by_sink: countBySink(actions), plan_missed: meta.post_drill.plan_missed};
	}
	return {source: 'none', root: null, actions: [], by_sink: {}, plan_missed: false};
}

/**
 * The current drill, or undefined when its file cannot be read: status is how a person finds out
 * what is wrong, so a broken drill file is reported among the problems instead of blocking it.
 */
function readableCurrent(state: FrameState): {current?: DrillEntry; chain: DrillEntry[]} {
	try {
		const current = state.current();
		return {...(current ? {current} : {}), chain: state.chain(current)};
	} catch (error) {
		if (!(error instanceof DrillError) || error.code !== 'frame_error') throw error;
		// The cursor's own drill is unreadable: its chain still tells which open drills are on the path.
		return {chain: state.chain(resolveCursor(state.tree))};
	}
}

export function statusOf(state: FrameState, frames: Frames): StatusResult {
	const {current, chain} = readableCurrent(state);
	const path = chain.filter((entry) => state.tryDoc(entry));
	const summary = (entry: DrillEntry) => frameSummary(entry, state.doc(entry).meta);
	const open = state.openDrills();
	const lastRoot = lastClosedRoot(state);
	const drills = state.tree.drills.length;
	return {
		root: frames.root,
		cursor: current?.id ?? (readCursorLine(frames.root) || null),
		current: current ? summary(current) : null,
		objective: current ? state.doc(current).meta.objective : null,
		path: path.map(summary),
		open: open.map(summary),
		pending_plan: pendingPlan(state, path, lastRoot),
		last_closed_root: lastRoot ? summary(lastRoot) : null,
		counts: {drills, open: open.length, closed: state.tree.drills.filter((entry) => state.tryDoc(entry)?.meta.status === 'closed').length},
		problems: problemsOf(state, chain),
	};
}

/**
 * Where the frames stand: the cursor, the path from the root drill to the current one, the open
 * frames and the pending prevention plan. Throws `cursor_broken` (with the fix) when the cursor
 * points nowhere, at two folders, or at a closed drill.
 */
export function frameStatus(target: FramesTarget): StatusResult {
	const frames = resolveFrames(target);
	return statusOf(new FrameState(frames), frames);
}
