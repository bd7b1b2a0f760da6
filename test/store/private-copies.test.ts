import {spawn} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {buildSync} from 'esbuild';
import {afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {sweepStaleCopies} from '../../source/store/private-copies.js';
import {openReadOnlyStore} from '../../source/ingest/io/sqlite-store.js';
import {runCli, tempDir} from '../helpers/cli.js';

/** A WAL store with commits only in its `-wal`: reading it means a copy in a private folder. */
function walStore(folder: string): string {
	const file = path.join(folder, 'agent.db');
	const writer = new Database(file);
	writer.pragma('journal_mode = WAL');
	writer.pragma('wal_autocheckpoint = 0');
	writer.exec("CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT); INSERT INTO session VALUES ('ses_1', 'secret session text')");
	// Left with its -wal, as if the agent were killed: close without the last checkpoint.
	const copy = path.join(folder, 'copy');
	mkdirSync(copy);
	for (const name of ['agent.db', 'agent.db-wal']) writeFileSync(path.join(copy, name), readFileSync(path.join(folder, name)));
	writer.close();
	return path.join(copy, 'agent.db');
}

const copies = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('drill-store-'));

let holder = '';
beforeAll(() => {
	// A child that opens a store's copy and holds it until a signal comes (bundled: children run no TypeScript).
	const folder = tempDir('drill-holder-');
	const entry = path.join(folder, 'holder.ts');
	writeFileSync(entry, `import {openReadOnlyStore} from ${JSON.stringify(path.resolve('source/ingest/io/sqlite-store.ts'))};\nconst store = openReadOnlyStore(process.argv[2]);\nstore.db.prepare('SELECT count(*) FROM session').get();\nprocess.stdout.write('open\\n');\nsetInterval(() => {}, 1000);\n`);
	holder = path.join(folder, 'holder.cjs');
	buildSync({entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', external: ['better-sqlite3'], outfile: holder, logLevel: 'silent'});
});

describe('private copies of agent databases (io/private-copies.ts)', () => {
	let tmp: string;
	let saved: string | undefined;
	beforeEach(() => {
		saved = process.env.TMPDIR;
		tmp = tempDir('drill-tmp-');
		process.env.TMPDIR = tmp;
	});
	afterEach(() => {
		if (saved === undefined) delete process.env.TMPDIR;
		else process.env.TMPDIR = saved;
	});

	it('are made 0700, named after their process, and removed at close', () => {
		const store = openReadOnlyStore(walStore(tempDir()));
		try {
			const [folder] = copies(tmp);
			expect(folder).toMatch(new RegExp(`^drill-store-${process.pid}-`, 'u'));
			expect(statSync(path.join(tmp, folder!)).mode & 0o777).toBe(0o700);
		} finally {
			store.close();
		}
		expect(copies(tmp)).toEqual([]);
	});

	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		it(`are removed when ${signal} ends the process, which still ends by that signal`, async () => {
			const child = spawn(process.execPath, [holder, walStore(tempDir())], {env: {...process.env, TMPDIR: tmp, NODE_PATH: path.resolve('node_modules')}});
			await new Promise<void>((resolve, reject) => {
				child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
				child.on('exit', (code) => reject(new Error(`exited ${code}`)));
			});
			expect(copies(tmp)).toHaveLength(1);
			const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, how) => resolve(how)));
			child.kill(signal);
			expect(await ended).toBe(signal);
			expect(copies(tmp)).toEqual([]);
		});
	}

	it('left by SIGKILL are swept by the next drill ingest; a live process’s are not', async () => {
		const child = spawn(process.execPath, [holder, walStore(tempDir())], {env: {...process.env, TMPDIR: tmp, NODE_PATH: path.resolve('node_modules')}});
		await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve()));
		const ended = new Promise((resolve) => child.on('exit', resolve));
		child.kill('SIGKILL');
		await ended;
		const killed = copies(tmp);
		expect(killed).toHaveLength(1);
		// Another process's that is still running, and an older drill's (no process id in the name): an old one goes, a new one stays.
		mkdirSync(path.join(tmp, `drill-store-${process.ppid}-live`), {mode: 0o700});
		mkdirSync(path.join(tmp, 'drill-store-Ab12Cd'), {mode: 0o700});
		mkdirSync(path.join(tmp, 'drill-store-Old123'), {mode: 0o700});
		const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
		utimesSync(path.join(tmp, 'drill-store-Old123'), old, old);
		const notes = tempDir();
		writeFileSync(path.join(notes, 'a.md'), '# A note\n\nNothing secret.\n');
		expect(runCli(['ingest', notes, '--store', path.join(notes, 's.db')], {env: {TMPDIR: tmp}}).code).toBe(0);
		expect(copies(tmp).sort()).toEqual(['drill-store-Ab12Cd', `drill-store-${process.ppid}-live`].sort());
		expect(sweepStaleCopies()).toBe(0);
	});

	it('refuses a file whose size is not its header’s page count (a sparse 3 GB file), copying nothing', () => {
		const folder = tempDir();
		const file = walStore(folder);
		truncateSync(file, 3 * 1024 ** 3);
		expect(() => openReadOnlyStore(file)).toThrow(/^its size \(3221225472 bytes\) is not the \d+ pages of 4096 bytes its header says: refused, not copied$/u);
		expect(copies(tmp)).toEqual([]);
	});
});
