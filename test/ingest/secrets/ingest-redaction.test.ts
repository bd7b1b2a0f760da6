import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SummaryStore} from '../../../source/store/summary-store.js';
import {redactedWithKey} from '../../../source/ingest/secrets/clean-store.js';
import {runCli, tempDir} from '../../helpers/cli.js';
import {testSecrets, writeSessionWithSecrets} from '../../helpers/secret-session.js';

/** Everything the store holds, as bytes: any secret anywhere in it (rows, FTS, WAL) shows here. */
function storeBytes(store: string): string {
	const files = [store, `${store}-wal`].flatMap((file) => {
		try {
			return [readFileSync(file).toString('latin1')];
		} catch {
			return [];
		}
	});
	return files.join('');
}

function exported(store: string): string {
	const result = runCli(['export', '--store', store]);
	expect(result.code).toBe(0);
	return result.stdout;
}

describe('secrets at ingest', () => {
	it('never reach the store: spans, summaries, keywords, search index; each item counts its own and --json reports them', () => {
		const dir = tempDir();
		writeSessionWithSecrets(path.join(dir, 'session.jsonl'));
		writeFileSync(path.join(dir, 'notes.md'), `# Deploy\n\nRun with \`export GITHUB_TOKEN=${testSecrets.github}\` and ${testSecrets.dbUrl}.\n`);
		const store = path.join(dir, 's.db');
		const result = runCli(['ingest', dir, '--store', store, '--json']);
		expect(result.code).toBe(0);
		const report = JSON.parse(result.stdout);
		expect(report.redactions).toBe(6);
		expect(report.keep_secrets).toBeUndefined();
		const items = exported(store).trim().split('\n').map((line) => JSON.parse(line));
		expect(items.map((item) => item.source.redactions).sort()).toEqual([2, 4]);
		const all = JSON.stringify(items);
		for (const secret of [testSecrets.github, testSecrets.dbPassword, testSecrets.deepseek]) {
			expect(all).not.toContain(secret);
			expect(storeBytes(store)).not.toContain(secret);
		}
		expect(all).toContain('GITHUB_TOKEN=[redacted:github-pat]');
		expect(all).toContain('postgres://ledger:[redacted:url-password]@db.internal');
		// Search finds the words around a secret, never the secret.
		const found = JSON.parse(runCli(['find', 'DATABASE_URL', '--store', store, '--json']).stdout);
		expect(found.stage1_hits.length).toBeGreaterThan(0);
		expect(JSON.stringify(found)).not.toContain(testSecrets.dbPassword);
		const none = JSON.parse(runCli(['find', testSecrets.dbPassword, '--store', store, '--json']).stdout);
		expect(none.stage1_hits).toEqual([]);
	});

	it('says how many were redacted on a terminal line', () => {
		const dir = tempDir();
		writeSessionWithSecrets(path.join(dir, 'session.jsonl'));
		const result = runCli(['ingest', path.join(dir, 'session.jsonl'), '--store', path.join(dir, 's.db')]);
		expect(result.stdout).toMatch(/4 secrets redacted/u);
	});

	it('--keep-secrets keeps them, this run only, and says so', () => {
		const dir = tempDir();
		const session = path.join(dir, 'session.jsonl');
		writeSessionWithSecrets(session);
		const store = path.join(dir, 's.db');
		const kept = runCli(['ingest', session, '--store', store, '--keep-secrets']);
		expect(kept.code).toBe(0);
		expect(kept.stderr).toMatch(/--keep-secrets: secrets are written to the store as they are, this run only/u);
		expect(exported(store)).toContain(testSecrets.github);
		expect(JSON.parse(runCli(['ingest', session, '--store', store, '--keep-secrets', '--json']).stdout).keep_secrets).toBe(true);
		// The next run without the flag does not take the kept item for unchanged: it writes it redacted.
		const again = JSON.parse(runCli(['ingest', session, '--store', store, '--json']).stdout);
		expect(again).toMatchObject({updated: 1, redactions: 4});
		expect(exported(store)).not.toContain(testSecrets.github);
	});

	it('drill import redacts as ingest does (--keep-secrets keeps them)', () => {
		const dir = tempDir();
		const item = {namespace: 'document', item_id: 'notes', title: 'Notes', generated_at: '2026-11-28T14:02:00Z', tldr: 'how to deploy', nodes: [{ordinal: 0, parent: null, title: 'Notes', summary: `token ${testSecrets.github}`, keywords: [], spans: [0]}], spans: [{seq: 0, role: 'text', text: `export GITHUB_TOKEN=${testSecrets.github}`}]};
		writeFileSync(path.join(dir, 'items.json'), JSON.stringify(item));
		const store = path.join(dir, 's.db');
		expect(JSON.parse(runCli(['import', path.join(dir, 'items.json'), '--store', store, '--json']).stdout).redactions).toBe(1);
		expect(exported(store)).not.toContain(testSecrets.github);
		runCli(['import', path.join(dir, 'items.json'), '--store', store, '--keep-secrets']);
		expect(exported(store)).toContain(testSecrets.github);
	});
});

