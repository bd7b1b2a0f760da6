import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {fixtureFile} from './helpers.js';

let store: string;

beforeAll(() => {
	store = path.join(tempDir('drill-cli-find-'), 'store.db');
	const imported = runCli(['import', fixtureFile, '--store', store]);
	expect(imported.code).toBe(0);
});

describe('drill find', () => {
	it('prints ranked hits, candidate items and drilled spans', () => {
		const result = runCli(['find', 'retry', 'storm', '--store', store]);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^find "retry storm" · keyword,semantic · \d+ hits · [\d.]+ ms$/mu);
		expect(result.stdout).toContain('1  API debugging  conversation_session:k3x9  keyword+semantic');
		expect(result.stdout).toContain('candidate items: ');
		expect(result.stdout).toContain('↳ conversation_session:k3x9#n2 msg 3  Every client retries immediately, so the retry storm keeps the pool exhausted.');
		expect(result.stdout).not.toContain('\u001b[');
	});

	it('prints the result shape with --json, and search is the same command', () => {
		const result = runCli(['search', 'checkpoint', '--store', store, '--json', '--method', 'keyword', '--top-k', '1', '--drill-per-item-top-k', '1']);
		expect(result.code).toBe(0);
		const parsed = JSON.parse(result.stdout);
		expect(Object.keys(parsed).sort()).toEqual(['candidate_items', 'drilled', 'method', 'query', 'scope', 'stage1_hits', 'timings_ms']);
		expect(parsed.stage1_hits).toHaveLength(1);
		expect(parsed.stage1_hits[0].drill_node_id).toBe('docs:sqlite-wal');
		expect(parsed.drilled[0].spans).toHaveLength(1);
	});

	it('skips stage 2 with --no-drill and scopes with --scope', () => {
		const parsed = JSON.parse(runCli(['find', 'pool checkpoint export', '--store', store, '--json', '--no-drill', '--scope', 'docs']).stdout);
		expect(parsed.drilled).toEqual([]);
		expect(parsed.scope).toBe('docs');
		for (const hit of parsed.stage1_hits) expect(hit.namespace).toBe('docs');
	});

	it('answers hostile queries without a stack trace', () => {
		for (const query of ['"', '*', 'NEAR(', 'a:b', '🔥', 'x'.repeat(10_000)]) {
			const result = runCli(['find', query, '--store', store]);
			expect(result.code).toBe(0);
			expect(hasStackTrace(result.stderr + result.stdout)).toBe(false);
		}
	});

	it('gives one-line usage errors', () => {
		const empty = runCli(['find', '--store', store]);
		expect(empty.code).toBe(2);
		expect(empty.stderr).toBe('drill: find needs a QUERY; e.g. drill find "retry storm"\n');
		const method = runCli(['find', 'x', '--method', 'fuzzy', '--store', store]);
		expect(method.code).toBe(2);
		expect(method.stderr).toContain('unknown search method "fuzzy"');
		const embedder = runCli(['find', 'x', '--embedder', 'word2vec', '--store', store]);
		expect(embedder.stderr).toContain('unknown embedder "word2vec"; use one of: lsa, openai, transformers');
	});

	it('refuses another embedder than the store was indexed with, naming the fix', () => {
		const result = runCli(['find', 'x', '--embedder', 'openai', '--embed-url', 'http://127.0.0.1:9/v1', '--embed-model', 'nomic-embed-text', '--store', store, '--json']);
		expect(result.code).toBe(1);
		const {error} = JSON.parse(result.stdout);
		expect(error.code).toBe('embedder_mismatch');
		expect(error.hint).toContain('drill reindex --embedder openai --embed-url http://127.0.0.1:9/v1 --embed-model nomic-embed-text');
	});

	it('searches the knowledge folder', () => {
		const result = runCli(['find', 'anything', '--source', 'knowledge', '--knowledge', '/nonexistent/knowledge', '--store', store]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('the knowledge folder /nonexistent/knowledge does not exist');
	});
});

describe('drill reindex', () => {
	it('rebuilds the semantic index and reports it', () => {
		const result = runCli(['reindex', '--store', store, '--json']);
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout)).toMatchObject({items: 4, nodes: 11, embedder: 'lsa', dimension: 128, generation: 2});
		const human = runCli(['reindex', '--store', store]);
		expect(human.stdout).toMatch(/^reindexed 4 items \(11 nodes embedded\) with lsa \(128 dimensions\) in [\d.]+ s\n$/u);
	});

	it('says so when the embedding server cannot be reached', () => {
		const result = runCli(['reindex', '--store', store, '--embedder', 'openai', '--embed-url', 'http://127.0.0.1:9/v1', '--embed-model', 'x']);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: cannot reach the embedding server at http:\/\/127\.0\.0\.1:9\/v1\/embeddings/u);
	});
});
