// `npm start`: builds dist/ if the sources changed since the last build (scripts/fresh-build.mjs),
// builds the demo store from fixtures/ (once, into a cache folder — never into the repository)
// and, with --open, opens drill on it in this same process; other arguments go to drill. Without
// --open it prints the demo's paths as JSON ({storePath, knowledgeDir, drillsRoot, built}).
import {createHash} from 'node:crypto';
import {readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {freshBuild} from './fresh-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!freshBuild()) {
	process.stderr.write('drill: the build failed (above); fix it, then npm start again\n');
	process.exit(1);
}
const args = process.argv.slice(2);
const open = args.includes('--open');
const rest = args.filter((arg) => arg !== '--open');

// What the last start found, so that this one need not load the store's code to check the demo
// again (~100 ms of imports before the first frame): valid for the same build, fixtures and cache
// folder, while the store file is the very one it checked (same size and time).
const known = path.join(root, 'dist', '.demo-stamp');
const summaries = path.join(root, 'fixtures', 'summaries.json');
function demoKey() {
	const build = readFileSync(path.join(root, 'dist', '.build-stamp'), 'utf8');
	const fixtures = createHash('sha256').update(readFileSync(summaries)).digest('hex');
	return JSON.stringify([build, fixtures, process.env.DRILL_DEMO_DIR, process.env.XDG_CACHE_HOME, process.env.HOME]);
}
function storeFile(storePath) {
	const {size, mtimeMs} = statSync(storePath);
	return {size, mtimeMs};
}
function knownDemo(key) {
	try {
		const stamp = JSON.parse(readFileSync(known, 'utf8'));
		const file = storeFile(stamp.demo.storePath);
		return stamp.key === key && file.size === stamp.file.size && file.mtimeMs === stamp.file.mtimeMs ? {...stamp.demo, built: false} : undefined;
	} catch {
		return undefined;
	}
}

let demo;
try {
	const key = demoKey();
	demo = knownDemo(key);
	if (!demo) {
		const {buildDemoStore} = await import(pathToFileURL(path.join(root, 'dist', 'demo-store.js')).href);
		demo = buildDemoStore({fixtures: path.join(root, 'fixtures'), repository: root});
		const {built, ...paths} = demo;
		try {
			writeFileSync(known, JSON.stringify({key, demo: paths, file: storeFile(demo.storePath)}));
		} catch {
			// A read-only clone: the next start checks the store again.
		}
	}
} catch (error) {
	process.stderr.write(`drill: cannot build the demo store from fixtures/ (${error.message})\n`);
	process.exit(1);
}
if (!open) {
	process.stdout.write(`${JSON.stringify(demo, null, 2)}\n`);
	process.exit(0);
}
if (demo.built) process.stderr.write(`drill: built the demo store in ${path.dirname(demo.storePath)}\n`);
// drill itself, in this process (a second node would cost its start-up again before the first frame).
const cli = path.join(root, 'dist', 'cli.cjs');
process.argv = [process.argv[0], cli, '--store', demo.storePath, '--knowledge', demo.knowledgeDir, '--drills', demo.drillsRoot, ...rest];
await import(pathToFileURL(cli).href);
