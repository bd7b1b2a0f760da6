// `npm run bench -- mcp [--runs N] [--cli PATH]`: what `drill mcp` costs an agent, over real stdio against the
// demo store (fixtures/): the size of the tools/list answer, of a default find answer, of a
// full-depth walk of the knowledge root, and the time from spawning the server to its first
// tools/list answer (median of N runs, default 5; --smoke: 1). --cli measures another build of
// drill (e.g. an older checkout's dist/cli.js) against the same store.
import {readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildDemoStore} from '../source/cli/demo-store.js';
import type {DrillConfig} from '../source/core/registry.js';
import {WireClient} from './mcp/wire.js';
import {machine, summarize} from './stats.js';

function option(args: string[], name: string): string | undefined {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
}

let cli = path.resolve('dist/cli.js');
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

export async function run(args: string[]): Promise<void> {
	const runs = Number(option(args, '--runs') ?? (args.includes('--smoke') ? 1 : 5));
	cli = path.resolve(option(args, '--cli') ?? cli);
	const demoArgs = serverArgs(demoConfig());
	console.log(`drill mcp benchmark (${cli}) — ${machine()}; load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

	const startup: number[] = [];
	const cpu: number[] = [];
	for (let i = 0; i < runs; i++) {
		const started = performance.now();
		const client = startServer(demoArgs);
		await client.initialize();
		await client.request('tools/list');
		startup.push(performance.now() - started);
		cpu.push(cpuMs(client.child.pid));
		await client.close();
	}

	const client = startServer(demoArgs);
	await client.initialize();
	const list = await client.request('tools/list');
	const tools = list.message.result.tools as Array<{name: string}>;
	console.log(`\ntools/list: ${kb(list.bytes)} (${tools.length} tools)`);
	for (const tool of tools) console.log(`  ${tool.name.padEnd(18)} ${kb(Buffer.byteLength(JSON.stringify(tool)))}`);
	for (const query of ['retry storm', 'connection pool exhaustion', 'release notes']) {
		const answer = await client.callTool('find', {query});
		const result = answer.message.result;
		const text = (result.content ?? []).map((part: {text?: string}) => part.text ?? '').join('');
		console.log(`find ${JSON.stringify(query)} (defaults): ${kb(answer.bytes)} on the wire (text ${kb(Buffer.byteLength(text))}, structured ${kb(Buffer.byteLength(JSON.stringify(result.structuredContent ?? {})))})`);
	}
	const walk = await client.callTool('walk', {domain: 'knowledge', node_id: '', depth: 'full'});
	console.log(`walk knowledge '' depth full: ${kb(walk.bytes)} on the wire`);
	await client.close();

	const figures = summarize(startup);
	console.log(`\nspawn → first tools/list answer: median ${figures.p50.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms over ${runs} runs (${startup.map((value) => value.toFixed(0)).join(', ')})`);
	console.log(`the server's CPU time up to that answer: median ${summarize(cpu).p50.toFixed(0)} ms (${cpu.map((value) => value.toFixed(0)).join(', ')})`);
}
