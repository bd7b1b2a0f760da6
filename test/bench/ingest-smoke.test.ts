import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

describe('npm run bench -- ingest --smoke --mb 1.5', () => {
	it('generates sessions of every agent format and markdown, and ingests them all cleanly, then skips them all', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'ingest', '--smoke', '--mb', '1.5'], {encoding: 'utf8', timeout: 180_000});
		expect(result.stderr).not.toMatch(/Error/u);
		expect(result.status).toBe(0);
		const fresh = /all \(fresh store\).* items (\d+) \(\+(\d+) ~0 =0 !0\)/u.exec(result.stdout);
		expect(fresh, result.stdout).not.toBeNull();
		expect(Number(fresh![1])).toBeGreaterThan(5);
		expect(result.stdout).toMatch(/all again \(unchanged\).* items 0 \(\+0 ~0 =\d+ !0\)/u);
	});
});
