import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

describe('npm run bench -- walk --smoke', () => {
	it('builds a small store and times every flat and grouped case at every depth', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'walk', '--smoke'], {encoding: 'utf8', timeout: 120_000});
		expect(result.stderr).not.toMatch(/Error/u);
		expect(result.status).toBe(0);
		const rows = result.stdout.split('\n').filter((line) => / ms +[\d.]+ ms$/u.test(line));
		expect(rows).toHaveLength(12 * 3);
		for (const label of ['--group-by project', '--group-by day', '--group-by folder', 'one project', 'one agent', 'one day', 'one subfolder']) {
			expect(rows.filter((row) => row.includes(label))).toHaveLength(3);
		}
	});
});
