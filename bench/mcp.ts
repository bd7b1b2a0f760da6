// `npm run bench -- mcp [--runs N] [--cli PATH] [--items N] [--store FILE] [--smoke]`: what `drill mcp` costs an agent, over
// real stdio: the size of the tools/list answer (and each tool's share), of a default find on the
// demo store (fixtures/) and on a generated store of 50 000 items (--items; built once into the
// temp folder, or --store FILE), the ratio of structured to text bytes of each tool's answer, a
// full-depth walk of the knowledge root, and the time from spawning the server to its first
// tools/list answer (median of N runs, default 5; --smoke: 1 run, 300 items). --cli measures
// another build of drill (e.g. an older checkout's dist/cli.js) against the same stores.
import {copyFileSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildDemoStore} from '../source/cli/demo-store.js';
import type {DrillConfig} from '../source/core/registry.js';
import {bigStore} from './mcp/big-store.js';
import {WireClient, type WireAnswer} from './mcp/wire.js';
import {machine, summarize} from './stats.js';

function option(args: string[], name: string): string | undefined {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
}

let cli = path.resolve('dist/cli.cjs');
export const cliPath = () => cli;

/** The demo store (fixtures/, built once into a cache folder), as `npm start` opens it. */
export const demoConfig = (): DrillConfig => buildDemoStore({fixtures: path.resolve('fixtures'), repository: process.cwd()});

export const serverArgs = (config: DrillConfig) => ['mcp', '--store', config.storePath, '--knowledge', config.knowledgeDir, '--drills', config.drillsRoot];

export function startServer(args: string[]): WireClient {
	return new WireClient(process.execPath, [cliPath(), ...args], {env: {...process.env, NO_COLOR: '1'}});
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A process's CPU time so far (user + system), from /proc (Linux): less swayed by a busy machine than wall time. */
function cpuMs(pid: number | undefined): number {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
	} catch {
		return Number.NaN;
	}
}

/** An answer's halves: the text a model reads and the structured content, in bytes. */
export function halves(answer: WireAnswer): {text: number; structured: number; error?: string} {
	const result = answer.message.result;
	if (!result) return {text: 0, structured: 0, error: answer.message.error?.message ?? 'no result'};
	const text = (result.content ?? []).map((part: {text?: string}) => part.text ?? '').join('');
	return {text: Buffer.byteLength(text), structured: result.structuredContent ? Buffer.byteLength(JSON.stringify(result.structuredContent)) : 0, ...(result.isError ? {error: text.slice(0, 80)} : {})};
}

function findLine(label: string, answer: WireAnswer): string {
	const {text, structured, error} = halves(answer);
	return `${label}: ${kb(answer.bytes)} on the wire (text ${kb(text)}, structured ${kb(structured)})${error ? ` — ERROR ${error}` : ''}`;
}

/** One representative call per tool, in an order that leaves something for the frame tools to act on. */
const toolCalls: Array<[string, Record<string, unknown>]> = [
	['walk', {domain: 'summary', node_id: 'conversation_session:k3x9', depth: 'summary'}],
	['drill_tree', {domain: 'knowledge', node_id: 'runbooks', depth: 'summary'}],
	['available_domains', {}],
	['read_nodes', {domain: 'summary', node_ids: ['conversation_session:k3x9#n4', 'conversation_session:k3x9#n6'], depth: 'full'}],
	['find', {query: 'retry storm'}],
	['summary_search', {query: 'retry storm'}],
	['store_status', {}],
	['drill', {slug: 'bench', objective: 'What does a frame answer cost?'}],
	['drill_status', {}],
	['undrill', {findings: 'Measured.', prevention_plan: [{action: 'Keep measuring', scope: 'project', sink: 'backlog', owner: 'parent agent', evidence: 'bench/mcp.ts'}]}],
	['retrospect', {}],
];

export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	const runs = Number(option(args, '--runs') ?? (smoke ? 1 : 5));
	const items = Number(option(args, '--items') ?? (smoke ? 300 : 50_000));
	cli = path.resolve(option(args, '--cli') ?? cli);
	const demo = demoConfig();
	// The frame tools write drills into the store and the drills folder: copies, never the demo's own.
	const work = mkdtempSync(path.join(os.tmpdir(), 'drill-bench-mcp-'));
	const storePath = path.join(work, 'store.db');
	copyFileSync(demo.storePath, storePath);
	const config = {...demo, storePath, drillsRoot: mkdtempSync(path.join(work, 'drills-'))};
	console.log(`drill mcp benchmark (${cli}) — ${machine()}; load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

	const startup: number[] = [];
	const cpu: number[] = [];
	for (let i = 0; i < runs; i++) {
		const started = performance.now();
		const client = startServer(serverArgs(config));
		await client.initialize();
		await client.request('tools/list');
		startup.push(performance.now() - started);
		cpu.push(cpuMs(client.child.pid));
		await client.close();
	}

	const client = startServer(serverArgs(config));
	await client.initialize();
	const list = await client.request('tools/list');
	const tools = list.message.result.tools as Array<{name: string}>;
	console.log(`\ntools/list: ${kb(list.bytes)} (${list.bytes} bytes, ${tools.length} tools)`);
	for (const tool of tools) console.log(`  ${tool.name.padEnd(18)} ${kb(Buffer.byteLength(JSON.stringify(tool)))}`);

	console.log('\na default find (no parameter but the query), fixtures store:');
	for (const query of ['retry storm', 'connection pool exhaustion', 'release notes']) console.log(`  ${findLine(JSON.stringify(query), await client.callTool('find', {query}))}`);

	console.log('\nstructured / text bytes of each tool\'s answer (one representative call each):');
	for (const [name, callArgs] of toolCalls) {
		if (!tools.some((tool) => tool.name === name)) {
			console.log(`  ${name.padEnd(18)} (no such tool in this build)`);
			continue;
		}
		const answer = await client.callTool(name, callArgs);
		const {text, structured, error} = halves(answer);
		console.log(`  ${name.padEnd(18)} ${(structured / Math.max(1, text)).toFixed(2).padStart(5)}×  (structured ${String(structured).padStart(6)} B, text ${String(text).padStart(6)} B, wire ${String(answer.bytes).padStart(6)} B)${error ? ` — ERROR ${error}` : ''}`);
	}
	const walk = await client.callTool('walk', {domain: 'knowledge', node_id: '', depth: 'full'});
	console.log(`\nwalk knowledge '' depth full: ${kb(walk.bytes)} on the wire`);
	await client.close();

	// A smoke run's small store goes with the work folder; a real one is kept for the next run.
	const big = await bigStore(items, (line) => console.log(line), option(args, '--store') ?? (smoke ? path.join(work, 'big.db') : undefined));
	const bigClient = startServer(['mcp', '--store', big.file, '--knowledge', work, '--drills', work]);
	await bigClient.initialize();
	console.log(`\na default find on a generated store of ${items} items:`);
	for (const query of big.queries) console.log(`  ${findLine(JSON.stringify(query), await bigClient.callTool('find', {query}))}`);
	await bigClient.close();
	rmSync(work, {recursive: true, force: true});

	const figures = summarize(startup);
	console.log(`\nspawn → first tools/list answer: median ${figures.p50.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms over ${runs} runs (${startup.map((value) => value.toFixed(0)).join(', ')})`);
	console.log(`the server's CPU time up to that answer: median ${summarize(cpu).p50.toFixed(0)} ms (${cpu.map((value) => value.toFixed(0)).join(', ')})`);
}
