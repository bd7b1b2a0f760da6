/** `npm run bench -- NAME [args]` (add `--smoke` for a quick run at tiny sizes): runs one benchmark by name. */
import {benchmarks} from './registry.js';

const [name, ...args] = process.argv.slice(2);
const load = name ? benchmarks[name] : undefined;
if (!load) {
	process.stderr.write(`usage: npm run bench -- NAME [args] [--smoke]; benchmarks: ${Object.keys(benchmarks).join(', ')}\n`);
	process.exitCode = 2;
} else {
	await (await load()).run(args);
}
