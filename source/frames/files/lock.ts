import {accessSync, closeSync, constants, linkSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync} from 'node:fs';
import {hostname} from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {DrillError} from '../../core/errors.js';
import {diskHint, removeQuietly, tempName} from './atomic.js';

export const lockFileName = '.lock';
const defaultWaitMs = 5000;
const pollMs = 20;
/** A lock file with no readable holder is taken as stale after this long (a crash mid-write). */
const unreadableStaleMs = 10_000;

export interface LockHolder {
	pid: number;
	host: string;
	created: string;
}

export function lockPath(drillsDir: string): string {
	return path.join(drillsDir, lockFileName);
}

export function readLock(file: string): LockHolder | undefined {
	try {
		const value = JSON.parse(readFileSafe(file) ?? '') as Partial<LockHolder>;
		if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.created === 'string') return value as LockHolder;
	} catch {
		// Missing, half-written or not ours: treated as unreadable.
	}
	return undefined;
}

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** True when the lock's holder is known to be gone: a dead pid on this host, or an old unreadable file. */
export function lockIsStale(file: string): boolean {
	// drill makes its lock as a regular file: a link or a pipe there was never one of its locks.
	if (isOther(file)) return true;
	const holder = readLock(file);
	if (holder) return holder.host === hostname() && !processAlive(holder.pid);
	try {
		return Date.now() - statSync(file).mtimeMs > unreadableStaleMs;
	} catch {
		return false;
	}
}

function tryCreate(file: string, holder: LockHolder): boolean {
	let fd: number;
	try {
		fd = openSync(file, 'wx', 0o644);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
		throw new DrillError('io_error', `cannot create the lock ${file} (${(error as Error).message})`, diskHint(error));
	}
	try {
		writeSync(fd, JSON.stringify(holder));
	} catch (error) {
		// An empty lock would hold every other writer off until it looked stale: take it back.
		closeSync(fd);
		removeQuietly(file);
		throw new DrillError('io_error', `cannot create the lock ${file} (${(error as Error).message})`, diskHint(error));
	}
	closeSync(fd);
	return true;
}

/**
 * Removes a stale lock without ever removing a live one: the stale file is moved aside first and
 * checked; if another process replaced it with a fresh lock in between, that lock is put back.
 */
function breakStaleLock(file: string): void {
	const before = readFileSafe(file);
	const aside = path.join(path.dirname(file), tempName('stale-lock'));
	try {
		renameSync(file, aside);
	} catch {
		return;
	}
	if (readFileSafe(aside) === before) {
		removeQuietly(aside);
		return;
	}
	try {
		linkSync(aside, file);
	} catch {
		// Someone holds a newer lock already; the moved one was theirs too late to matter.
	}
	removeQuietly(aside);
}

/** Something other than a regular file (reading a pipe would block; a link may lead anywhere). */
function isOther(file: string): boolean {
	const stat = lstatSync(file, {throwIfNoEntry: false});
	return stat !== undefined && !stat.isFile();
}

function readFileSafe(file: string): string | undefined {
	try {
		return isOther(file) ? undefined : readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
}

export interface LockOptions {
	/** How long to wait for another drill command to finish (default 5 s, or $DRILL_LOCK_WAIT_MS). */
	waitMs?: number;
	/** Hears that a stale lock was broken, and whose it was (so `status --repair` can say so). */
	onStaleLock?: (holder: string) => void;
}

/** Why nothing can be written in `folder` (EROFS, EACCES), or undefined when something can. */
function writeProblem(folder: string): NodeJS.ErrnoException | undefined {
	try {
		accessSync(folder, constants.W_OK);
		return undefined;
	} catch (error) {
		return error as NodeJS.ErrnoException;
	}
}

/** Whose a lock is, in words. */
function holderText(holder: LockHolder | undefined): string {
	return holder ? `process ${holder.pid} on ${holder.host} (since ${holder.created})` : 'another process';
}

function resolveWait(options: LockOptions): number {
	if (options.waitMs !== undefined) return options.waitMs;
	const fromEnv = Number(process.env.DRILL_LOCK_WAIT_MS);
	return Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : defaultWaitMs;
}

/**
 * Runs `action` holding the `.drills/.lock` file (created with O_EXCL, holding our pid and the
 * time). Waits for a live holder up to `waitMs`, then refuses with `frame_locked`; a lock left by a
 * dead process is broken.
 */
export async function withFrameLock<T>(drillsDir: string, action: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
	const file = lockPath(drillsDir);
	try {
		mkdirSync(drillsDir, {recursive: true});
	} catch (error) {
		// A recursive mkdir says ENOENT on a read-only file system: ask the folder above what it is.
		const cause = writeProblem(path.dirname(drillsDir)) ?? (error as NodeJS.ErrnoException);
		throw new DrillError('io_error', `cannot create ${drillsDir} (${cause.code === 'EROFS' ? 'EROFS: read-only file system' : cause.message})`, diskHint(cause));
	}
	const holder: LockHolder = {pid: process.pid, host: hostname(), created: new Date().toISOString()};
	const deadline = Date.now() + resolveWait(options);
	for (;;) {
		if (tryCreate(file, holder)) break;
		if (lockIsStale(file)) {
			const stale = readLock(file);
			breakStaleLock(file);
			options.onStaleLock?.(stale ? holderText(stale) : 'a process that left it empty or unreadable');
			continue;
		}
		if (Date.now() >= deadline) {
			const who = holderText(readLock(file));
			throw new DrillError('frame_locked', `the .drills tree is locked by ${who}`, `wait for that drill command to finish; if none is running, remove ${file}`);
		}
		await sleep(pollMs);
	}
	const mine = JSON.stringify(holder);
	try {
		return await action();
	} finally {
		if (readFileSafe(file) === mine) {
			try {
				unlinkSync(file);
			} catch {
				// Already gone.
			}
		}
	}
}
