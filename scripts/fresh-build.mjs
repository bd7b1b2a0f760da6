// `node scripts/fresh-build.mjs`: builds dist/ (scripts/build.mjs) only when what the build reads
// changed since the last build: `npm start` on a built clone opens at once, and `npm ci` (the
// `prepare` script) leaves a clone built, so `npm link` puts a working `drill` on PATH.
// `--force` builds whatever the stamp says (`npm run build`).
// What the build reads: source/, bench/ (unless DRILL_BUILD_BENCH=0), scripts/, package.json,
// package-lock.json (the bundled packages' versions) and tsconfig.json, compared by content.
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');

function filesUnder(folder) {
	if (!existsSync(folder)) return [];
	return readdirSync(folder, {withFileTypes: true})
		.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
		.flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)]));
}

function inputFiles() {
	const folders = ['source', 'scripts', ...(process.env.DRILL_BUILD_BENCH === '0' ? [] : ['bench'])];
	return [...folders.flatMap((folder) => filesUnder(path.join(root, folder))), ...['package.json', 'package-lock.json', 'tsconfig.json'].map((name) => path.join(root, name))].filter((file) => existsSync(file));
}

/**
 * The build's inputs, two ways: `files` by path, size and modification time (cheap: one stat
 * each), `content` by path and content (what decides: a checkout that rewrote files as they were
 * changes only their times).
 */
export function buildInputs() {
	const files = inputFiles();
	const header = `bench=${process.env.DRILL_BUILD_BENCH ?? ''}\u0000`;
	const stats = createHash('sha256').update(header);
	for (const file of files) {
		const {size, mtimeMs} = statSync(file);
		stats.update(`${path.relative(root, file)}\u0000${size}\u0000${mtimeMs}\u0000`);
	}
	return {
		files: stats.digest('hex'),
		content: () => {
			const hash = createHash('sha256').update(header);
			for (const file of files) hash.update(`${path.relative(root, file)}\u0000`).update(readFileSync(file)).update('\u0000');
			return hash.digest('hex');
		},
	};
}

/** Whether dist/ was built from the inputs as they are now. */
export function isFresh(inputs = buildInputs()) {
	let built;
	try {
		built = JSON.parse(readFileSync(stampFile, 'utf8'));
	} catch {
		return false;
	}
	if (!existsSync(path.join(root, 'dist', 'cli.cjs'))) return false;
	if (built.files === inputs.files) return true;
	if (built.content !== inputs.content()) return false;
	// Same content, new times: remember them, so that the next check is a stat again.
	writeStamp({files: inputs.files, content: built.content});
	return true;
}

function writeStamp(stamp) {
	try {
		writeFileSync(stampFile, `${JSON.stringify(stamp)}\n`);
	} catch {
		// A read-only clone: the next check reads the content again.
	}
}

/**
 * Builds unless dist/ is fresh (or always, with `force`); false when the build failed (it has said
 * why). The stamp records the inputs as they were when the build started: a file saved meanwhile
 * makes the next call build again.
 */
export function freshBuild(force = false) {
	const inputs = buildInputs();
	if (!force && isFresh(inputs)) return true;
	const content = inputs.content();
	const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {cwd: root, stdio: 'inherit'});
	if (result.status !== 0) return false;
	writeStamp({files: inputs.files, content});
	return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	if (!freshBuild(process.argv.includes('--force'))) process.exitCode = 1;
}
