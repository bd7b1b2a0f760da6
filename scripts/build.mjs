// Bundles the CLI (and the benchmarks) with esbuild: one bundle starts ~2x faster than tsc's
// many files, and commands are split into chunks loaded on use.
import {build} from 'esbuild';
import {createHash} from 'node:crypto';
import {rmSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';

rmSync('dist', {recursive: true, force: true});

const native = ['better-sqlite3', 'sqlite-vec', '@lydell/node-pty'];
// Loaded at run time, on the first price asked for (source/core/prices.ts): its 0.8 MB table stays out of every chunk.
const runtimeOnly = ['@pydantic/genai-prices'];
// pg (the team archive's client) is loaded from node_modules as it is: its optional native
// binding (pg-native) is a require esbuild cannot resolve, and only `drill push/pull/find --team` load it.
const external = [...native, ...runtimeOnly, 'pg'];

// Fast paths for narrow text in front of two packages Ink calls for every line of every frame (see
// the files). Every import of the package resolves to the fast file, except the fast file's own,
// which gets the package Ink itself would load, through its public exports. The build fails if
// nothing imported a package any more: a fast path that silently dropped out would cost every frame.
const fastPaths = {'string-width': 'scripts/fast-string-width.mjs', '@alcalzone/ansi-tokenize': 'scripts/fast-ansi-tokenize.mjs'};
const inkDir = path.dirname(createRequire(import.meta.url).resolve('ink'));
const redirected = new Set();

// string-width builds its RGI emoji pattern when it loads (~15 ms of CPU here, before the first
// frame), though the fast path above sends it only text that is not all narrow: the pattern is
// made on its first test instead. The build fails if string-width no longer has that line.
const rgiEmoji = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
let rgiEmojiDeferred = false;
const lazyRgiEmoji = (text) => {
	const uses = text.split('rgiEmojiRegex').length - 1;
	if (!text.includes(rgiEmoji) || uses !== text.split('rgiEmojiRegex.test(').length) throw new Error(`string-width no longer has \`${rgiEmoji}\` used only by .test(): update the lazy pattern in scripts/build.mjs`);
	rgiEmojiDeferred = true;
	return text.replace(rgiEmoji, 'let rgiEmojiPattern; const rgiEmojiRegex = {test: (text) => (rgiEmojiPattern ??= /^\\p{RGI_Emoji}$/v).test(text)};');
};
const lazyYaml = path.resolve('scripts/lazy-yaml.mjs');
const fastPathPlugin = {
	name: 'fast-paths',
	setup(bundle) {
		bundle.onResolve({filter: /^(string-width|@alcalzone\/ansi-tokenize)$/}, (args) => {
			if (args.pluginData === 'package') return undefined;
			const fast = path.resolve(fastPaths[args.path]);
			if (args.importer !== fast) {
				redirected.add(args.path);
				return {path: fast};
			}
			return bundle.resolve(args.path, {kind: args.kind, resolveDir: inkDir, pluginData: 'package'});
		});
		bundle.onResolve({filter: /^yaml$/}, (args) => (args.importer === lazyYaml ? {path: 'yaml', external: true} : {path: lazyYaml}));
		bundle.onLoad({filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/}, async (args) => ({contents: lazyRgiEmoji(await readFile(args.path, 'utf8')), loader: 'js'}));
	},
};

const common = {
	outdir: 'dist',
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	sourcemap: 'linked',
	jsx: 'automatic',
	external,
	alias: {'react-devtools-core': './scripts/devtools-stub.mjs'},
	plugins: [fastPathPlugin],
	// Segmenters are made on first use (see scripts/lazy-segmenter.mjs).
	define: {'process.env.NODE_ENV': '"production"', 'Intl.Segmenter': 'LazySegmenter'},
	inject: ['scripts/lazy-segmenter.mjs'],
	banner: {
		js: "import {createRequire as __drillCreateRequire} from 'node:module'; const require = __drillCreateRequire(import.meta.url);",
	},
	// Smaller chunks parse faster: the explorer's first frame is measured in milliseconds.
	minifyWhitespace: true,
	minifySyntax: true,
	logLevel: 'warning',
};

// The CLI and its commands, sharing chunks; the benchmarks unless DRILL_BUILD_BENCH=0.
const commandsBuild = build({
	...common,
	// search-worker: the funnel's thread in the app (source/ui/search-client.ts finds it beside the bundle).
	entryPoints: {'cli-main': 'source/cli.tsx', 'demo-store': 'source/cli/demo-store.ts', 'search-worker': 'source/ui/search-worker.ts', ...(process.env.DRILL_BUILD_BENCH === '0' ? {} : {bench: 'bench/index.ts', eval: 'bench/eval.ts'})},
	chunkNames: 'chunks/[name]-[hash]',
});
// The explorer on a terminal (see source/cli/explorer.ts): start-explorer.ts and all it loads as one
// CommonJS bundle, dist/explorer-script.cjs, which dist/explorer.js runs with V8's code cache; Ink
// and React in dist/explorer/ink-library.js, an ES module the bundle gets once its first frame is
// drawn. In the bundle, `ink`, `react` and `react/jsx-runtime` read that module's namespaces from a
// global slot: the view code that imports them runs only after it is filled. A script run by
// vm.Script cannot import() on Node 20 without an experimental loader (it warns): the bundle's
// imports of other packages (an optional embedder's) are requires (Node 20.19+ requires ES modules).
const inkShim = {
	name: 'ink-shim',
	setup(bundle) {
		bundle.onResolve({filter: /^(ink|react|react\/jsx-runtime)$/}, (args) => ({path: args.path, namespace: 'ink-shim'}));
		bundle.onLoad({filter: /.*/, namespace: 'ink-shim'}, (args) => ({contents: `module.exports = globalThis[Symbol.for('drill.ink-library')][${JSON.stringify(args.path)}];`, loader: 'js'}));
	},
};
// better-sqlite3's JavaScript (13 files Node would find, read and compile one by one) goes into the
// bundle and its code cache; only its native addon is loaded from node_modules (store/open.ts names
// the file). In an ES module the package is required at run time (see store/sqlite-driver.ts).
const bundledSqlite = {
	name: 'bundled-sqlite',
	setup(bundle) {
		bundle.onLoad({filter: /[\\/]source[\\/]store[\\/]sqlite-driver\.ts$/}, () => ({contents: "export const Database = require('better-sqlite3');", loader: 'ts'}));
	},
};
const single = {...common, splitting: false, chunkNames: undefined};
// The bundles run by vm.Script are read as text on every start: one character beyond ASCII (esbuild
// keeps them in regular expressions and tagged templates) makes V8 decode the whole file to UTF-16
// (~17 M instructions for the explorer's, before its first frame). The build fails on one, saying where.
async function asciiOnly(file) {
	const text = await readFile(file, 'utf8');
	const at = text.search(/[^\x00-\x7f]/u);
	if (at >= 0) throw new Error(`${file} has a character beyond ASCII, ${JSON.stringify(text[at])}, in \`${text.slice(Math.max(0, at - 60), at + 20)}\`: write it as an escape (\\u${text.codePointAt(at).toString(16).padStart(4, '0')}) in the source`);
}
const explorerScriptId = (async () => {
	await build({...single, format: 'cjs', banner: {}, entryPoints: {'explorer-script': 'source/cli/start-explorer.ts'}, outExtension: {'.js': '.cjs'}, external: external.filter((name) => name !== 'better-sqlite3'), plugins: [fastPathPlugin, inkShim, bundledSqlite], supported: {'dynamic-import': false}, define: {...common.define, 'import.meta.url': '__scriptUrl'}});
	await asciiOnly('dist/explorer-script.cjs');
	return createHash('sha256').update(await readFile('dist/explorer-script.cjs')).digest('hex').slice(0, 32);
})();
const explorerBuild = (async () => {
	const id = await explorerScriptId;
	await Promise.all([
		build({...single, entryPoints: {explorer: 'source/cli/explorer.ts'}, define: {...common.define, EXPLORER_SCRIPT_ID: JSON.stringify(id)}}),
		build({...single, entryPoints: {'explorer/ink-library': 'scripts/ink-library.mjs'}}),
	]);
})();
// The built CLI's entry, dist/cli.cjs (source/cli/entry.ts), one file that imports nothing of drill's:
// the light commands (source/cli/light-commands.ts) run from dist/cli-light.cjs, one CommonJS bundle
// with better-sqlite3's JavaScript, run with V8's code cache as the explorer's is; every other command
// line from dist/cli-main.js (source/cli.tsx) and its chunks.
const entryBuild = (async () => {
	// The light bundle runs the explorer's, whose id it needs.
	const explorerId = await explorerScriptId;
	await build({...single, format: 'cjs', banner: {}, entryPoints: {'cli-light': 'source/cli/light-script.ts'}, outExtension: {'.js': '.cjs'}, external: external.filter((name) => name !== 'better-sqlite3'), plugins: [fastPathPlugin, bundledSqlite], supported: {'dynamic-import': false}, define: {...common.define, 'import.meta.url': '__scriptUrl', EXPLORER_SCRIPT_ID: JSON.stringify(explorerId)}});
	await asciiOnly('dist/cli-light.cjs');
	const id = createHash('sha256').update(await readFile('dist/cli-light.cjs')).digest('hex').slice(0, 32);
	// CommonJS (dist/cli.cjs, the package's bin): Node runs a CommonJS main without its ES module loader's resolve, load and link.
	await build({...single, format: 'cjs', banner: {}, entryPoints: {cli: 'source/cli/entry.ts'}, outExtension: {'.js': '.cjs'}, define: {...common.define, LIGHT_SCRIPT_ID: JSON.stringify(id)}});
	// The entry's former path, for scripts and other builds' benches that run `node dist/cli.js`: the same CLI.
	await writeFile('dist/cli.js', "#!/usr/bin/env node\n// drill's entry is dist/cli.cjs (package.json `bin`); this path runs it too.\nimport './cli.cjs';\n", {mode: 0o755});
})();
// The yaml package as one file that scripts/lazy-yaml.mjs requires on the first parse: not read,
// nor compiled, with the chunks that import it.
const yamlBuild = build({entryPoints: [createRequire(import.meta.url).resolve('yaml')], outfile: 'dist/yaml.cjs', bundle: true, format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, minifySyntax: true, logLevel: 'warning'});
await Promise.all([commandsBuild, explorerBuild, entryBuild, yamlBuild]);

if (!rgiEmojiDeferred) throw new Error('nothing in the bundle imports string-width any more: remove the lazy RGI emoji pattern from scripts/build.mjs');
for (const name of Object.keys(fastPaths)) {
	if (!redirected.has(name)) throw new Error(`nothing in the bundle imports ${name} any more: the fast path ${fastPaths[name]} is unused (remove it, or find what Ink calls now)`);
}
