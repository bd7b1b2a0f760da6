import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

describe('npm run bench -- ingest --case sessions --smoke --mb 1.5', () => {
	it('generates sessions of every agent format and markdown, and ingests them all cleanly, then skips them all', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'ingest', '--case', 'sessions', '--smoke', '--mb', '1.5'], {encoding: 'utf8', timeout: 180_000});
		expect(result.stderr).not.toMatch(/Error/u);
		expect(result.status).toBe(0);
		const fresh = /all \(fresh store\).* items (\d+) \(\+(\d+) ~0 =0 !0\)/u.exec(result.stdout);
		expect(fresh, result.stdout).not.toBeNull();
		expect(Number(fresh![1])).toBeGreaterThan(5);
		expect(result.stdout).toMatch(/all again \(unchanged\).* items 0 \(\+0 ~0 =\d+ !0\)/u);
		expect(result.stdout).not.toContain('docs case');
	}, 240_000);
});

describe('npm run bench -- ingest --case docs --smoke', () => {
	it('generates a documentation site of pages with front matter and ingests every page as one item', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'ingest', '--case', 'docs', '--smoke'], {encoding: 'utf8', timeout: 180_000});
		expect(result.stderr).not.toMatch(/Error/u);
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/docs case: 40 markdown pages of 2–10 KB with front matter/u);
		expect(result.stdout).toMatch(/docs \(fresh store\).* items 40 \(\+40 ~0 =0 !0\)/u);
		expect(result.stdout).not.toContain('sessions case');
	}, 240_000);
});

describe('npm run bench -- ingest --case docs --folder DIR', () => {
	it('runs the docs case on the markdown pages of a folder given, beside the bare indexer', () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'drill-bench-folder-'));
		try {
			mkdirSync(path.join(folder, 'guide'));
			writeFileSync(path.join(folder, 'index.md'), '# Retry policy\n\nRequests that fail with a 502 are retried three times with exponential backoff.\n');
			writeFileSync(path.join(folder, 'guide', 'pool.md'), '# Connection pool\n\nThe pool keeps twenty connections open; a request waits when all are busy.\n');
			writeFileSync(path.join(folder, 'guide', 'tls.md'), '# TLS\n\nCertificates are read from the store at start and reloaded on SIGHUP.\n');
			const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'ingest', '--case', 'docs', '--folder', folder], {encoding: 'utf8', timeout: 180_000});
			expect(result.stderr).not.toMatch(/Error/u);
			expect(result.status).toBe(0);
			expect(result.stdout).toContain(`docs case: ${folder}, 3 markdown pages`);
			expect(result.stdout).toMatch(/docs \(fresh store\).* items 3 \(\+3 ~0 =0 !0\)/u);
			expect(result.stdout).toMatch(/floor \(bare FTS5\).*→ drill [\d.]+× the floor's wall/u);
		} finally {
			rmSync(folder, {recursive: true, force: true});
		}
	}, 240_000);
});

describe('npm run bench -- ingest --case archive --smoke', () => {
	it('copies the real sessions with new ids into an archive whose every copy is an item of its own, then skips them all', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'ingest', '--case', 'archive', '--smoke'], {encoding: 'utf8', timeout: 180_000});
		expect(result.stderr).not.toMatch(/Error/u);
		expect(result.status).toBe(0);
		const copies = /archive \(fresh store\).* items (\d+) \(\+(\d+) ~0 =0 !0\)/u.exec(result.stdout);
		expect(copies, result.stdout).not.toBeNull();
		expect(Number(copies![1])).toBeGreaterThan(10);
		expect(copies![2]).toBe(copies![1]);
		expect(result.stdout).toMatch(new RegExp(`archive again \\(unchanged\\).* items 0 \\(\\+0 ~0 =${copies![1]} !0\\)`, 'u'));
	}, 240_000);
});

describe('npm run bench -- ingest --case long --smoke', () => {
	it('makes one session of 2 000 real records and ingests it as one item', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'ingest', '--case', 'long', '--smoke'], {encoding: 'utf8', timeout: 180_000});
		expect(result.stderr).not.toMatch(/Error/u);
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/2000 lines/u);
		expect(result.stdout).toMatch(/long session \(fresh\).* items 1 \(\+1 ~0 =0 !0\)/u);
	}, 240_000);
});
