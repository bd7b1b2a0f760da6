import {DrillError} from '../core/errors.js';
import {blank, give, hint, run} from '../core/hint.js';
import type {Frames} from './config.js';
import {resolveCursor} from './files/cursor.js';
import type {DrillDocument} from './files/drill-file.js';
import {chainOf, descendantsOf, drillsDir, readDrill, scanTree, type DrillEntry, type DrillTree} from './files/tree.js';

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

/** `a1b2c3 (api-debug)`, with `, current` for the cursor's frame. */
const named = (entry: DrillEntry, current?: DrillEntry) => `${entry.id} (${entry.slug}${entry === current ? ', current' : ''})`;

function openList(state: FrameState, current: DrillEntry | undefined): string {
	const open = state.openDrills();
	return open.length === 0 ? 'no frame is open' : `open: ${open.map((entry) => named(entry, current)).join(', ')}`;
}

/**
 * The open frame a call may resume when no other is given: the deepest open drill whose every
 * ancestor is open (the newest of equals). `drill up` moves the cursor there when a root closes
 * while a frame set aside by `newRoot` is still open; `status --repair` points a lost cursor there.
 */
export function deepestOpen(state: FrameState, except?: DrillEntry): DrillEntry | undefined {
	const candidates = state.openDrills().filter((entry) => entry !== except && chainOf(state.tree, entry).every((link) => link === entry || state.isOpen(link)));
	return candidates.sort((a, b) => b.depth - a.depth || (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0))[0];
}

/**
 * The frame a call acts on. Without `from`, the cursor's frame (the seed's rule). With `from` a
 * drill's sha, that drill, if it is open with nothing open below it: the current frame, or one set
 * aside when another top-level frame was opened beside it. With `from` 'root', the root level,
 * only while no drill is open. Anything else is refused with what is true (the drill does not
 * exist, is closed, or has an open drill below it), and "another command moved the cursor" is said
 * only when it did: when `seen`, the cursor the caller last saw, was the frame it names.
 */
export function frameToActOn(state: FrameState, from: string | undefined, op: 'down' | 'up', seen?: string | null): DrillEntry | undefined {
	const current = state.current();
	if (from === undefined) return current;
	const wanted = from.trim().toLowerCase();
	const atRoot = wanted === '' || wanted === 'root';
	// The caller last saw the cursor at the frame it names, and it is elsewhere now: another command moved it.
	const moved = seen !== undefined && (seen ?? null) === (atRoot ? null : wanted) && (current?.id ?? null) !== (seen ?? null);
	const since = (what: string) => (moved ? `; another command ${what} since your last call` : '');
	const retry = hint`check ${run('status')}, then retry with the right ${give(op, 'from')}`;
	if (atRoot) {
		if (op === 'up') throw new DrillError('bad_argument', 'from="root" names the root level, which is not a frame to close', hint`give the id of the frame to close as ${give('up', 'from')}, or leave it out to close the current one`);
		const open = state.openDrills();
		if (open.length === 0) return undefined;
		throw new DrillError(
			'frame_moved',
			`drill down from the root level expects no open frame, but ${open.length === 1 ? 'one is' : `${open.length} are`} open: ${open.map((entry) => named(entry, current)).join(', ')}${since(`opened ${current ? named(current) : 'one'}`)}`,
			hint`give ${give('down', 'new_root', true)} to open a top-level frame beside them, or ${give('down', 'from')} to work in one of them`,
		);
	}
	const entry = state.tree.byId(wanted)[0];
	if (!entry) {
		const start = hint`start one with ${run('down', {slug: blank('SLUG'), objective: blank('TEXT')})}`;
		throw new DrillError('not_found', `frame ${JSON.stringify(from)} does not exist under ${drillsDir(state.frames.root)}; ${openList(state, current)}`, state.openDrills().length > 0 ? retry : start);
	}
	const meta = state.doc(entry).meta;
	if (meta.status !== 'open') throw new DrillError('frame_closed', `frame ${named(entry)} is closed (at ${meta.closed ?? 'an unknown time'})${since('closed it')}; ${openList(state, current)}`, retry);
	const below = descendantsOf(state.tree, entry).filter((child) => state.isOpen(child));
	if (below.length > 0) {
		const deepest = below[below.length - 1]!;
		throw new DrillError(
			'frame_moved',
			`frame ${named(entry)} has an open frame below it: ${below.map((child) => named(child, current)).join(', ')}${since(`opened ${deepest.id}`)}`,
			hint`work in it with ${give(op, 'from', deepest.id)}, or see every open frame with ${run('status')}`,
		);
	}
	return entry;
}
