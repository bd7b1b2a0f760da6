// `npm run bench -- mcp-soak [--calls N] [--clients N] [--malformed F] [--window N] [--smoke]`:
// N calls (default 5,000) from concurrent clients (default 4), each its own `drill mcp` over
// stdio, with a mix of every tool, resource reads and list requests, and a share of malformed
// lines (default 5 %: not JSON, bad params, batches, 100 KB queries, bad arguments and now and
// then a 9 MB line). Every call must be answered; the servers' RSS is sampled from start to end.
// Exits 1 when any call went unanswered. --smoke: 200 calls from 2 clients.
import {copyFileSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {DrillConfig} from '../source/core/registry.js';
import {demoConfig, serverArgs, startServer} from './mcp.js';
import type {WireAnswer, WireClient} from './mcp/wire.js';
import {machine, summarize} from './stats.js';

function option(args: string[], name: string): string | undefined {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
}

/** A server's resident set in MB, from /proc (Linux); NaN elsewhere. */
function rssMb(pid: number | undefined): number {
	try {
		const match = /VmRSS:\s+(\d+) kB/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) / 1024 : Number.NaN;
	} catch {
		return Number.NaN;
	}
}

type Call = {kind: string; send(client: WireClient, id: string): Promise<WireAnswer>};

const tool = (name: string, args: Record<string, unknown>): Call => ({
	kind: name,
	send: async (client, id) => {
		const answer = client.answerTo(id);
		await client.writeLine(JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: args}}));
		return answer;
	},
});

const request = (method: string, params: unknown): Call => ({
	kind: method,
	send: async (client, id) => {
		const answer = client.answerTo(id);
		await client.writeLine(JSON.stringify({jsonrpc: '2.0', id, method, params}));
		return answer;
	},
});

/** A line whose id cannot be read is answered with id null: wait for the next such answer. */
const raw = (kind: string, line: (id: string) => string, idReadable: boolean): Call => ({
	kind,
	send: async (client, id) => {
		const answer = idReadable ? client.answerTo(id) : client.nextOrphan();
		await client.writeLine(line(id));
		return answer;
	},
});

const queries = ['retry storm', 'connection pool exhaustion', 'release notes', 'unicode filenames', 'rate limiter', 'backoff jitter', 'incident review', 'onboarding'];

function wellFormed(i: number): Call {
	const query = queries[i % queries.length]!;
	switch (i % 12) {
		case 0:
			return tool('walk', {domain: 'summary', node_id: ['', 'conversation_session', 'conversation_session:k3x9', 'page'][i % 4], depth: ['index', 'summary', 'full'][i % 3]});
		case 1:
			return tool('drill_tree', {domain: 'knowledge', node_id: ['', 'architecture', 'runbooks'][i % 3], depth: 'summary'});
		case 2:
			return tool('find', {query});
		case 3:
			return tool('summary_search', {query, method: 'keyword', top_k: 5});
		case 4:
			return tool('find', {query, source: 'knowledge', offset: 2});
		case 5:
			return tool('read_nodes', {domain: 'summary', node_ids: ['conversation_session:k3x9', 'conversation_session:k3x9#n4', 'page:nope'], max_bytes: 8000});
		case 6:
			return tool('store_status', {});
		case 7:
			return tool('drill_status', {});
		case 8:
			return request('resources/read', {uri: ['drill://summary/', 'drill://knowledge/architecture%2Fstorage'][i % 2]});
		case 9:
			return request('tools/list', {});
		case 10:
			return tool('available_domains', {});
		default:
			return tool('walk', {domain: 'summary', node_id: 'conversation_session', offset: 10_000});
	}
}

const bigQuery = 'x'.repeat(9 * 1024 * 1024);

function malformed(i: number): Call {
	switch (i % 7) {
		case 0:
			return raw('malformed: not JSON', () => '{"jsonrpc":"2.0","id":', false);
		case 1:
			// A 9 MB line, its id written last (as the SDK's client does): over the 8 MiB limit.
			return raw('malformed: 9 MB line', (id) => `{"method":"tools/call","params":{"name":"find","arguments":{"query":"${bigQuery}"}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`, true);
		case 2:
			return raw('malformed: params null', (id) => JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: null}), true);
		case 3:
			return raw('malformed: batch', (id) => JSON.stringify([{jsonrpc: '2.0', id, method: 'tools/list'}]), false);
		case 4:
			return tool('find', {query: 'q'.repeat(100_000)});
		case 5:
			return raw('malformed: arguments a string', (id) => JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'walk', arguments: 'x'}}), true);
		default:
			return tool('walk', {domain: 'summary', node_id: 'x:y#nZ'});
	}
}

interface ClientRun {
	answered: number;
	unanswered: string[];
	latencies: Map<string, number[]>;
	errors: Map<string, number>;
	rss: {start: number; peak: number; end: number; quarters: number[]};
	exit: {code: number | null; signal: string | null};
}

