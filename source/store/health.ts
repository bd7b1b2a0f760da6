import {readFileSync, statSync, writeFileSync} from 'node:fs';
import {DrillError, doctorHint, isCorruption} from '../core/errors.js';
import type {SqliteDatabase} from './sqlite-database.js';

export function damagedStore(file: string, detail: string): DrillError {
	return new DrillError('store_corrupt', `the store ${file} is damaged (${detail})`, doctorHint);
}

/**
 * `PRAGMA quick_check`'s findings: [] when the file is sound. A check that cannot even read the
 * file's structure throws SQLite's corruption error; that is a finding too.
 */
export function quickCheck(db: SqliteDatabase, limit = 20): string[] {
	try {
		const rows = db.pragma(`quick_check(${limit})`) as Array<{quick_check: string}>;
		return rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
	} catch (error) {
		if (isCorruption(error)) return [(error as Error).message];
		throw error;
	}
}

/**
 * A store's file as a writer left it: size, modification time and inode, kept beside the store
 * (`store.db-checked`). When the file is exactly as the last clean writer left it, nothing else
 * touched it and the quick check can be skipped; a 300 MB store takes seconds to check.
 */
interface Stamp {
	size: number;
	mtimeMs: number;
	ino: number;
}

const stampFile = (file: string) => `${file}-checked`;

function stampOf(file: string): Stamp | undefined {
	try {
		const stat = statSync(file);
		return {size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino};
	} catch {
		return undefined;
	}
}

export function isAsLastChecked(file: string): boolean {
	const now = stampOf(file);
	if (!now) return false;
	try {
		const saved = JSON.parse(readFileSync(stampFile(file), 'utf8')) as Partial<Stamp>;
		return saved.size === now.size && saved.mtimeMs === now.mtimeMs && saved.ino === now.ino;
	} catch {
		return false;
	}
}

/** Records the file as sound now (after a clean close, or a quick check that found nothing). */
export function recordChecked(file: string): void {
	const now = stampOf(file);
	if (!now) return;
	try {
		writeFileSync(stampFile(file), `${JSON.stringify(now)}\n`);
	} catch {
		// Only an optimization: without the stamp, the next writer checks the file again.
	}
}

/** Refuses to write into a damaged store: quick-checks it unless it is as the last clean writer left it. */
export function refuseDamaged(db: SqliteDatabase, file: string): void {
	if (isAsLastChecked(file)) return;
	const problems = quickCheck(db, 5)
		.flatMap((problem) => problem.split('\n'))
		.filter((line) => line.trim() !== '' && !line.startsWith('***'));
	if (problems.length > 0) throw damagedStore(file, `${problems[0]!}${problems.length > 1 ? ` and ${problems.length - 1} more problems` : ''}`);
	recordChecked(file);
}
