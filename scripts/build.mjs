// Bundles the CLI (and the benchmarks) with esbuild: one bundle starts ~2x faster than tsc's
// many files, and commands are split into chunks loaded on use.
import {build} from 'esbuild';
import {rmSync} from 'node:fs';

rmSync('dist', {recursive: true, force: true});

const native = ['better-sqlite3', 'sqlite-vec', '@lydell/node-pty'];

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
	// string-width and ansi-tokenize: fast paths for narrow text in front of the real ones (see the files).
	alias: {'react-devtools-core': './scripts/devtools-stub.mjs', 'string-width': './scripts/fast-string-width.mjs', '@alcalzone/ansi-tokenize': './scripts/fast-ansi-tokenize.mjs'},
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
