// `npm run bench -- NAME [args]`: each benchmark is a module with `run(args)`.
const benchmarks: Record<string, () => Promise<{run(args: string[]): Promise<void>}>> = {
	walk: () => import('./walk.js'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? benchmarks[name] : undefined;
if (!load) {
	console.error(`usage: npm run bench -- ${Object.keys(benchmarks).join('|')} [args]`);
	process.exitCode = 2;
} else {
	await (await load()).run(args);
}
