import {existsSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import '../source/domains/index.js';
import {depths} from '../source/core/depth.js';
import {Drillables} from '../source/core/registry.js';
import type {ItemRecord} from '../source/store/interchange.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {machine, ms, timeSync} from './stats.js';

/** The store's shape; `--smoke` makes it tiny (a fresh temp file, removed after). */
const full = {items: 20_000, nodesPerItem: 50, wideItems: 100_000, runs: 300};
const smoke = {items: 40, nodesPerItem: 10, wideItems: 300, runs: 5};
let {items, nodesPerItem, wideItems} = full;

const words = 'retry pool postgres cache latency deploy rollback index query planner vacuum replica shard queue worker timeout budget trace span token parser schema migration lock cursor frame summary search ranking embed vector'.split(' ');
const phrase = (seed: number, length: number) => Array.from({length}, (_, i) => words[(seed * 31 + i * 7) % words.length]).join(' ');

/** An item of `count` nodes: a root, 7 topics, the rest leaves under them, one span per leaf. */
function item(namespace: string, index: number, count: number): ItemRecord {
	const nodes: ItemRecord['nodes'] = [{ordinal: 0, parent: null, title: `Session ${index}`, summary: phrase(index, 12), keywords: [words[index % words.length]!], spans: []}];
	const spans: ItemRecord['spans'] = [];
	const topics = Math.min(7, count - 1);
	for (let t = 1; t <= topics; t++) nodes.push({ordinal: t, parent: 0, title: `Topic ${phrase(index + t, 3)}`, summary: phrase(index * t, 16), keywords: [words[t]!], spans: []});
	for (let o = topics + 1; o < count; o++) {
		spans.push({seq: spans.length, role: o % 2 ? 'user' : 'assistant', text: phrase(index + o, 24)});
		nodes.push({ordinal: o, parent: 1 + ((o - topics - 1) % topics), title: `Step ${phrase(o, 2)}`, summary: phrase(index + o, 10), keywords: [], spans: [spans.length - 1]});
	}
	return {namespace, item_id: `i${index}`, title: `Session ${index}`, generated_at: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(), source: {kind: 'bench'}, tldr: phrase(index, 20), nodes, spans};
}

function generate(file: string): void {
	const partial = `${file}.partial`;
	rmSync(partial, {force: true});
	const store = SummaryStore.open(partial, {write: true});
	store.db.pragma('synchronous = OFF');
	const started = performance.now();
	const batch = (from: number, to: number, make: (i: number) => ItemRecord) => {
		store.db.transaction(() => {
			for (let i = from; i < to; i++) store.writeItem(make(i));
		})();
	};
	for (let i = 0; i < items; i += 1000) {
		batch(i, Math.min(items, i + 1000), (n) => item(`ns${n % 4}`, n, nodesPerItem));
		process.stderr.write(`\rgenerating: ${Math.min(items, i + 1000)} / ${items} items of ${nodesPerItem} nodes`);
	}
	for (let i = 0; i < wideItems; i += 5000) {
		batch(i, Math.min(wideItems, i + 5000), (n) => item('wide', n, 1));
		process.stderr.write(`\rgenerating: ${Math.min(wideItems, i + 5000)} / ${wideItems} items in namespace "wide"      `);
	}
	store.db.pragma('wal_checkpoint(TRUNCATE)');
	store.close();
	renameSync(partial, file);
	process.stderr.write(`\rgenerated in ${((performance.now() - started) / 1000).toFixed(1)} s${' '.repeat(40)}\n`);
}

export async function run(args: string[]): Promise<void> {
	const sizes = args.includes('--smoke') ? smoke : full;
	({items, nodesPerItem, wideItems} = sizes);
	const file = sizes === smoke ? path.join(tmpdir(), `drill-bench-walk-smoke-${process.pid}.db`) : path.join(tmpdir(), 'drill-bench-walk-v1.db');
	if (args.includes('--fresh') || sizes === smoke) rmSync(file, {force: true});
	if (!existsSync(file)) generate(file);
	const drillables = new Drillables({storePath: file, knowledgeDir: tmpdir(), drillsRoot: tmpdir()});
	const nodesTotal = items * nodesPerItem + wideItems;
	console.log(`drill walk benchmark — ${machine()}`);
	console.log(`store: ${file} (${nodesTotal.toLocaleString('en')} nodes: ${items.toLocaleString('en')} items × ${nodesPerItem}, plus namespace "wide" of ${wideItems.toLocaleString('en')} items)`);
	const {runs} = sizes;
	const pick = (i: number) => (i * 7919) % items;
	const cases: Array<[string, (i: number) => string]> = [
		[`namespace root, ${wideItems.toLocaleString('en')} children (first page of 100)`, () => 'wide'],
		['item root', (i) => `ns${pick(i) % 4}:i${pick(i)}`],
		['internal node', (i) => `ns${pick(i) % 4}:i${pick(i)}#n${1 + (i % 7)}`],
	];
	console.log(`\n${'case'.padEnd(54)} ${'depth'.padEnd(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
	for (const [label, id] of cases) {
		for (const depth of depths) {
			const figures = timeSync((i) => drillables.walk('summary', id(i), depth, {limit: 100}), runs);
			console.log(`${label.padEnd(54)} ${depth.padEnd(8)} ${ms(figures.p50).padStart(10)} ${ms(figures.p95).padStart(10)}`);
		}
	}
	drillables.close();
	if (sizes === smoke) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, {force: true});
	console.log(`\n(${runs} walks per row after 5 warm-up walks; medians and 95th percentiles; targets: index first page < 20 ms p95, item/internal < 5 ms p95)`);
}
