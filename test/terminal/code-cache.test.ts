import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {crc32} from 'node:zlib';
import {afterEach, beforeAll, expect, test} from 'vitest';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';
import {PtyScreen, testAtOneSize} from '../helpers/pty-screen.js';

// The explorer's bundle runs with V8's code cache from $XDG_CACHE_HOME/drill (source/cli/explorer.ts):
// whatever that folder holds, or however it fails, the explorer starts.
let folder: string;
let store: string;
const knowledge = path.resolve('fixtures/app/knowledge');

beforeAll(() => {
	folder = tempDir('drill-code-cache-');
	store = path.join(folder, 'store.db');
	const imported = runCli(['import', path.resolve('fixtures/app/summaries.json'), '--store', store]);
	expect(imported.code).toBe(0);
});

let app: PtyScreen | undefined;
afterEach(() => {
	app?.kill();
	app = undefined;
});

function drill(cacheHome: string, command?: string[]): PtyScreen {
	app = new PtyScreen(['--store', store, '--knowledge', knowledge, '--drills', folder], {env: {XDG_CACHE_HOME: cacheHome}, command});
	return app;
}

/** Starts, moves, waits for the cache file to be what `ready` says, quits with 0. */
async function startAndQuit(cacheHome: string, ready: () => boolean): Promise<void> {
	const screen = drill(cacheHome);
	const [, at, of] = /(\d+)\/(\d+) ┘/u.exec(await screen.waitFor(/\d+\/\d+ ┘/u))!;
	screen.write(at === of ? 'k' : 'j');
	await screen.waitFor(`${Number(at) + (at === of ? -1 : 1)}/${of} ┘`);
	for (let waited = 0; !ready() && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
	expect(ready()).toBe(true);
	screen.write('q');
	expect(await screen.exit()).toBe(0);
}

testAtOneSize('the cache is written after the first start; a damaged one is ignored and written anew', async () => {
	const cacheHome = path.join(folder, 'cache-home');
	const cacheFolder = path.join(cacheHome, 'drill');
	const cacheFile = () => (existsSync(cacheFolder) ? readdirSync(cacheFolder).filter((name) => name.startsWith('explorer-script.cjs-')) : []);
	await startAndQuit(cacheHome, () => cacheFile().length === 1);
	const file = path.join(cacheFolder, cacheFile()[0]!);
	const written = readFileSync(file);
	const damaged = Buffer.from(written);
	damaged[Math.floor(damaged.length / 2)]! ^= 0x5a;
	writeFileSync(file, damaged);
	// Written anew: intact (its crc32 matches, see source/cli/cached-script.ts), not the damaged bytes.
	const intact = (data: Buffer) => data.readUInt32LE(8) === crc32(data.subarray(12));
	expect([intact(written), intact(damaged)]).toEqual([true, false]);
	await startAndQuit(cacheHome, () => intact(readFileSync(file)));
});

testAtOneSize('an unwritable cache folder does not break the start', async () => {
	const blocked = path.join(folder, 'not-a-folder');
	writeFileSync(blocked, 'a file where the cache folder would be');
	await startAndQuit(blocked, () => true);
	expect(readFileSync(blocked, 'utf8')).toBe('a file where the cache folder would be');
});

// What the first frame loads of Node itself, seen at the first frame: node:crypto (~10 ms of CPU),
// child_process and worker_threads are taken on first use, after it.
test('before the first frame: no node:crypto, child_process or worker_threads', async () => {
	const probe = path.join(folder, 'probe.mjs');
	const seen = path.join(folder, 'loaded.json');
	writeFileSync(probe, `import {writeFileSync} from 'node:fs';
const write = process.stdout.write.bind(process.stdout);
let done = false;
process.stdout.write = (data, ...rest) => {
	// The first frame is the first write of a whole screen (colour codes split its words).
	if (!done && String(data).length > 1500) {
		done = true;
		writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.moduleLoadList));
	}
	return write(data, ...rest);
};
`);
	const screen = drill(path.join(folder, 'cache-home'), ['--import', probe, cliPath]);
	await screen.waitFor('? help');
	screen.write('q');
	expect(await screen.exit()).toBe(0);
	const loaded = JSON.parse(readFileSync(seen, 'utf8')) as string[];
	expect(loaded).toContain('NativeModule vm');
	for (const name of ['crypto', 'child_process', 'worker_threads']) expect(loaded).not.toContain(`NativeModule ${name}`);
});
