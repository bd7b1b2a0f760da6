import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';

// scripts/fresh-build.mjs in a clone of its own, whose build (scripts/build.mjs) only counts the
// times it ran and writes dist/cli.cjs: what decides whether `npm start` builds, without a build.
function clone(): {folder: string; run: (...args: string[]) => {code: number | null; builds: number}; write: (file: string, text: string) => void} {
	const folder = tempDir('drill-fresh-build-');
	mkdirSync(path.join(folder, 'scripts'), {recursive: true});
	mkdirSync(path.join(folder, 'source'), {recursive: true});
	copyFileSync('scripts/fresh-build.mjs', path.join(folder, 'scripts', 'fresh-build.mjs'));
	writeFileSync(
		path.join(folder, 'scripts', 'build.mjs'),
		"import {appendFileSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';\nrmSync('dist', {recursive: true, force: true});\nmkdirSync('dist');\nwriteFileSync('dist/cli.cjs', '');\nappendFileSync('builds', 'x');\n",
	);
	const write = (file: string, text: string) => writeFileSync(path.join(folder, file), text);
	write('source/cli.tsx', 'export {};\n');
	write('package.json', '{}\n');
	const run = (...args: string[]) => {
		const result = spawnSync(process.execPath, ['scripts/fresh-build.mjs', ...args], {cwd: folder, encoding: 'utf8', env: {...process.env, DRILL_BUILD_BENCH: '0'}});
		let builds = 0;
		try {
			builds = readFileSync(path.join(folder, 'builds'), 'utf8').length;
		} catch {
			builds = 0;
		}
		return {code: result.status, builds};
	};
	return {folder, run, write};
}

describe('scripts/fresh-build.mjs: npm start builds only what changed', () => {
	it('builds a clone that was never built, then not again until a source changes', () => {
		const {run, write} = clone();
		expect(run()).toEqual({code: 0, builds: 1});
		expect(run()).toEqual({code: 0, builds: 1});
		write('source/cli.tsx', 'export const changed = 1;\n');
		expect(run()).toEqual({code: 0, builds: 2});
		write('source/new-file.ts', 'export {};\n');
		expect(run()).toEqual({code: 0, builds: 3});
		write('package.json', '{"version": "2"}\n');
		expect(run()).toEqual({code: 0, builds: 4});
		expect(run()).toEqual({code: 0, builds: 4});
	});

	it('does not build for a file rewritten as it was (a checkout changes only its time)', () => {
		const {folder, run} = clone();
		expect(run().builds).toBe(1);
		const later = new Date(Date.now() + 60_000);
		utimesSync(path.join(folder, 'source', 'cli.tsx'), later, later);
		expect(run().builds).toBe(1);
		expect(run().builds).toBe(1);
	});

	it('builds when dist/ is gone, and always with --force (npm run build)', () => {
		const {run, folder} = clone();
		expect(run().builds).toBe(1);
		spawnSync('rm', ['-rf', path.join(folder, 'dist')]);
		expect(run().builds).toBe(2);
		expect(run('--force').builds).toBe(3);
		expect(run().builds).toBe(3);
	});

	it('a failed build leaves no stamp: the next start builds again', () => {
		const {run, write} = clone();
		write('scripts/build.mjs', "import {appendFileSync} from 'node:fs';\nappendFileSync('builds', 'x');\nprocess.exit(1);\n");
		expect(run()).toEqual({code: 1, builds: 1});
		expect(run()).toEqual({code: 1, builds: 2});
	});
});
