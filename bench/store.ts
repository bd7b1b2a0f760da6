// `npm run bench -- store [--items N] [--smoke]`: what the damage check costs a writer. Generates
// a store of N items (default 20 000: ~200 000 nodes, ~800 000 spans), then times opening it for
// writing when the file is as the last clean writer left it (the check is skipped), when it is
// not (PRAGMA quick_check runs over every page), quick_check alone, and `drill doctor`'s full
// integrity check.
import {mkdtempSync, rmSync, statSync, utimesSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {validateItem} from '../source/store/interchange.js';
import {diagnose} from '../source/store/doctor.js';
import {quickCheck} from '../source/store/health.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {openIndexedStore} from '../source/search/indexing/indexer.js';
import {makeCorpus, makeItem} from './find/generate.js';
import {machine, ms, summarize} from './stats.js';

function option(args: string[], name: string): string | undefined {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
}

function timed(runs: number, action: () => void): ReturnType<typeof summarize> {
	const samples: number[] = [];
	for (let i = 0; i < runs; i++) {
		const started = performance.now();
		action();
		samples.push(performance.now() - started);
	}
	return summarize(samples);
}

export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	const items = Number(option(args, '--items') ?? (smoke ? 200 : 20_000));
	const runs = smoke ? 2 : 5;
	const log = (text: string) => process.stdout.write(`${text}\n`);
	log(`machine: ${machine()}`);
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-bench-store-'));
	const file = path.join(dir, 'store.db');
	try {
		const started = performance.now();
		const corpus = makeCorpus();
		const writer = openIndexedStore(file);
		for (let i = 0; i < items; i++) writer.writeItem(validateItem(makeItem(corpus, i, ['docs', 'conversation_session'])));
		writer.close();
		log(`generated ${items} items in ${((performance.now() - started) / 1000).toFixed(1)} s: ${(statSync(file).size / 1e6).toFixed(0)} MB`);

		const open = () => openIndexedStore(file).close();
		open();
		const unchanged = timed(runs, open);
		log(`open for writing, file as the last clean writer left it (check skipped)  p50 ${ms(unchanged.p50)}  max ${ms(unchanged.max)}`);
		const touched = timed(runs, () => {
			// Anything else touching the file changes its time: the next writer checks every page.
			const now = new Date(Date.now() + Math.random() * 1000);
			utimesSync(file, now, now);
			open();
		});
		log(`open for writing after another program touched the file (quick_check)  p50 ${ms(touched.p50)}  max ${ms(touched.max)}`);
		const store = SummaryStore.open(file);
		const check = timed(runs, () => quickCheck(store.db));
		store.close();
		log(`PRAGMA quick_check alone                                               p50 ${ms(check.p50)}  max ${ms(check.max)}`);
		const doctor = timed(runs, () => diagnose(file));
		log(`drill doctor (integrity_check)                                         p50 ${ms(doctor.p50)}  max ${ms(doctor.max)}`);
		log(`quick_check throughput: ${(statSync(file).size / 1e6 / (check.p50 / 1000)).toFixed(0)} MB/s`);
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}