describe('a store written before redaction', () => {
	/** Items as an older drill wrote them: secrets in, and no note that the store was ever cleaned. */
	function oldStore(dir: string): string {
		const session = path.join(dir, 'session.jsonl');
		writeSessionWithSecrets(session);
		const store = path.join(dir, 's.db');
		expect(runCli(['ingest', session, '--store', store, '--keep-secrets']).code).toBe(0);
		const db = SummaryStore.open(store, {write: true});
		db.db.prepare('DELETE FROM meta WHERE key = ?').run(redactedWithKey);
		db.close();
		return store;
	}

	it('is told about by drill doctor, and cleaned by drill doctor --repair: the items, their search rows, nothing else', () => {
		const dir = tempDir();
		const store = oldStore(dir);
		const before = exported(store);
		const told = runCli(['doctor', '--store', store]);
		expect(told.code).toBe(0);
		expect(told.stdout).toMatch(/items written before ingest redacted secrets; drill doctor --repair redacts them/u);
		expect(JSON.parse(runCli(['find', testSecrets.dbPassword, '--store', store, '--json']).stdout).stage1_hits.length).toBeGreaterThan(0);

		expect(storeBytes(store)).toContain(testSecrets.dbPassword);
		const repaired = runCli(['doctor', '--repair', '--store', store, '--json']);
		expect(repaired.code).toBe(0);
		expect(JSON.parse(repaired.stdout).secrets).toMatchObject({items: 1, redactions: 4});
		const after = exported(store);
		expect(after).not.toContain(testSecrets.github);
		// Gone from the file's bytes too: no deleted index terms, no freed pages holding them.
		// (as the index's terms hold them: lower case, split at "_" and "-").
		for (const term of [testSecrets.github, testSecrets.github.slice(4).toLowerCase(), 'tr0ub4dor']) expect(storeBytes(store)).not.toContain(term);
		expect(JSON.parse(runCli(['find', testSecrets.dbPassword, '--store', store, '--json']).stdout).stage1_hits).toEqual([]);
		// The item is the same item: its id, time, content hash and shape; only the secrets changed.
		const [old, clean] = [JSON.parse(before), JSON.parse(after)];
		expect({...clean, spans: clean.spans.length, nodes: clean.nodes.length, source: {...clean.source, redactions: undefined}}).toEqual({...old, spans: old.spans.length, nodes: old.nodes.length, tldr: clean.tldr, title: clean.title, source: {...old.source, redactions: undefined}});
		expect(runCli(['doctor', '--store', store]).stdout).not.toMatch(/written before/u);
	});

	it('is cleaned by drill reindex as well', () => {
		const dir = tempDir();
		const store = oldStore(dir);
		const result = runCli(['reindex', '--store', store]);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/redacted 4 secrets in 1 item written before redaction/u);
		expect(exported(store)).not.toContain(testSecrets.github);
	});
});
