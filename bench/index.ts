/** `npm run bench -- NAME [args]` (add `--smoke` for a quick run at tiny sizes, `--help` for its usage): runs one benchmark by name. */
import {benchmarkHelp, benchmarks, benchmarksHelp} from './registry.js';

const [name, ...args] = process.argv.slice(2);
const help = (word: string) => word === '--help' || word === '-h';
const benchmark = name ? benchmarks[name] : undefined;
if (name !== undefined && help(name)) {
	process.stdout.write(benchmarksHelp());
} else if (!benchmark) {
	process.stderr.write(name === undefined ? benchmarksHelp() : `unknown benchmark ${JSON.stringify(name)}\n${benchmarksHelp()}`);
	process.exitCode = 2;
} else if (args.some(help)) {
	process.stdout.write(benchmarkHelp(name!, benchmark));
} else {
	await (await benchmark.load()).run(args);
}
