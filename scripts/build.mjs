// Bundles the CLI (and the benchmarks) with esbuild: one bundle starts ~2x faster than tsc's
// many files, and commands are split into chunks loaded on use.
import {build} from 'esbuild';
import {rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

rmSync('dist', {recursive: true, force: true});

const native = ['better-sqlite3', 'sqlite-vec', '@lydell/node-pty'];

// Fast paths for narrow text in front of two packages Ink calls for every line of every frame (see
// the files). Every import of the package resolves to the fast file, except the fast file's own,
// which gets the package Ink itself would load, through its public exports. The build fails if
// nothing imported a package any more: a fast path that silently dropped out would cost every frame.
const fastPaths = {'string-width': 'scripts/fast-string-width.mjs', '@alcalzone/ansi-tokenize': 'scripts/fast-ansi-tokenize.mjs'};
const inkDir = path.dirname(createRequire(import.meta.url).resolve('ink'));
const redirected = new Set();
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
	},
};

await build({
	// search-worker: the funnel's thread in the app (source/ui/search-client.ts finds it beside the bundle).
	entryPoints: {cli: 'source/cli.tsx', 'demo-store': 'source/cli/demo-store.ts', 'search-worker': 'source/ui/search-worker.ts', ...(process.env.DRILL_BUILD_BENCH === '0' ? {} : {bench: 'bench/index.ts', eval: 'bench/eval.ts'})},
	outdir: 'dist',
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	sourcemap: 'linked',
	jsx: 'automatic',
	external: native,
	alias: {'react-devtools-core': './scripts/devtools-stub.mjs'},
	plugins: [fastPathPlugin],
	define: {'process.env.NODE_ENV': '"production"'},
	banner: {
		js: "import {createRequire as __drillCreateRequire} from 'node:module'; const require = __drillCreateRequire(import.meta.url);",
	},
	chunkNames: 'chunks/[name]-[hash]',
	// Smaller chunks parse faster: the explorer's first frame is measured in milliseconds.
	minifyWhitespace: true,
	minifySyntax: true,
	logLevel: 'warning',
});

for (const name of Object.keys(fastPaths)) {
	if (!redirected.has(name)) throw new Error(`nothing in the bundle imports ${name} any more: the fast path ${fastPaths[name]} is unused (remove it, or find what Ink calls now)`);
}
