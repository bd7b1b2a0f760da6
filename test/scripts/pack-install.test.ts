// The quick start's last step, as a user gets it: `npm pack`, the tarball installed into a prefix
// of its own (as `npm install -g` does), then `drill` run from that prefix's bin in a folder
// outside the clone. This is what `npm link` / `npm install -g .` rely on: the package's `bin`
// points at a built dist/, everything it imports at run time is a dependency, and the native
// modules load.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {name: string; version: string; bin: Record<string, string>};
/** The command the package puts on PATH. */
const manifestBin = Object.keys(manifest.bin)[0]!;

/** npm without the settings `npm test` hands its children (a prefix, a dry run, …); the cache is kept. */
function npmEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) if (!/^npm_/iu.test(name) || name === 'npm_config_cache') env[name] = value;
	return {...env, NO_COLOR: '1', ...extra};
}

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = npmEnv()): {code: number | null; stdout: string; stderr: string} {
	const result = spawnSync('npm', args, {cwd, env, encoding: 'utf8', timeout: 300_000});
	return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

/**
 * better-sqlite3's install script first looks for a prebuilt binary, which it downloads from
 * GitHub, else compiles one (~70 s on 2 cores). Neither belongs in a test: its binary as this
 * clone's `npm ci` made it is handed to that script as a local prebuild, under the name the script
 * looks for: `local-prebuilds` in a `.prebuild-installrc` above the install, which prebuild-install
 * reads from every folder up from where it runs. The script itself still runs.
 */
function localPrebuilds(folder: string): void {
	const betterSqlite = path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
	const {version} = JSON.parse(readFileSync(path.join(betterSqlite, 'package.json'), 'utf8')) as {version: string};
	const libc = process.platform === 'linux' && !(process.report.getReport() as {header: {glibcVersionRuntime?: string}}).header.glibcVersionRuntime ? 'musl' : '';
	const prebuilds = path.join(folder, 'prebuilds');
	mkdirSync(prebuilds);
	const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}${libc}-${process.arch}.tar.gz`;
	const tar = spawnSync('tar', ['czf', path.join(prebuilds, name), 'build/Release/better_sqlite3.node'], {cwd: betterSqlite, encoding: 'utf8'});
	expect(tar.stderr).toBe('');
	writeFileSync(path.join(folder, '.prebuild-installrc'), `local-prebuilds=${prebuilds}\n`);
}

let folder: string;
let prefix: string;
let elsewhere: string;

/** A user's shell: the prefix's bin on PATH, in a folder that is not the clone; `drill` found on PATH. */
function drill(args: string[]): {code: number | null; stdout: string; stderr: string} {
	const env = {...npmEnv(), PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`, DRILL_STORE: ''};
	const result = spawnSync('sh', ['-c', 'exec "$0" "$@"', manifestBin, ...args], {cwd: elsewhere, env, encoding: 'utf8', timeout: 60_000});
	return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

beforeAll(() => {
	folder = tempDir('drill-pack-');
	const packed = npm(['pack', '--json', '--pack-destination', folder], process.cwd());
	expect(packed.code, packed.stderr).toBe(0);
	const tarball = path.join(folder, (JSON.parse(packed.stdout) as Array<{filename: string}>)[0]!.filename);
	prefix = path.join(folder, 'prefix');
	localPrebuilds(folder);
	const installed = npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], folder);
	expect(installed.code, installed.stderr).toBe(0);
	elsewhere = tempDir('drill-elsewhere-');
}, 600_000);

// The install is ~100 MB: not left in the temp folder after every run.
afterAll(() => {
	if (folder) rmSync(folder, {recursive: true, force: true});
});

describe('drill installed from the packed tarball', () => {
	it('packs only what runs: the built CLI, no sources, tests, fixtures or build stamps', () => {
		const listed = npm(['pack', '--dry-run', '--json'], process.cwd());
		const files = (JSON.parse(listed.stdout) as Array<{files: Array<{path: string}>}>)[0]!.files.map((file) => file.path);
		expect(files).toContain(manifest.bin.drill);
		expect(files.filter((file) => !file.startsWith('dist/') && !['package.json', 'readme.md', 'LICENSE'].includes(file))).toEqual([]);
		expect(files.filter((file) => /\.(build|demo)-stamp$|^dist\/(bench|eval|demo-store)\.js/u.test(file))).toEqual([]);
	});

	it('runs from another folder: drill --version', () => {
		expect(drill(['--version'])).toEqual({code: 0, stdout: `${manifest.version}\n`, stderr: ''});
	});

	it('ingests a folder of notes there and walks it: the store, its native modules and the search index load', () => {
		const notes = path.join(elsewhere, 'notes');
		mkdirSync(notes);
		writeFileSync(path.join(notes, 'pool.md'), '# Pool limits\n\nThe connection pool ran dry under a retry storm; we raised the limit.\n');
		const ingested = drill(['ingest', notes]);
		expect(ingested.stderr).toBe('');
		expect(ingested.code).toBe(0);
		const walked = drill(['walk', 'summary']);
		expect(walked.code, walked.stderr).toBe(0);
		expect(walked.stdout).toMatch(/document/u);
		const found = drill(['find', 'retry storm', '--json']);
		expect(found.code, found.stderr).toBe(0);
		expect(JSON.parse(found.stdout).stage1_hits[0].title).toBe('Pool limits');
	});
});
