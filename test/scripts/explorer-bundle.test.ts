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

const script = () => readFileSync('dist/explorer-script.cjs', 'utf8');

// Node resolves, reads, links and compiles every module of the first frame one by one (~1 ms each
// here): the explorer is one CommonJS bundle of its own, none of the commands' chunks, which
// dist/explorer.js (importing nothing but Node's modules) runs with V8's code cache.
test('the explorer loads as one bundle of its own, not the commands\' chunks', () => {
	expect(staticClosure('dist/explorer.js')).toEqual(['explorer.js']);
	expect(script()).not.toMatch(/require\("\.{1,2}\/[^"]*"\)|chunks\//u);
	expect(readFileSync('dist/cli-main.js', 'utf8')).toContain('explorer.js');
	// vm.Script's import() needs an experimental loader on Node 20, which warns on the terminal.
	expect(script()).not.toMatch(/[^\w$.]import\(/u);
});

// In one bundle, what loads after the first frame is a module initialised on its first import
// (esbuild's `__esm` wrapper, keyed by the source path); the node actions and Ink's view are
// initialised only by dynamic imports, in start-explorer's loadView, after the first frame.
// node:crypto (~10 ms of CPU) is required only inside such wrappers; the pty test
// test/terminal/code-cache.test.ts checks what the first frame has loaded of Node itself.
test('what loads after the first frame is initialised on first use: writer, node actions, Ink\'s view, node:crypto', () => {
	const code = script();
	for (const module of ['source/search/indexing/indexer.ts', 'source/act/node-actions.ts', 'source/ui/ink-app.tsx']) expect(code, module).toContain(`"${module}"(){`);
	// Initialised only by a dynamic import (loadView's, and run-app's own after its first paint).
	for (const init of ['init_node_actions', 'init_ink_app']) expect(code.split(`${init}()`).length, init).toBe(code.split(`Promise.resolve().then(()=>(${init}(),`).length);
	expect(code).toMatch(/loadView=async\(\)=>\{.*init_ink_app\(\).*init_node_actions\(\)/u);
	for (const match of code.matchAll(/require\("node:crypto"\)/gu)) {
		const before = code.slice(0, match.index);
		expect(before.lastIndexOf('=__esm({'), 'node:crypto required outside a lazy module').toBeGreaterThan(before.lastIndexOf('}});'));
	}
});

// The yaml package's ~75 modules evaluate on the first parse (scripts/lazy-yaml.mjs), not as the
// bundle loads: an import of the package itself shows in the build as `import_yaml = __toESM(...)`.
// Even unevaluated, its code would be read and compiled with the bundle: it is dist/yaml.cjs.
test('the yaml package is not in the explorer\'s bundle: dist/yaml.cjs, required on first use', () => {
	expect(script()).not.toMatch(/import_yaml\d*\s*=\s*__toESM\(|parsePlainScalar/u);
	expect(readFileSync('dist/yaml.cjs', 'utf8')).toMatch(/parsePlainScalar/u);
});

// The first frame is painted from the screen model (source/ui/screen-paint.ts): Ink, React and
// yoga (~680 KB) are dist/explorer/ink-library.js, imported after it. yoga's inline WebAssembly
// starts with the base64 of "\0asm"; React marks its elements with a symbol of this name.
test('the explorer\'s bundle holds no Ink, React or yoga: they are an ES module of their own', () => {
	expect(script()).not.toMatch(/AGFzbQ|react\.transitional\.element|react-reconciler/u);
	expect(readFileSync('dist/explorer/ink-library.js', 'utf8')).toContain('AGFzbQ');
	expect(readdirSync('dist/explorer').filter((file) => file.endsWith('.js'))).toEqual(['ink-library.js']);
});

// An import of a CommonJS package makes Node parse it for its exports with cjs-module-lexer (a
// WebAssembly module compiled on first use): better-sqlite3 is required (store/sqlite-driver.ts).
test('better-sqlite3 and the other native packages are required, never imported', () => {
	expect(script()).not.toMatch(/import\("(?:better-sqlite3|sqlite-vec|pg)"\)/u);
	expect(readFileSync('dist/explorer.js', 'utf8')).not.toMatch(/from\s*"(?:better-sqlite3|sqlite-vec|pg)"/u);
});

// One character beyond ASCII makes V8 decode a whole bundle to UTF-16 on every start (the build refuses one).
test('the bundles run by vm.Script are ASCII text', () => {
	for (const file of ['dist/explorer-script.cjs', 'dist/cli-light.cjs']) expect(readFileSync(file, 'latin1'), file).toMatch(/^[\x00-\x7f]*$/u);
});
