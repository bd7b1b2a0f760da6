import {randomBytes} from 'node:crypto';
import {closeSync, fsyncSync, openSync, renameSync, rmSync, unlinkSync, writeSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';

/** Temporary files and folders start with this, so `drill status --repair` can sweep them. */
export const tempPrefix = '.tmp-';

export function tempName(base: string): string {
	return `${tempPrefix}${base.slice(0, 60)}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/**
 * Writes a file whole or not at all: the text goes to a temporary file beside it, is flushed,
 * and is renamed over the target, so a reader (or a crash) never sees half a file.
 */
export function writeFileAtomic(file: string, content: string | Buffer): void {
	const temp = path.join(path.dirname(file), tempName(path.basename(file)));
	let fd: number | undefined;
	try {
		fd = openSync(temp, 'wx', 0o644);
		writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
		fsyncSync(fd);
		closeSync(fd);
		fd = undefined;
		renameSync(temp, file);
	} catch (error) {
		if (fd !== undefined) closeSync(fd);
		removeQuietly(temp);
		throw new DrillError('io_error', `cannot write ${file} (${(error as Error).message})`, 'check that the folder exists and is writable');
	}
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
