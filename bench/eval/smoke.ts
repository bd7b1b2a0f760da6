import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fixturePages} from './collections/fixture-pages.js';
import {writeKnownItem} from './collections/known-item.js';

/** A tiny BEIR collection for `npm run eval -- --smoke`: six documents, three judged queries. */
export function writeSmokeCollection(parent: string): string {
	const folder = path.join(parent, 'smoke');
	mkdirSync(folder, {recursive: true});
	const documents = [
		{_id: 'd1', title: 'Retry storms', text: 'Clients retry without backoff and the connection pool runs dry. Jitter spreads the retries.'},
		{_id: 'd2', title: 'WAL mode', text: 'Readers do not block writers in write-ahead logging. Checkpoints move pages back.'},
		{_id: 'd3', title: 'Export', text: 'Items are exported as JSON lines, one item a line.'},
		{_id: 'd4', title: 'PgBouncer', text: 'Transaction pooling hands the server connection back after each transaction.'},
		{_id: 'd5', title: 'Cache stampede', text: 'When a hot key expires every request recomputes it at once; a lock or early refresh helps.'},
		{_id: 'd6', title: 'Token budgets', text: 'A summary keeps within its token budget by cutting the least informative sentences.'},
	];
	const queries = [
		{_id: 'q1', text: 'retry backoff pool'},
		{_id: 'q2', text: 'write-ahead log readers'},
		{_id: 'q3', text: 'hot key expiry'},
	];
	writeFileSync(path.join(folder, 'corpus.jsonl'), documents.map((doc) => JSON.stringify(doc)).join('\n'));
	writeFileSync(path.join(folder, 'queries.jsonl'), queries.map((query) => JSON.stringify(query)).join('\n'));
	writeFileSync(path.join(folder, 'qrels.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td4\t1\nq2\td2\t1\nq3\td5\t1\n');
	return folder;
}

/**
 * The collection the CI guard runs on (`npm run eval -- --smoke-guard --guard`): known-item search
 * over this repository's own fixtures/ markdown, agents' session logs left out (51 pages, 47 queries; made at run time, nothing
 * committed). Small enough to take seconds, hard enough that no method is perfect on it (plain
 * bm25 0.735 nDCG@10), so the guard compares real rankings.
 */
export function writeGuardCollection(parent: string, fixtures = 'fixtures'): string {
	return writeKnownItem(path.join(parent, 'fixtures-known-item'), fixturePages(fixtures)).folder;
}

/**
 * Runs a bench that takes `--stores DIR COLLECTION…`: as given, or with `--smoke` on the tiny
 * collection in a temp folder (removed afterwards).
 */
export async function withSmokeCollection(argv: string[], prefix: string, bench: (args: string[]) => Promise<void>): Promise<void> {
	if (!argv.includes('--smoke')) return bench(argv);
	const folder = mkdtempSync(path.join(tmpdir(), prefix));
	try {
		await bench(['--stores', folder, writeSmokeCollection(folder), ...argv.filter((arg) => arg !== '--smoke')]);
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}
