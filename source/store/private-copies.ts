import {chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The private folders that hold copies of agent databases while they are read (ingest/io/sqlite-store.ts, and a drill store read on a read-only mount: store/read-only-open.ts):
 * session text, unredacted, so none may outlive its reader.
 *
 * - Each is made `0700` in the temporary folder, named after the process (`drill-store-PID-…`).
 * - It is removed when its store is closed, and on every way out of the process: a normal exit,
 *   and SIGINT, SIGTERM and SIGHUP (the folders go, then the signal does what it did: the handler
 *   of a command that stops gracefully, or the default, which ends the process).
 * - SIGKILL and a power cut leave it: the next run that copies a database, and every
 *   `drill ingest`, sweeps the folders of processes that are gone (`sweepStaleCopies`).
 */

const prefix = 'drill-store-';
/** A folder of drill before copies were named after their process: swept when this old. */
const legacyAgeMs = 24 * 60 * 60 * 1000;
const exitSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const open = new Set<string>();
let installed = false;
let swept = false;

export function removePrivateCopy(folder: string): void {
	open.delete(folder);
	rmSync(folder, {recursive: true, force: true});
	// No copy open: the process's signals do what they did before (a long-lived --watch included).
	if (open.size === 0) uninstall();
}

function removeAll(): void {
	for (const folder of [...open]) removePrivateCopy(folder);
}

function onSignal(signal: NodeJS.Signals): void {
	// Only this handler: the signal's default (the process ends) is what this listener took away.
	const alone = process.listenerCount(signal) === 1;
	removeAll();
	uninstall();
	if (alone) process.kill(process.pid, signal);
}

const signalHandlers = new Map(exitSignals.map((signal) => [signal, () => onSignal(signal)]));

function install(): void {
	if (installed) return;
	installed = true;
	process.on('exit', removeAll);
	for (const [signal, handler] of signalHandlers) process.on(signal, handler);
}

function uninstall(): void {
	if (!installed) return;
	installed = false;
	process.off('exit', removeAll);
	for (const [signal, handler] of signalHandlers) process.off(signal, handler);
}

/** A new private folder for one copy, removed at close (`removePrivateCopy`) or on any way out. */
export function privateCopyFolder(): string {
	if (!swept) sweepStaleCopies();
	const folder = mkdtempSync(path.join(os.tmpdir(), `${prefix}${process.pid}-`));
	chmodSync(folder, 0o700);
	open.add(folder);
	install();
	return folder;
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: a process of another user has that id; it is alive.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Removes the copy folders that processes now gone left behind (killed, or an older drill). Returns how many. */
export function sweepStaleCopies(): number {
	swept = true;
	const temp = os.tmpdir();
	let entries: string[];
	try {
		entries = readdirSync(temp).filter((name) => name.startsWith(prefix));
	} catch {
		return 0;
	}
	const uid = process.getuid?.();
	let removed = 0;
	for (const name of entries) {
		const folder = path.join(temp, name);
		try {
			const info = lstatSync(folder);
			if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) continue;
			const pid = /^drill-store-(\d+)-/u.exec(name)?.[1];
			const stale = pid ? Number(pid) !== process.pid && !alive(Number(pid)) : Date.now() - info.mtimeMs > legacyAgeMs;
			if (!stale) continue;
			rmSync(folder, {recursive: true, force: true});
			removed++;
		} catch {
			// One that cannot be looked at or removed is left to the next sweep.
		}
	}
	return removed;
}
