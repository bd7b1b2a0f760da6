import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';
import {hint, run} from '../../core/hint.js';
import {unlinkIfPresent, writeFileAtomic} from './atomic.js';
import {readInsideRoot} from './confined-read.js';
import {shaPattern} from './naming.js';
import {drillsDir, type DrillEntry, type DrillTree} from './tree.js';

const repairHint = hint`run ${run('status', {repair: true})} to point the cursor at the deepest open drill (or clear it)`;

export function cursorPath(root: string): string {
	return path.join(drillsDir(root), 'cursor');
}

/** The cursor file's one line, trimmed; undefined when there is no cursor file. */
export function readCursorLine(root: string): string | undefined {
	try {
		return readInsideRoot(root, cursorPath(root)).trim();
	} catch (error) {
		if (error instanceof DrillError) throw new DrillError('cursor_broken', error.message, hint`remove it, then run ${run('status', {repair: true})}`);
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT') return undefined;
		if (code === 'EISDIR') throw new DrillError('cursor_broken', `${cursorPath(root)} is a folder, not the one-line cursor file`, hint`remove it, then run ${run('status', {repair: true})}`);
		throw new DrillError('io_error', `cannot read ${cursorPath(root)} (${(error as Error).message})`, 'check its permissions');
	}
}

/**
 * The seed's resolution: read the sha, search `.drills/` recursively for the matching folder,
 * and use it as the current drill. Undefined when no drill is open; a clear error (with the fix)
 * when the cursor is malformed, points nowhere, or at two folders.
 */
export function resolveCursor(tree: DrillTree): DrillEntry | undefined {
	const line = readCursorLine(tree.root);
	if (line === undefined || line === '') return undefined;
	const file = cursorPath(tree.root);
	if (line.includes('\n') || !shaPattern.test(line)) {
		const shown = JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);
		throw new DrillError('cursor_broken', `${file} holds ${shown}, not the 6-hex short sha of a drill`, repairHint);
	}
	const matches = tree.byId(line);
	if (matches.length === 0) {
		throw new DrillError('cursor_broken', `${file} points at drill ${line}, but no folder *-${line}-* exists under .drills/ (deleted or moved?)`, repairHint);
	}
	if (matches.length > 1) {
		throw new DrillError('cursor_broken', `${file} points at drill ${line}, which names ${matches.length} folders: ${matches.map((match) => match.rel).join(', ')}`, hint`rename or remove the duplicate folder, then run ${run('status', {repair: true})}`);
	}
	return matches[0];
}

export function writeCursor(root: string, id: string | undefined): void {
	if (id === undefined) {
		unlinkIfPresent(cursorPath(root));
		return;
	}
	mkdirSync(drillsDir(root), {recursive: true});
	writeFileAtomic(cursorPath(root), `${id}\n`, root);
}
