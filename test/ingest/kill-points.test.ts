import {type ChildProcess, spawn as spawnChild} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {SummaryStore} from '../../source/store/summary-store.js';
import {generatedMarkdown} from '../helpers/markdown.js';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';

// SIGKILL at several points of an ingest and of a reindex: on opening (schema being made), between
// items, after the last item while the writer trains the semantic model on close, and while
// `drill reindex` rebuilds. After each, the store must be whole, readable and searchable, and the
// next run must bring it to exactly where an uninterrupted run would have.

const files = 12;

/** About 3.6 MB of markdown: small enough that the writer trains the semantic model when it closes. */
function inputFolder(): string {
	const input = path.join(tempDir(), 'input');
	mkdirSync(input);
	for (let i = 0; i < files; i++) writeFileSync(path.join(input, `notes-${String(i).padStart(2, '0')}.md`), generatedMarkdown(i, 300_000));
	return input;
}

/** What another process has committed so far, read without ever waiting for a lock. */
function peek(file: string): {exists: boolean; items: number; trained: boolean} {
	let db: Database.Database | undefined;
	try {
		db = new Database(file, {readonly: true, fileMustExist: true, timeout: 0});
		const items = (db.prepare('SELECT sum(item_count) AS n FROM namespaces').get() as {n: number | null}).n ?? 0;
		const trained = db.prepare("SELECT 1 FROM meta WHERE key = 'search.semantic.generation'").get() !== undefined;
		return {exists: true, items, trained};
	} catch {
		return {exists: false, items: 0, trained: false};
	} finally {
		db?.close();
	}
}

interface Running {
	child: ChildProcess;
	exited: Promise<void>;
	done: () => boolean;
	stderr: () => string;
}

function start(args: string[]): Running {
	const child = spawnChild(process.execPath, [cliPath, ...args], {stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, DRILL_STORE: '', NO_COLOR: '1'}});
	let stderr = '';
	let finished = false;
	child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const exited = new Promise<void>((resolve) =>
		child.on('exit', () => {
			finished = true;
			resolve();
		}),
	);
	return {child, exited, done: () => finished, stderr: () => stderr};
}

/** Polls until `reached` holds, then kills the child without warning; fails if it ended first. */
async function killWhen(running: Running, reached: () => boolean, point: string): Promise<void> {
	while (!reached()) {
		expect(running.done(), `the run ended before ${point}: ${running.stderr()}`).toBe(false);
		await new Promise((resolve) => setTimeout(resolve, 2));
	}
	running.child.kill('SIGKILL');
	await running.exited;
}

function expectWhole(store: string): number {
	const reader = SummaryStore.open(store);
	try {
		expect(reader.db.pragma('integrity_check', {simple: true})).toBe('ok');
		const items = [...reader.eachItem()];
		for (const item of items) {
			const counts = reader.db.prepare('SELECT (SELECT count(*) FROM nodes WHERE item = ?) AS nodes, (SELECT count(*) FROM spans WHERE item = ?) AS spans').get(item.id, item.id) as {nodes: number; spans: number};
			expect(counts).toEqual({nodes: item.node_count, spans: item.span_count});
		}
		return items.length;
	} finally {
		reader.close();
	}
}

interface Hit {
	drill_node_id: string;
	score: number;
	matched_by: string[];
}

/** The funnel's stage-1 hits for a query (hybrid: keyword and semantic). */
function find(store: string, query = 'ledger refund'): Hit[] {
	const result = runCli(['find', query, '--store', store, '--json']);
	expect(result.stderr).not.toMatch(/^\s+at /mu);
	expect(result.code, result.stderr).toBe(0);
	return (JSON.parse(result.stdout) as {stage1_hits: Hit[]}).stage1_hits;
}

/** What the semantic index was built over, as the store records it. */
function semanticMeta(store: string): Record<string, string> {
	const db = new Database(store, {readonly: true});
	try {
		const rows = db.prepare("SELECT key, value FROM meta WHERE key IN ('search.semantic.built_items', 'search.semantic.dimension', 'search.semantic.embedder')").all() as Array<{key: string; value: string}>;
		return Object.fromEntries(rows.map((row) => [row.key, row.value]));
	} finally {
		db.close();
	}
}

/** Kills an ingest at `point`, then checks the store and finishes the job with a second run. */
async function killIngestAt(input: string, point: string, reached: (seen: ReturnType<typeof peek>) => boolean) {
	const store = path.join(tempDir(), 'store.db');
	const running = start(['ingest', input, '--store', store, '--json']);
	await killWhen(running, () => reached(peek(store)), point);
	const before = peek(store).exists ? expectWhole(store) : 0;
	const rerun = runCli(['ingest', input, '--store', store, '--json']);
	expect(rerun.code, rerun.stderr).toBe(0);
	expect(JSON.parse(rerun.stdout)).toMatchObject({added: files - before, skipped: before, failed: [], conflicts: []});
	expect(expectWhole(store)).toBe(files);
	return store;
}

