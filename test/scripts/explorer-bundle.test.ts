import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';

/** The files a module of the build imports statically, and theirs (what loads before its code runs). */
function staticClosure(entry: string): string[] {
	const seen = new Set<string>();
	const visit = (file: string) => {
		if (seen.has(file)) return;
		seen.add(file);
		for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?"(\.{1,2}\/[^"]+)"/gu)) visit(path.resolve(path.dirname(file), match[1]!));
	};
	visit(path.resolve(entry));
	return [...seen].map((file) => path.relative('dist', file));
}

// Node resolves, reads and links every module of the first frame one by one (~1 ms each here):
// the explorer is built as one bundle with few chunks, none shared with the commands' build. (Its
// code shares chunks with Ink's, the store writer's and the node actions', loaded after the first
// frame: 16 files in all, four more than with those two loaded up front, and ~8 % fewer instructions
// to the first frame, measured with callgrind.)
test('the explorer loads as a handful of files of its own, not the commands\' chunks', () => {
	const files = staticClosure('dist/explorer.js');
	expect(files.length).toBeLessThanOrEqual(16);
	expect(files.filter((file) => !file.startsWith('explorer'))).toEqual([]);
	expect(readFileSync('dist/cli.js', 'utf8')).toContain('explorer.js');
});

// Loading node:crypto costs ~10 ms of CPU; the first frame reads frames but writes none.
test('nothing the explorer loads before its first frame imports node:crypto', () => {
	for (const file of staticClosure('dist/explorer.js')) expect(readFileSync(path.join('dist', file), 'utf8'), file).not.toMatch(/from\s*"node:crypto"/u);
});

// The yaml package's ~75 modules evaluate on the first parse (scripts/lazy-yaml.mjs), not as the
// bundle loads: an import of the package itself shows in the build as `import_yaml = __toESM(...)`.
test('the yaml package is evaluated on first use, not as the explorer loads', () => {
	for (const file of staticClosure('dist/explorer.js')) expect(readFileSync(path.join('dist', file), 'utf8'), file).not.toMatch(/import_yaml\d*\s*=\s*__toESM\(/u);
});

// The first frame is painted from the screen model (source/ui/screen-paint.ts): Ink, React and
// yoga (~580 KB) load in a chunk of their own, after it. yoga's inline WebAssembly starts with the
// base64 of "\0asm"; React marks its elements with a symbol of this name.
test('nothing the explorer loads before its first frame holds Ink, React or yoga', () => {
	const files = staticClosure('dist/explorer.js');
	for (const file of files) expect(readFileSync(path.join('dist', file), 'utf8'), file).not.toMatch(/AGFzbQ|react\.transitional\.element|react-reconciler/u);
	expect(readdirSync('dist/explorer').some((file) => file.startsWith('ink-app-') && readFileSync(path.join('dist/explorer', file), 'utf8').includes('AGFzbQ'))).toBe(true);
});

// Even unevaluated, the yaml package's code would be read and compiled with the chunk holding it.
test('the yaml package is not even read before the first frame: it is dist/yaml.cjs, required on first use', () => {
	for (const file of staticClosure('dist/explorer.js')) expect(readFileSync(path.join('dist', file), 'utf8'), file).not.toMatch(/parsePlainScalar/u);
	expect(readFileSync('dist/yaml.cjs', 'utf8')).toMatch(/parsePlainScalar/u);
});

// Nothing before the first frame writes or acts: the store's writer (the search indexer, and the
// search code it brings) and the node actions (r, x, D: the agents' resume rules, the title rules'
// Unicode patterns) load with Ink, after it (source/cli/start-explorer.ts). Names survive the build's minifying.
test('the store writer, the search indexer and the node actions are not loaded before the first frame', () => {
	const files = staticClosure('dist/explorer.js');
	for (const file of files) expect(readFileSync(path.join('dist', file), 'utf8'), file).not.toMatch(/function (?:openIndexedStore|searchIndexer|actOver|resumePlan)\b/u);
	for (const name of ['openIndexedStore', 'actOver']) expect(readdirSync('dist/explorer').some((file) => new RegExp(`function ${name}\\b`, 'u').test(readFileSync(path.join('dist/explorer', file), 'utf8'))), name).toBe(true);
});

// An import of a CommonJS package makes Node parse it for its exports with cjs-module-lexer (a
// WebAssembly module compiled on first use): better-sqlite3 is required (store/sqlite-driver.ts).
// node:child_process and node:worker_threads are taken when a program or a search first runs.
test('before the first frame: no CommonJS package imported, no child_process or worker_threads', () => {
	for (const file of staticClosure('dist/explorer.js')) {
		const code = readFileSync(path.join('dist', file), 'utf8');
		expect(code, file).not.toMatch(/from\s*"(?:better-sqlite3|sqlite-vec|pg|node:child_process|node:worker_threads)"/u);
	}
});
