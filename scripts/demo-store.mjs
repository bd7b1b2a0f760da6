// `npm start`: builds the demo store from fixtures/ (once, into a cache folder — never into the
// repository) and, with --open, opens drill on it; other arguments go to drill. Without --open it
// prints the demo's paths as JSON ({storePath, knowledgeDir, drillsRoot, built}).
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {buildDemoStore} = await import(path.join(root, 'dist', 'demo-store.js'));
const args = process.argv.slice(2);
const open = args.includes('--open');
const rest = args.filter((arg) => arg !== '--open');

let demo;
try {
	demo = buildDemoStore({fixtures: path.join(root, 'fixtures'), repository: root});
} catch (error) {
	process.stderr.write(`drill: cannot build the demo store from fixtures/ (${error.message})\n`);
	process.exit(1);
}
if (!open) {
	process.stdout.write(`${JSON.stringify(demo, null, 2)}\n`);
	process.exit(0);
}
if (demo.built) process.stderr.write(`drill: built the demo store in ${path.dirname(demo.storePath)}\n`);
const result = spawnSync(process.execPath, [path.join(root, 'dist', 'cli.js'), '--store', demo.storePath, '--knowledge', demo.knowledgeDir, '--drills', demo.drillsRoot, ...rest], {stdio: 'inherit'});
process.exit(result.status ?? 1);