describe('drill ingest and drill reindex killed at several points', () => {
	const input = inputFolder();
	const reference = path.join(tempDir(), 'reference.db');

	it('an uninterrupted run, for comparison, trains the semantic model on close', {timeout: 120_000}, () => {
		const result = runCli(['ingest', input, '--store', reference, '--json']);
		expect(result.code, result.stderr).toBe(0);
		expect(peek(reference)).toMatchObject({items: files, trained: true});
		expect(find(reference).length).toBeGreaterThan(0);
	});

	it('killed while the store is being made: the next run makes it', {timeout: 180_000}, async () => {
		await killIngestAt(input, 'the store existed', (seen) => seen.exists);
	});

	it('killed between items: every committed item is whole, the next run adds the rest', {timeout: 180_000}, async () => {
		await killIngestAt(input, 'a third of the items were in', (seen) => seen.items >= files / 3);
	});

	it('killed after the last item, while the model trains: searchable at once, and the next run trains it', {timeout: 180_000}, async () => {
		const store = path.join(tempDir(), 'store.db');
		const running = start(['ingest', input, '--store', store, '--json']);
		await killWhen(running, () => peek(store).items === files, 'the last item was in');
		expect(expectWhole(store)).toBe(files);
		expect(find(store).length).toBeGreaterThan(0);
		const rerun = runCli(['ingest', input, '--store', store, '--json']);
		expect(rerun.code, rerun.stderr).toBe(0);
		expect(JSON.parse(rerun.stdout)).toMatchObject({added: 0, skipped: files, failed: []});
		expect(peek(store).trained).toBe(true);
		expect(semanticMeta(store)).toEqual(semanticMeta(reference));
		expect(find(store)).toEqual(find(reference));
	});

	it('reindex killed part-way leaves the old indexes working, and the next reindex completes', {timeout: 180_000}, async () => {
		const store = await killIngestAt(input, 'half of the items were in', (seen) => seen.items >= files / 2);
		const running = start(['reindex', '--store', store]);
		await new Promise((resolve) => setTimeout(resolve, 300));
		if (!running.done()) running.child.kill('SIGKILL');
		await running.exited;
		expect(expectWhole(store)).toBe(files);
		expect(find(store).length).toBeGreaterThan(0);
		const again = runCli(['reindex', '--store', store]);
		expect(again.code, again.stderr).toBe(0);
		expect(semanticMeta(store)).toEqual(semanticMeta(reference));
		expect(find(store)).toEqual(find(reference));
	});
});

/** Whether a writer holds the store's write lock now (an ingest's batch is open), asked without waiting. */
function lockHeld(file: string): boolean {
	let db: Database.Database | undefined;
	try {
		db = new Database(file, {fileMustExist: true, timeout: 0});
		db.prepare('BEGIN IMMEDIATE').run();
		db.prepare('ROLLBACK').run();
		return false;
	} catch (error) {
		return String((error as {code?: string}).code).startsWith('SQLITE_BUSY');
	} finally {
		db?.close();
	}
}

/** Every item's identity and content, in order: two stores that agree here hold the same items. */
function itemsOf(file: string): string[] {
	const db = new Database(file, {readonly: true});
	try {
		return (db.prepare('SELECT namespace, item_id, content_hash, title, node_count, span_count FROM items ORDER BY namespace, item_id').all() as Array<Record<string, unknown>>).map((row) => JSON.stringify(row));
	} finally {
		db.close();
	}
}

describe('drill ingest killed inside a batch of commits', () => {
	const small = 200;
	const input = path.join(tempDir(), 'small');
	mkdirSync(input);
	for (let i = 0; i < small; i++) writeFileSync(path.join(input, `page-${String(i).padStart(3, '0')}.md`), generatedMarkdown(i, 3_000));
	const reference = path.join(tempDir(), 'reference.db');

	it('loses only the open batch: whole items stay, and the rerun ends where an uninterrupted run does', {timeout: 180_000}, async () => {
		const whole = runCli(['ingest', input, '--store', reference, '--json']);
		expect(whole.code, whole.stderr).toBe(0);
		const store = path.join(tempDir(), 'store.db');
		const running = start(['ingest', input, '--store', store, '--json']);
		// A batch is open (the write lock held between items) after at least one was committed.
		await killWhen(running, () => peek(store).items > 0 && lockHeld(store), 'a batch was open');
		const before = expectWhole(store);
		expect(before).toBeLessThan(small);
		const rerun = runCli(['ingest', input, '--store', store, '--json']);
		expect(rerun.code, rerun.stderr).toBe(0);
		expect(JSON.parse(rerun.stdout)).toMatchObject({added: small - before, skipped: before, failed: [], conflicts: []});
		expect(expectWhole(store)).toBe(small);
		expect(itemsOf(store)).toEqual(itemsOf(reference));
		expect(semanticMeta(store)).toEqual(semanticMeta(reference));
		expect(find(store, 'notes part')).toEqual(find(reference, 'notes part'));
	});
});
