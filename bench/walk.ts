import {existsSync, mkdtempSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {depths} from '../source/core/depth.js';
import type {ItemRecord} from '../source/store/interchange.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {benchRuntime, machine, ms, timeSync} from './stats.js';

/** Sizes: the real benchmark, and `--smoke` (a small store CI can build in seconds). */
const sizes = {full: {items: 20_000, nodesPerItem: 50, wideItems: 100_000, runs: 300}, smoke: {items: 200, nodesPerItem: 20, wideItems: 2_000, runs: 10}};
type Size = (typeof sizes)[keyof typeof sizes];

const words = 'retry pool postgres cache latency deploy rollback index query planner vacuum replica shard queue worker timeout budget trace span token parser schema migration lock cursor frame summary search ranking embed vector'.split(' ');
const phrase = (seed: number, length: number) => Array.from({length}, (_, i) => words[(seed * 31 + i * 7) % words.length]!).join(' ');
const agents = ['claude-code', 'codex', 'gemini-cli', 'aider', 'claude-agent', 'chatgpt'];

/**
 * Where item `index` came from: one of 6 agents, one of 40 projects, a folder of 10 × 20
 * subfolders (about 500 pages each at 100 000 items), a minute after the one before (about
 * 70 days of 1 440 items at 100 000 items).
 */
function source(index: number): ItemRecord['source'] {
	const started = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
	return {
		uri: `/bench/docs/s${index % 10}/t${Math.floor(index / 10) % 20}/page-${index}.md`,
		kind: 'bench',
		agent: agents[index % agents.length],
		project: `/home/bench/src/project-${(index * 7) % 40}`,
		started_at: started,
		turns: index % 17,
		tool_calls: index % 41,
	};
}

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
	const from = source(index);
	return {namespace, item_id: `i${index}`, title: `Session ${index}`, generated_at: from!.started_at!, source: from, tldr: phrase(index, 20), nodes, spans};
}

function generate(file: string, size: Size): void {
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
	for (let i = 0; i < size.items; i += 1000) {
		batch(i, Math.min(size.items, i + 1000), (n) => item(`ns${n % 4}`, n, size.nodesPerItem));
		process.stderr.write(`\rgenerating: ${Math.min(size.items, i + 1000)} / ${size.items} items of ${size.nodesPerItem} nodes`);
	}
	for (let i = 0; i < size.wideItems; i += 5000) {
		batch(i, Math.min(size.wideItems, i + 5000), (n) => item('wide', n, 1));
		process.stderr.write(`\rgenerating: ${Math.min(size.wideItems, i + 5000)} / ${size.wideItems} items in namespace "wide"      `);
	}
	store.db.pragma('wal_checkpoint(TRUNCATE)');
	store.close();
	renameSync(partial, file);
	process.stderr.write(`\rgenerated in ${((performance.now() - started) / 1000).toFixed(1)} s${' '.repeat(40)}\n`);
}

/**
 * `npm run bench -- walk [--fresh] [--smoke]`: walks of a store of 1.1 million nodes, with a
 * namespace of 100 000 items, flat and grouped (by project, agent, day, folder), at every depth.
 */
export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	const size = smoke ? sizes.smoke : sizes.full;
	const file = smoke ? path.join(mkdtempSync(path.join(tmpdir(), 'drill-bench-walk-')), 'smoke.db') : path.join(tmpdir(), 'drill-bench-walk-v2.db');
	if (args.includes('--fresh')) rmSync(file, {force: true});
	if (!existsSync(file)) generate(file, size);
	const runtime = benchRuntime(file);
	const drillables = runtime.domains;
	const wide = size.wideItems.toLocaleString('en');
	console.log(`drill walk benchmark — ${machine()}`);
	console.log(`store: ${file} (${(size.items * size.nodesPerItem + size.wideItems).toLocaleString('en')} nodes: ${size.items.toLocaleString('en')} items × ${size.nodesPerItem}, plus namespace "wide" of ${wide} items)`);
	const pick = (i: number) => (i * 7919) % size.items;
	const deep = Math.floor(size.wideItems / 2);
	const cases: Array<[string, (i: number) => string, {offset?: number; groupBy?: string}?]> = [
		[`namespace root, ${wide} children (first page of 100)`, () => 'wide'],
		[`namespace root, ${wide} children (page at ${deep})`, () => 'wide', {offset: deep}],
		['item root', (i) => `ns${pick(i) % 4}:i${pick(i)}`],
		['internal node', (i) => `ns${pick(i) % 4}:i${pick(i)}#n${1 + (i % 7)}`],
		['wide --group-by project (40 groups)', () => 'wide', {groupBy: 'project'}],
		['wide --group-by day (~70 days)', () => 'wide#day'],
		['wide --group-by folder (top: 10 folders)', () => 'wide#folder'],
		['one project (~2 500 items, first page)', (i) => `wide#project=/home/bench/src/project-${i % 40}`],
		['one agent (~16 700 items, page at 10 000)', (i) => `wide#agent=${agents[i % agents.length]}`, {offset: Math.floor(size.wideItems / 10)}],
		['one day (1 440 items, first page)', (i) => `wide#day=${source((i * 997) % size.wideItems)!.started_at!.slice(0, 10)}`],
		['one folder (20 subfolders)', (i) => `wide#folder=s${i % 10}`],
		['one subfolder (~500 pages, first page)', (i) => `wide#folder=s${i % 10}/t${i % 20}`],
	];
	console.log(`\n${'case'.padEnd(54)} ${'depth'.padEnd(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
	for (const [label, id, options] of cases) {
		for (const depth of depths) {
			const figures = timeSync((i) => drillables.walk('summary', id(i), depth, {limit: 100, ...options}), size.runs);
			console.log(`${label.padEnd(54)} ${depth.padEnd(8)} ${ms(figures.p50).padStart(10)} ${ms(figures.p95).padStart(10)}`);
		}
	}
	runtime.close();
	if (smoke) rmSync(path.dirname(file), {recursive: true, force: true});
	console.log(`\n(${size.runs} walks per row after 5 warm-up walks; medians and 95th percentiles; targets: index first page < 20 ms p95, item/internal < 5 ms p95)`);
}
