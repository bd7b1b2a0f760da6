/**
 * Every benchmark, by the name `npm run bench -- NAME` takes: its usage (the synopsis its file's
 * header comment gives, word for word: test/bench/smoke.test.ts checks), what it measures, and
 * its module, loaded only to run it. Each one accepts `--smoke`: tiny sizes, figures printed but
 * never judged, so that CI runs them all and none can rot unnoticed. Add an entry per benchmark.
 */
export interface Benchmark {
	/** The options after `npm run bench -- NAME`. */
	synopsis: string;
	about: string;
	load(): Promise<{run(args: string[]): Promise<void>}>;
}

export const benchmarks: Record<string, Benchmark> = {
	walk: {
		synopsis: '[--fresh] [--smoke]',
		about: 'walks of a store of 1.1 million nodes, with a namespace of 100 000 items, flat and grouped (by project, agent, day, folder), at every depth',
		load: () => import('./walk.js'),
	},
	ingest: {
		synopsis: '[--case all|sessions|docs|archive|long] [--mb 200] [--pages 1000] [--split] [--keep] [--smoke] [--runs N] [--compare OTHER/cli.js] [--profile] [--from DIR] [--lines N] [--into DIR]',
		about: 'the built `drill ingest` on generated session logs and a docs site, into a fresh store, wall time including the search index build',
		load: () => import('./ingest.js'),
	},
	find: {
		synopsis: '[--items N] [--queries N] [--store FILE] [--keep] [--no-vec] [--first-runs N] [--smoke]',
		about: 'p50/p95 of `find` (hybrid and keyword-only), of the bare FTS5 queries under stage 1 and of the semantic scan, on a generated store of 50 000 items; and the first query after opening, in fresh processes',
		load: () => import('./find.js'),
	},
	app: {
		synopsis: '[--runs N] [--keys N] [--items N] [--only first|start|keys] [--parts tree,query,filter,own] [--store FILE] [--smoke]',
		about: 'the explorer in a real pseudo-terminal: first frame (spawn → full main view, demo store; and npm start → that frame), cursor move and depth toggle in a node of 100 000 children, typing in the query box with live results, and the fuzzy filter\'s answer over every loaded name; each p50/p95',
		load: () => import('./app.js'),
	},
	mcp: {
		synopsis: '[--runs N] [--cli PATH] [--items N] [--store FILE] [--smoke]',
		about: 'what `drill mcp` costs an agent over stdio: the size of tools/list, of a default find on the demo store and on a generated store of 50 000 items, the ratio of structured to text bytes of each tool, a full-depth walk, and spawn → first tools/list answer',
		load: () => import('./mcp.js'),
	},
	'mcp-tasks': {
		synopsis: '[--cli PATH] [--smoke]',
		about: 'eight tasks an agent does with `drill mcp` (find and read, list, read a long node, batch-read hits, a frame with a plan and its retrospect, a typo), each scripted as an agent would call the tools: calls, bytes sent and received per task, and whether it got the right answer',
		load: () => import('./mcp-tasks.js'),
	},
	'mcp-soak': {
		synopsis: '[--calls N] [--clients N] [--malformed F] [--window N] [--smoke]',
		about: 'many calls from concurrent `drill mcp` clients, with malformed lines among them: every call must be answered (exit 1 otherwise); the servers\' memory is sampled throughout',
		load: () => import('./mcp-soak.js'),
	},
	usage: {
		synopsis: '[--fresh] [--smoke]',
		about: '`drill usage` (each grouping in process, and the built CLI spawn to exit) and the app\'s usage screen (`$` to drawn with its data) on a generated store of 50 000 sessions over a year',
		load: () => import('./usage.js'),
	},
	team: {
		synopsis: '[--items N] [--find-items N] [--queries N] [--generate server|client] [--keep DIR] [--only push|find] [--smoke]',
		about: 'the team archive on a loopback PostgreSQL server: `drill push` of a generated store of 50 000 items, a second push, `drill pull` into an empty store (wall times), and `find --team` p50/p95 over a generated archive of 1 000 000 items',
		load: () => import('./team.js'),
	},
	store: {
		synopsis: '[--items N] [--smoke]',
		about: 'what the damage check costs a writer: opening a generated store for writing with and without PRAGMA quick_check, quick_check alone, and `drill doctor`\'s full integrity check',
		load: () => import('./store.js'),
	},
	tune: {
		synopsis: '--stores DIR [--lsa JSON --tag NAME] [--quick] [--keyword-only] [--dump] COLLECTION_DIR…',
		about: 'the settings stage 1 is built from, on every collection at once: keyword with and without each addition on top of bm25, and the hybrid over a grid of fusion shares, chosen by leave-one-collection-out',
		load: () => import('./tune.js'),
	},
	embedder: {
		synopsis: '--stores DIR [--variants NAME,…] [--smoke] COLLECTION_DIR…',
		about: 'variants of the offline embedder and of the hybrid\'s use of it, on every collection at once, scored against the keyword list (stores are the tune bench\'s)',
		load: () => import('./embedder.js'),
	},
};

/** What `npm run bench -- NAME --help` prints. */
export function benchmarkHelp(name: string, benchmark: Benchmark): string {
	return `usage: npm run bench -- ${name} ${benchmark.synopsis}\n\n${benchmark.about}.\n\n--smoke runs it at tiny sizes, as CI does: it checks that the benchmark runs; its figures mean nothing.\n`;
}

/** What `npm run bench` with no name, an unknown one or `--help` prints. */
export function benchmarksHelp(): string {
	const width = Math.max(...Object.keys(benchmarks).map((name) => name.length));
	const list = Object.entries(benchmarks).map(([name, benchmark]) => `  ${name.padEnd(width)}  ${benchmark.synopsis}`);
	return `usage: npm run bench -- NAME [args] [--smoke]; npm run bench -- NAME --help for one\n\nbenchmarks: ${Object.keys(benchmarks).join(', ')}\n${list.join('\n')}\n`;
}
