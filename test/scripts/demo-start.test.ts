import {spawnSync} from 'node:child_process';
import {rmSync, utimesSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';

// scripts/demo-store.mjs, what `npm start` runs (here without --open: it prints the demo's paths).
function demo(cacheDir: string): {storePath: string; built: boolean} {
	const result = spawnSync(process.execPath, ['scripts/demo-store.mjs'], {encoding: 'utf8', env: {...process.env, DRILL_DEMO_DIR: cacheDir}});
	expect(result.stderr).toBe('');
	expect(result.status).toBe(0);
	return JSON.parse(result.stdout);
}

describe('npm start’s demo store', () => {
	it('is built once; a start after that trusts it while the store file is the one it checked', () => {
		const cacheDir = path.join(tempDir('drill-demo-start-'), 'demo');
		const first = demo(cacheDir);
		expect(first).toMatchObject({storePath: path.join(cacheDir, 'store.db'), built: true});
		expect(demo(cacheDir).built).toBe(false);
		// Rewritten by something else (another clone's start): checked again, and still current.
		const later = new Date(Date.now() + 60_000);
		utimesSync(first.storePath, later, later);
		expect(demo(cacheDir).built).toBe(false);
		// Gone: built again, not trusted from the last start.
		rmSync(cacheDir, {recursive: true});
		expect(demo(cacheDir).built).toBe(true);
	});
});