async function runClient(index: number, calls: number, malformedShare: number, window: number, config: DrillConfig): Promise<ClientRun> {
	const client = startServer(serverArgs(config));
	await client.initialize();
	const pid = client.child.pid;
	const rss = {start: rssMb(pid), peak: 0, end: 0, quarters: [] as number[]};
	const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssMb(pid))), 100);
	const result: ClientRun = {answered: 0, unanswered: [], latencies: new Map(), errors: new Map(), rss, exit: {code: null, signal: null}};
	let next = 0;
	let frameOpen = false;
	const pick = (i: number): Call => {
		// Deterministic mix: every 1/share-th call is malformed; every 40th opens or closes a frame.
		if (malformedShare > 0 && i % Math.round(1 / malformedShare) === 0) return malformed(i / Math.round(1 / malformedShare));
		if (i % 40 === 1) {
			frameOpen = !frameOpen;
			return frameOpen ? tool('drill', {slug: `soak-${index}-${i}`, objective: `Soak frame ${i} of client ${index}`}) : tool('undrill', {findings: `Closed by the soak at call ${i}.`, prevention_plan: []});
		}
		return wellFormed(i);
	};
	const worker = async () => {
		while (next < calls) {
			const i = next++;
			const call = pick(i);
			const id = `c${index}-${i}`;
			const started = performance.now();
			const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 60_000).unref());
			const answer = await Promise.race([call.send(client, id), timeout]);
			if (!answer) {
				result.unanswered.push(`${id} ${call.kind}`);
				continue;
			}
			result.answered++;
			if (result.answered % Math.ceil(calls / 4) === 0) rss.quarters.push(rssMb(pid));
			const latency = performance.now() - started;
			result.latencies.set(call.kind, [...(result.latencies.get(call.kind) ?? []), latency]);
			const code = answer.message.error ? `JSON-RPC ${answer.message.error.code}` : answer.message.result?.isError ? 'tool error' : undefined;
			if (code) result.errors.set(`${call.kind} → ${code}`, (result.errors.get(`${call.kind} → ${code}`) ?? 0) + 1);
		}
	};
	// Lines from one client go out whole and in order; up to `window` requests wait for answers at once.
	await Promise.all(Array.from({length: window}, worker));
	clearInterval(sampler);
	rss.end = rssMb(pid);
	result.exit = await client.close();
	return result;
}

export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	const calls = Number(option(args, '--calls') ?? (smoke ? 200 : 5000));
	const clients = Number(option(args, '--clients') ?? (smoke ? 2 : 4));
	const malformedShare = Number(option(args, '--malformed') ?? 0.05);
	const window = Number(option(args, '--window') ?? 4);
	const work = mkdtempSync(path.join(os.tmpdir(), 'drill-mcp-soak-'));
	const demo = demoConfig();
	// The servers write closed drills into the store: give them a copy, never the demo's own.
	const store = path.join(work, 'store.db');
	copyFileSync(demo.storePath, store);
	console.log(`drill mcp soak — ${machine()}; load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
	console.log(`${calls} calls from ${clients} concurrent clients over stdio (${window} in flight each), ${(malformedShare * 100).toFixed(0)} % malformed`);
	const started = performance.now();
	const perClient = Math.ceil(calls / clients);
	const runs = await Promise.all(Array.from({length: clients}, (_, index) => runClient(index, perClient, malformedShare, window, {storePath: store, knowledgeDir: demo.knowledgeDir, drillsRoot: mkdtempSync(path.join(work, `drills-${index}-`))})));
	const seconds = (performance.now() - started) / 1000;
	const answered = runs.reduce((sum, runResult) => sum + runResult.answered, 0);
	const unanswered = runs.flatMap((runResult) => runResult.unanswered);
	console.log(`\nanswered ${answered} of ${answered + unanswered.length} calls in ${seconds.toFixed(1)} s${unanswered.length ? `; UNANSWERED: ${unanswered.slice(0, 10).join(', ')}` : ''}`);
	runs.forEach((runResult, index) => console.log(`client ${index}: RSS start ${runResult.rss.start.toFixed(0)} MB, peak ${runResult.rss.peak.toFixed(0)} MB, end ${runResult.rss.end.toFixed(0)} MB (after each quarter of its calls: ${runResult.rss.quarters.map((mb) => mb.toFixed(0)).join(', ')} MB); exit ${runResult.exit.code ?? runResult.exit.signal}`));
	const latencies = new Map<string, number[]>();
	const errors = new Map<string, number>();
	for (const runResult of runs) {
		for (const [kind, values] of runResult.latencies) latencies.set(kind, [...(latencies.get(kind) ?? []), ...values]);
		for (const [kind, count] of runResult.errors) errors.set(kind, (errors.get(kind) ?? 0) + count);
	}
	console.log(`\n${'call'.padEnd(34)} ${'n'.padStart(6)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}`);
	for (const [kind, values] of [...latencies].sort()) {
		const figures = summarize(values);
		console.log(`${kind.padEnd(34)} ${String(figures.n).padStart(6)} ${figures.p50.toFixed(1).padStart(9)} ${figures.p95.toFixed(1).padStart(9)}`);
	}
	console.log('\nerrors (expected: the malformed calls, bad ids, and undrill/drill refusals when a frame raced):');
	for (const [kind, count] of [...errors].sort()) console.log(`  ${kind}: ${count}`);
	rmSync(work, {recursive: true, force: true});
	if (unanswered.length > 0 || runs.some((runResult) => runResult.exit.code !== 0)) process.exitCode = 1;
}
