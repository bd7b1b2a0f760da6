import {closeSync, existsSync, fsyncSync, lstatSync, openSync, realpathSync, renameSync, rmSync, unlinkSync, writeSync, type Stats} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';
import {frameCrypto} from './crypto.js';

/** Temporary files and folders start with this, so `drill status --repair` can sweep them. */
export const tempPrefix = '.tmp-';

export function tempName(base: string): string {
	return `${tempPrefix}${base.slice(0, 60)}-${process.pid}-${frameCrypto().randomBytes(4).toString('hex')}`;
}

function kindOf(stat: Stats): string {
	if (stat.isDirectory()) return 'a folder';
	if (stat.isSymbolicLink()) return 'a symbolic link';
	if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
	if (stat.isFIFO()) return 'a named pipe';
	if (stat.isSocket()) return 'a socket';
	return 'not a regular file';
}

/** Whether `target` is `root` or lies inside it, both already resolved. */
function isInside(root: string, target: string): boolean {
	const rel = path.relative(root, target);
	return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/**
 * Refuses a write by rename that would replace something other than a regular file (a device such
 * as /dev/null, a folder, a link, a pipe), or that would land outside `within` — by its path or,
 * through a symbolic link, by where its folder really is.
 */
export function checkWriteTarget(file: string, within?: string): void {
	const target = path.resolve(file);
	let stat: Stats | undefined;
	try {
		stat = lstatSync(target);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new DrillError('io_error', `cannot check ${target} (${(error as Error).message})`, 'check the folder permissions');
	}
	if (stat && !stat.isFile()) {
		throw new DrillError('unsafe_target', `${target} is ${kindOf(stat)}, which drill will not replace`, 'give the path of a regular file, or of one that does not exist yet');
	}
	if (within === undefined) return;
	const root = path.resolve(within);
	if (!isInside(root, target) || !isInside(resolvedPath(root), resolvedPath(path.dirname(target)))) {
		throw new DrillError('outside_root', `${target} lies outside ${root}`, 'drill writes only inside its own folders: check the path and any symbolic link on the way');
	}
}

/** `target` with the symbolic links of its existing part resolved (the rest may not exist yet). */
function resolvedPath(target: string): string {
	let existing = target;
	while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
	return path.join(realpathSync(existing), path.relative(existing, target));
}

/** A file's new text, written and flushed beside it under a temporary name, waiting to be renamed into place. */
export interface StagedFile {
	temp: string;
	file: string;
}

/** Writes `content` beside `file` (checked as checkWriteTarget does), flushed; nothing is replaced yet. */
export function stageFile(file: string, content: string | Buffer, within?: string): StagedFile {
	checkWriteTarget(file, within);
	const temp = path.join(path.dirname(file), tempName(path.basename(file)));
	let fd: number | undefined;
	try {
		fd = openSync(temp, 'wx', 0o644);
		writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
		fsyncSync(fd);
		closeSync(fd);
		fd = undefined;
	} catch (error) {
		if (fd !== undefined) closeSync(fd);
		removeQuietly(temp);
		throw new DrillError('io_error', `cannot write ${file} (${(error as Error).message})`, diskHint(error));
	}
	return {temp, file};
}

export function discardStaged(staged: readonly StagedFile[]): void {
	for (const file of staged) removeQuietly(file.temp);
}

/** Renames staged files into place, in order (a rename takes no space, so a full disk cannot stop it half-way). */
export function commitStaged(staged: readonly StagedFile[]): void {
	for (const [index, {temp, file}] of staged.entries()) {
		try {
			renameSync(temp, file);
		} catch (error) {
			discardStaged(staged.slice(index));
			throw new DrillError('io_error', `cannot write ${file} (${(error as Error).message})`, diskHint(error));
		}
	}
}

/**
 * Writes several files as one change: every target is checked first (a link, a folder, a place
 * outside `within` is refused before anything is written), every new text is written and flushed
 * beside its target, and only then are they all renamed into place. A failure before the renames
 * (a full disk, a refused target) leaves every file as it was.
 */
export function writeFilesAtomic(writes: ReadonlyArray<{file: string; content: string | Buffer}>, within?: string): void {
	for (const write of writes) checkWriteTarget(write.file, within);
	const staged: StagedFile[] = [];
	try {
		for (const write of writes) staged.push(stageFile(write.file, write.content, within));
	} catch (error) {
		discardStaged(staged);
		throw error;
	}
	commitStaged(staged);
}

/**
 * Writes a file whole or not at all: the text goes to a temporary file beside it, is flushed,
 * and is renamed over the target, so a reader (or a crash) never sees half a file. The target
 * must be a regular file (or not exist) and, when `within` is given, lie inside that folder.
 */
export function writeFileAtomic(file: string, content: string | Buffer, within?: string): void {
	writeFilesAtomic([{file, content}], within);
}

/** What to do about a failed write, by its cause: a full disk, a read-only one, or permissions. */
export function diskHint(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full: free some space, then run the command again (nothing was half-written)';
	if (code === 'EROFS') return 'the file system is mounted read-only: work on a copy on a writable disk';
	if (code === 'EACCES' || code === 'EPERM') return 'you may not write there: check the folder permissions';
	return 'check that the folder exists and is writable';
}

export function removeQuietly(target: string): void {
	try {
		rmSync(target, {recursive: true, force: true});
	} catch {
		// Best effort: a leftover temp file is swept by drill status --repair.
	}
}

export function unlinkIfPresent(file: string): void {
	try {
		unlinkSync(file);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw new DrillError('io_error', `cannot remove ${file} (${(error as Error).message})`, 'check the folder permissions');
		}
	}
}
