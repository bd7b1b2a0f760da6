import {DrillError} from '../core/errors.js';

/**
 * Taking turns with other processes that write the same store. SQLite's busy handler waits up to
 * `busy_timeout` for the write lock; a writer that waits longer (ten ingests into one store, one
 * of them retraining the semantic model at close) tries again, says once that it is waiting, and
 * gives up only after `DRILL_STORE_WAIT_MS` (default 10 minutes).
 */

export const defaultStoreWaitMs = 10 * 60_000;

export interface TurnOptions {
	/** Hears, once, that this process is waiting for another writer. */
	onWait?: (message: string) => void;
	/** The longest wait in all before giving up (default: DRILL_STORE_WAIT_MS or 10 minutes). */
	maxWaitMs?: number;
}

export function isBusy(error: unknown): boolean {
	const code = (error as {code?: unknown} | null)?.code;
	return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export function storeWaitMs(env: NodeJS.ProcessEnv = process.env): number {
	const value = Number(env.DRILL_STORE_WAIT_MS);
	return Number.isFinite(value) && value >= 0 ? value : defaultStoreWaitMs;
}

/** Runs a write, trying again while another process holds the store's write lock. */
export function takeTurn<T>(file: string, action: () => T, options: TurnOptions = {}): T {
	const started = Date.now();
	const maxWait = options.maxWaitMs ?? storeWaitMs();
	let said = false;
	for (;;) {
		try {
			return action();
		} catch (error) {
			if (!isBusy(error)) throw error;
			// SQLite has already waited out its busy timeout by now: say so once, then wait on or give up.
			if (!said) options.onWait?.(`waiting for another drill process that is writing to ${file}…`);
			said = true;
			const waited = Date.now() - started;
			if (waited >= maxWait) {
				throw new DrillError('store_busy', `the store ${file} stayed locked by another process for ${(waited / 1000).toFixed(0)} s`, 'try again when the other drill command has finished, or wait longer with DRILL_STORE_WAIT_MS (milliseconds)');
			}
		}
	}
}
