/** `npm run bench -- NAME [args]`: runs one benchmark by name. Add a line per benchmark. */
const benchmarks: Record<string, () => Promise<{run(args: string[]): Promise<void>}>> = {
	walk: () => import('./walk.js'),
	ingest: () => import('./ingest.js'),
	find: () => import('./find.js'),
	app: () => import('./app.js'),
	tune: () => import('./tune.js'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? benchmarks[name] : undefined;
if (!load) {
	process.stderr.write(`usage: npm run bench -- NAME [args]; benchmarks: ${Object.keys(benchmarks).join(', ')}\n`);
	process.exitCode = 2;
} else {
	await (await load()).run(args);
}
