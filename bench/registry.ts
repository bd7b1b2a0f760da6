/**
 * Every benchmark, by the name `npm run bench -- NAME` takes. Each one accepts `--smoke`: tiny
 * sizes, figures printed but never judged, so that CI runs them all (test/bench/smoke.test.ts)
 * and none can rot unnoticed. Add a line per benchmark.
 */
export const benchmarks: Record<string, () => Promise<{run(args: string[]): Promise<void>}>> = {
	walk: () => import('./walk.js'),
	ingest: () => import('./ingest.js'),
	find: () => import('./find.js'),
	app: () => import('./app.js'),
	mcp: () => import('./mcp.js'),
	'mcp-soak': () => import('./mcp-soak.js'),
	store: () => import('./store.js'),
	tune: () => import('./tune.js'),
	embedder: () => import('./embedder.js'),
};
