import {DrillError} from '../core/errors.js';
import {removeQuietly, writeFileAtomic} from './files/atomic.js';
import {resolveFrames, type FramesTarget} from './config.js';
import {readCursorLine, resolveCursor, writeCursor} from './files/cursor.js';
import {renderDrillDocument} from './files/drill-file.js';
import {withFrameLock} from './files/lock.js';
import {addChildResult, applyPostDrill, postDrillOf} from './plan/propagate.js';
import {FrameState} from './state.js';
import {statusOf, type StatusResult} from './status.js';
import {indexDrills} from './store-index.js';
import {chainOf, descendantsOf, drillsDir, parentOf, type DrillEntry} from './files/tree.js';

export interface RepairResult {
	/** What was fixed, one line each (empty when nothing needed fixing). */
	repaired: string[];
	warnings: string[];
	status: StatusResult;
}

/**
 * Recovers from an interrupted command or a hand edit: sweeps temporary files, redoes a missing
 * hand-over of a closed drill to its parent and a missing post-drill merge, points the cursor at
 * the deepest open drill (or clears it), and indexes the closed drills in the store again.
 */
export async function repairFrames(target: FramesTarget): Promise<RepairResult> {
	const frames = resolveFrames(target);
	const repaired: string[] = [];
	const outcome = await withFrameLock(
		drillsDir(frames.root),
		() => {
			let state = new FrameState(frames);
			for (const leftover of state.tree.leftovers) {
				removeQuietly(leftover);
				repaired.push(`removed ${leftover.slice(frames.root.length + 1)} (left by an interrupted command)`);
			}
			const changed = new Set<string>();
			const write = (entry: DrillEntry) => writeFileAtomic(entry.file, renderDrillDocument(state.doc(entry)));
			// Deepest first, so a grandchild's plan reaches its parent before that parent's reaches the root.
			for (const entry of [...state.tree.drills].reverse()) {
				const doc = state.tryDoc(entry);
				if (doc?.meta.status !== 'closed') continue;
				const parent = parentOf(state.tree, entry);
				if (parent) {
					const parentDoc = state.tryDoc(parent);
					if (!parentDoc) continue;
					if (changed.has(entry.dir) || !parentDoc.meta.child_results.some((child) => child.id === entry.id)) {
						addChildResult(parent, parentDoc, entry, doc);
						write(parent);
						changed.add(parent.dir);
						repaired.push(`handed closed drill ${entry.id} (${entry.slug}) over to its parent ${parent.id}`);
					}
				} else if (!doc.meta.post_drill || changed.has(entry.dir)) {
					applyPostDrill(doc, postDrillOf(entry, doc, doc.meta.closed ?? frames.now().toISOString()));
					write(entry);
					repaired.push(`merged the prevention plans of root drill ${entry.id} (${entry.slug})`);
				}
			}
			state = new FrameState(frames);
			let current: DrillEntry | undefined;
			try {
				current = resolveCursor(state.tree);
			} catch (error) {
				if (!(error instanceof DrillError)) throw error;
			}
			const usable = current && state.isOpen(current) && !descendantsOf(state.tree, current).some((entry) => state.isOpen(entry));
			if (!usable) {
				const candidates = state.openDrills().filter((entry) => chainOf(state.tree, entry).every((link) => state.isOpen(link)));
				const deepest = candidates.sort((a, b) => b.depth - a.depth || (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0))[0];
				const before = readCursorLine(frames.root);
				if (deepest?.id !== (before || undefined)) {
					writeCursor(frames.root, deepest?.id);
					repaired.push(deepest ? `pointed the cursor at drill ${deepest.id} (${deepest.slug})${before ? ` instead of ${JSON.stringify(before)}` : ''}` : `cleared the cursor ${JSON.stringify(before)}: no drill is open`);
				}
			}
			state = new FrameState(frames);
			const closed = state.tree.drills.flatMap((entry) => {
				const doc = state.tryDoc(entry);
				return doc?.meta.status === 'closed' ? [{entry, doc}] : [];
			});
			return {closed, status: statusOf(state, frames)};
		},
		{waitMs: frames.lockWaitMs},
	);
	return {repaired, warnings: indexDrills(frames, outcome.closed), status: outcome.status};
}
