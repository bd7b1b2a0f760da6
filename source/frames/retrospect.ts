import {mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {blank, give, hint, run} from '../core/hint.js';
import {checkWriteTarget, writeFileAtomic} from './files/atomic.js';
import {resolveFrames, type Frames, type FramesTarget} from './config.js';
import {renderDrillDocument, type Issue} from './files/drill-file.js';
import {withFrameLock} from './files/lock.js';
import {shaPattern} from './files/naming.js';
import type {MergedAction, PlanSink} from './plan/plan.js';
import {postDrillOf} from './plan/propagate.js';
import {relativeToRoot, routeAction, type PlannedWrite, type RouteContext} from './plan/sinks.js';
import {FrameState} from './state.js';
import {lastClosedRoot} from './status.js';
import {drillsDir, type DrillEntry} from './files/tree.js';

export interface RetrospectOptions {
	/** Write the routed files (else only say what would be written). */
	apply?: boolean;
	/** The root drill's short sha (default: the most recently closed root). */
	drill?: string;
}

export interface RoutedAction {
	sink: PlanSink;
	/** Relative to the drills root when inside it. */
	path: string;
	/** create: a new file; append: an entry added to a running file; unchanged: already routed by an earlier run. */
	mode: PlannedWrite['mode'];
	action: string;
	/** What is (or would be) written: the whole file, or the appended entry. */
	content: string;
}

export interface RetrospectResult {
	root: string;
	objective: string;
	closed: string | null;
	/** The merged prevention plan, every action with the drills that proposed it. */
	actions: MergedAction[];
	routed: RoutedAction[];
	applied: boolean;
	/** When an earlier `--apply` ran (files it wrote are left as they are). */
	previously_applied: string | null;
	/** Set when the merged plan is empty although drills recorded an error or surprise. */
	plan_missed: {message: string; issues: Issue[]} | null;
}

function findRoot(state: FrameState, wanted: string | undefined): DrillEntry {
	if (wanted !== undefined) {
		const sha = wanted.trim().toLowerCase();
		if (!shaPattern.test(sha)) throw new DrillError('bad_argument', `${JSON.stringify(wanted)} is not a drill's short sha`, hint`give the 6 hex digits of a root drill as ${give('retrospect', 'drill', blank('SHA'))}; ${run('walk', {domain: 'drills', node_id: ''})} lists them`);
		const matches = state.tree.byId(sha);
		if (matches.length === 0) throw new DrillError('not_found', `no drill ${sha} under ${drillsDir(state.frames.root)}`, hint`list the drills with: ${run('walk', {domain: 'drills', node_id: ''})}`);
		const entry = matches[0]!;
		if (entry.depth !== 1) {
			const root = state.chain(entry)[0]!;
			throw new DrillError('bad_argument', `drill ${sha} is nested; nested drills only pass their plans up and do not retrospect`, hint`retrospect its root: ${run('retrospect', {drill: root.id})}`);
		}
		if (state.doc(entry).meta.status !== 'closed') throw new DrillError('frame_open', `root drill ${sha} is still open`, hint`close it with ${run('up')} first: the post-drill phase runs after the root closes`);
		return entry;
	}
	const last = lastClosedRoot(state);
	if (!last) throw new DrillError('not_found', 'no closed root drill to retrospect', hint`close a root drill with ${run('up')} first`);
	return last;
}

function plan(frames: Frames, state: FrameState, root: DrillEntry): {context: RouteContext; actions: MergedAction[]; writes: PlannedWrite[]; issues: Issue[]} {
	const doc = state.doc(root);
	const post = doc.meta.post_drill ?? postDrillOf(root, doc, doc.meta.closed ?? frames.now().toISOString());
	// The day names routed files: a hand-edited `closed` that is not a date must not become a path.
	const closed = doc.meta.closed ?? '';
	const date = /^\d{4}-\d{2}-\d{2}/u.test(closed) ? closed.slice(0, 10) : frames.now().toISOString().slice(0, 10);
	const context: RouteContext = {frames, root, meta: doc.meta, date, planned: new Map()};
	const writes: PlannedWrite[] = [];
	for (const action of post.merged_prevention_plan) {
		const write = routeAction(context, action);
		if (write.mode !== 'unchanged') context.planned.set(write.file, write);
		writes.push(write);
	}
	return {context, actions: post.merged_prevention_plan, writes, issues: post.issues};
}

/** Where a routed write must stay: the knowledge folder for lessons, the drills root for the rest. */
function destinationRoot(frames: Frames, write: PlannedWrite): string {
	return write.sink === 'knowledgebase' ? frames.knowledgeDir : frames.root;
}

function applyWrite(frames: Frames, write: PlannedWrite): void {
	if (write.mode === 'unchanged') return;
	const within = destinationRoot(frames, write);
	mkdirSync(path.dirname(write.file), {recursive: true});
	if (write.mode === 'create') {
		writeFileAtomic(write.file, write.content, within);
		return;
	}
	let existing = '';
	try {
		existing = readFileSync(write.file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new DrillError('io_error', `cannot read ${write.file} (${(error as Error).message})`, 'check its permissions');
	}
	writeFileAtomic(write.file, `${existing.replace(/\n*$/u, '\n')}${write.content}`, within);
}

/**
 * The post-drill retrospect: routes each action of a closed root's merged plan to its sink.
 * Without `apply` nothing is written. Every routed file carries a marker of its action, so a
 * second run writes nothing twice. When the merged plan is empty but drills recorded issues,
 * the result says the plan was missed.
 */
export async function retrospect(target: FramesTarget, options: RetrospectOptions = {}): Promise<RetrospectResult> {
	const frames = resolveFrames(target);
	const run = () => {
		const state = new FrameState(frames);
		const root = findRoot(state, options.drill);
		const {actions, writes, issues} = plan(frames, state, root);
		const doc = state.doc(root);
		const previously = doc.meta.retrospect?.applied_at ?? null;
		if (options.apply) {
			// Every destination is checked before anything is written: all or nothing.
			for (const write of writes) checkWriteTarget(write.file, destinationRoot(frames, write));
			for (const write of writes) applyWrite(frames, write);
			if (!doc.meta.retrospect) {
				const routed = writes.map((write) => ({sink: write.sink, path: relativeToRoot(frames, write.file)}));
				doc.meta.retrospect = {applied_at: frames.now().toISOString(), routed};
				doc.sections.set('Retrospect', routed.length ? `Routed at ${doc.meta.retrospect.applied_at}:\n\n${routed.map((item) => `- ${item.sink}: \`${item.path}\``).join('\n')}` : `Run at ${doc.meta.retrospect.applied_at}: nothing to route.`);
				writeFileAtomic(root.file, renderDrillDocument(doc), frames.root);
			}
		}
		const missed = actions.length === 0 && issues.length > 0;
		return {
			root: root.id,
			objective: doc.meta.objective,
			closed: doc.meta.closed,
			actions,
			routed: writes.map((write) => ({sink: write.sink, path: relativeToRoot(frames, write.file), mode: write.mode, action: write.action, content: write.content})),
			applied: Boolean(options.apply),
			previously_applied: previously,
			plan_missed: missed
				? {
						message: `the merged prevention plan of drill ${root.id} is empty, but drills recorded ${issues.length} issue${issues.length === 1 ? '' : 's'}: the plan was missed. Retrospect why, and add the actions (e.g. a backlog item)`,
						issues,
					}
				: null,
		};
	};
	return options.apply ? withFrameLock(drillsDir(frames.root), run, {waitMs: frames.lockWaitMs}) : run();
}
