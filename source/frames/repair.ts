import {existsSync, lstatSync, renameSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {rebuildDrillDocument} from './files/drill-file-rebuild.js';
import {removeQuietly, unlinkIfPresent, writeFileAtomic} from './files/atomic.js';
import {readInsideRoot} from './files/confined-read.js';
import {resolveFrames, type Frames, type FramesTarget} from './config.js';
import {cursorPath, readCursorLine, resolveCursor, writeCursor} from './files/cursor.js';
import {renderDrillDocument} from './files/drill-file.js';
import {withFrameLock} from './files/lock.js';
import {addChildResult, applyPostDrill, postDrillOf} from './plan/propagate.js';
import {deepestOpen, FrameState} from './state.js';
import {statusOf, type StatusResult} from './status.js';
import {indexDrills} from './store-index.js';
import {descendantsOf, drillsDir, parentOf, type DrillEntry} from './files/tree.js';

export interface RepairResult {
	/** What was fixed, one line each (empty when nothing needed fixing). */
	repaired: string[];
	warnings: string[];
	status: StatusResult;
}

/**
 * A drill file whose front matter does not parse would block every command that reads it: the
 * file is kept beside itself (`NAME.md.broken-STAMP`) and a new one is written with the fields
 * that could still be read, the rest from the folder. Returns whether anything was rebuilt.
 */
function rebuildBrokenFiles(state: FrameState, repaired: string[]): boolean {
	let rebuilt = false;
	for (const entry of state.tree.drills) {
		let problem: DrillError | undefined;
		try {
			state.doc(entry);
		} catch (error) {
			if (!(error instanceof DrillError)) throw error;
			// Only a file that was read but does not parse is rebuilt; status reports the rest.
			if (error.code === 'frame_error') problem = error;
		}
		if (!problem || !existsSync(entry.file)) continue;
		const text = readInsideRoot(state.frames.root, entry.file);
		const {doc, lost} = rebuildDrillDocument(text, entry);
		const aside = `${entry.file}.broken-${state.frames.now().toISOString().replace(/[-:]/gu, '').slice(0, 15)}`;
		renameSync(entry.file, aside);
		writeFileAtomic(entry.file, renderDrillDocument(doc), state.frames.root);
		const rel = (file: string) => path.relative(state.frames.root, file).split(path.sep).join('/');
		repaired.push(
			`rebuilt the front matter of drill ${entry.id} (${entry.slug}): ${problem.message.replace(`${entry.file} `, '')}; the file as it was is kept at ${rel(aside)}${lost.length ? `; ${lost.join(', ')} could not be read and took defaults (status ${doc.meta.status}, objective ${JSON.stringify(doc.meta.objective)}): check them` : ''}`,
		);
		rebuilt = true;
	}
	return rebuilt;
}

/**
 * The cursor's line; a cursor that cannot be read as drill's own file (a link out of the root, a
 * pipe) is removed, to be written again, since it names no drill anyone could trust.
 */
function readableCursorLine(frames: Frames, repaired: string[]): string | undefined {
	try {
		return readCursorLine(frames.root);
	} catch (error) {
		const stat = lstatSync(cursorPath(frames.root), {throwIfNoEntry: false});
		if (!(error instanceof DrillError) || !(stat?.isSymbolicLink() || stat?.isFIFO())) throw error;
		unlinkIfPresent(cursorPath(frames.root));
		repaired.push(`removed the cursor: ${error.message}`);
		return undefined;
	}
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
			if (rebuildBrokenFiles(state, repaired)) state = new FrameState(frames);
			for (const ignored of state.tree.ignored) repaired.push(`left ${ignored.rel} alone: ${ignored.reason}`);
			const changed = new Set<string>();
			const write = (entry: DrillEntry) => writeFileAtomic(entry.file, renderDrillDocument(state.doc(entry)), frames.root);
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
				const deepest = deepestOpen(state);
				const before = readableCursorLine(frames, repaired);
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
		{waitMs: frames.lockWaitMs, onStaleLock: (holder) => repaired.unshift(`removed the stale lock .drills/.lock left by ${holder}, which is gone`)},
	);
	return {repaired, warnings: indexDrills(frames, outcome.closed), status: outcome.status};
}
