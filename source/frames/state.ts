import {DrillError} from '../core/errors.js';
import {give, hint, run} from '../core/hint.js';
import type {Frames} from './config.js';
import {resolveCursor} from './files/cursor.js';
import type {DrillDocument} from './files/drill-file.js';
import {chainOf, readDrill, scanTree, type DrillEntry, type DrillTree} from './files/tree.js';

/** The tree as it is on disk right now, with drill files read on demand and kept. */
export class FrameState {
	readonly tree: DrillTree;
	private readonly docs = new Map<string, DrillDocument | DrillError>();

	constructor(readonly frames: Frames) {
		this.tree = scanTree(frames.root);
	}

	/** The drill's parsed file; throws a DrillError when it is missing or malformed. */
	doc(entry: DrillEntry): DrillDocument {
		const cached = this.docs.get(entry.dir);
		if (cached instanceof DrillError) throw cached;
		if (cached) return cached;
		try {
			const doc = readDrill(entry, this.frames.root);
			this.docs.set(entry.dir, doc);
			return doc;
		} catch (error) {
			if (error instanceof DrillError) this.docs.set(entry.dir, error);
			throw error;
		}
	}

	/** The drill's file, or undefined when it cannot be read (for listings that go on regardless). */
	tryDoc(entry: DrillEntry): DrillDocument | undefined {
		try {
			return this.doc(entry);
		} catch (error) {
			if (error instanceof DrillError) return undefined;
			throw error;
		}
	}

	isOpen(entry: DrillEntry): boolean {
		return this.tryDoc(entry)?.meta.status === 'open';
	}

	openDrills(): DrillEntry[] {
		return this.tree.drills.filter((entry) => this.isOpen(entry));
	}

	/**
	 * The current drill by the cursor, checked: no cursor while drills are open, or a cursor at a
	 * closed drill, is a broken cursor (an interrupted command), with the fix in the hint.
	 */
	current(): DrillEntry | undefined {
		const current = resolveCursor(this.tree);
		if (!current) {
			const open = this.openDrills();
			if (open.length > 0) {
				throw new DrillError('cursor_broken', `there is no .drills/cursor, but ${open.length} drill${open.length === 1 ? ' is' : 's are'} open (${open.map((entry) => entry.id).join(', ')})`, hint`run ${run('status', {repair: true})} to point the cursor at the deepest open drill`);
			}
			return undefined;
		}
		const doc = this.doc(current);
		if (doc.meta.status !== 'open') {
			throw new DrillError('cursor_broken', `the cursor points at drill ${current.id}, which is already closed`, hint`run ${run('status', {repair: true})} to move the cursor to the open drill above it`);
		}
		return current;
	}

	chain(entry: DrillEntry | undefined): DrillEntry[] {
		return entry ? chainOf(this.tree, entry) : [];
	}
}

/** Refuses when the caller expected another current frame (`from`): two callers cannot both win. */
export function checkExpected(current: DrillEntry | undefined, from: string | undefined, op: 'down' | 'up'): void {
	if (from === undefined) return;
	const expected = from === '' || from === 'root' ? undefined : from;
	if ((current?.id ?? undefined) === expected) return;
	const now = current ? `drill ${current.id} (${current.slug})` : 'no drill (the root level)';
	const wanted = expected ? `drill ${expected}` : 'the root level';
	throw new DrillError('frame_moved', `drill ${op} expected to start from ${wanted}, but the current frame is ${now}`, hint`another command moved the cursor: check ${run('status')}, then retry with the right ${give(op, 'from')}`);
}
