import {spawnSync} from 'node:child_process';
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
