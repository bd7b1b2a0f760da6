// `npm run bench -- mcp-tasks [--cli PATH] [--smoke]`: eight tasks an agent does with `drill mcp`, over real stdio on a copy
// of the demo store, each scripted as an agent would call the tools (it reads each answer and
// decides its next call from it, as a model would): the calls, the bytes sent and received, and
// whether the task got the right answer. --cli runs the same script against another build (e.g.
// an older checkout's dist/cli.js), so a change can be compared; a task the build cannot do says so.
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cliPath, demoConfig, serverArgs} from './mcp.js';
import {WireClient} from './mcp/wire.js';
import {machine} from './stats.js';

type Result = {isError?: boolean; structuredContent?: any; content?: Array<{text?: string}>};

/** A client that counts what one task costs. */
class Agent {
	calls = 0;
	sent = 0;
	received = 0;

	constructor(private readonly client: WireClient) {}

	async call(name: string, args: Record<string, unknown> = {}): Promise<Result> {
		this.calls++;
		this.sent += Buffer.byteLength(JSON.stringify({jsonrpc: '2.0', id: this.calls, method: 'tools/call', params: {name, arguments: args}})) + 1;
		const answer = await this.client.callTool(name, args);
		this.received += answer.bytes;
		return answer.message.result ?? {isError: true, content: [{text: answer.message.error?.message ?? 'no answer'}]};
	}
}

const text = (result: Result) => (result.content ?? []).map((part) => part.text ?? '').join('\n');

/** The ids of a find answer's hits, best first, in either shape (items with hits, or the seed's stage1_hits). */
function hitIds(result: Result): string[] {
	const structured = result.structuredContent ?? {};
	if (Array.isArray(structured.items)) return (structured.items as Array<{hits: Array<{rank: number; drill_node_id: string}>}>).flatMap((item) => item.hits).sort((a, b) => a.rank - b.rank).map((hit) => hit.drill_node_id);
	return ((structured.stage1_hits ?? []) as Array<{drill_node_id: string}>).map((hit) => hit.drill_node_id);
}

function firstItem(result: Result): {id?: string; drillId?: string} {
	const structured = result.structuredContent ?? {};
	const item = (structured.items ?? structured.candidate_items ?? [])[0] as {drill_node_id?: string; drill_id?: string} | undefined;
	return {id: item?.drill_node_id, drillId: item?.drill_id};
}

interface Task {
	name: string;
	run(agent: Agent): Promise<{ok: boolean; note?: string}>;
}

const plan = [{action: 'Add a jittered backoff to the client', scope: 'project', sink: 'backlog', owner: 'parent agent', evidence: 'services/api/client.ts:40'}];

const tasks: Task[] = [
	{
		name: 'find the cause of the retry storm, read the best hit',
		async run(agent) {
			const found = await agent.call('find', {query: 'what caused the retry storm'});
			const best = hitIds(found)[0];
			if (!best) return {ok: false, note: 'no hit'};
			const node = await agent.call('walk', {domain: 'summary', node_id: best, depth: 'full'});
			return {ok: !node.isError && /pool/iu.test(text(node))};
		},
	},
	{
		name: 'list the namespaces and the newest sessions',
		async run(agent) {
			const top = await agent.call('walk', {domain: 'summary'});
			const first = (top.structuredContent?.children?.[0] as {node_id?: string} | undefined)?.node_id;
			if (!first) return {ok: false, note: 'no namespace'};
			const items = await agent.call('walk', {domain: 'summary', node_id: first, limit: 3});
			return {ok: (items.structuredContent?.children?.length ?? 0) > 0};
		},
	},
	{
		name: 'find the connection-pool runbook and read it',
		async run(agent) {
			const found = await agent.call('find', {query: 'connection pool exhaustion', source: 'knowledge'});
			const id = firstItem(found).id ?? hitIds(found)[0];
			if (!id) return {ok: false, note: 'no hit'};
			const unit = await agent.call('walk', {domain: 'knowledge', node_id: id, depth: 'full'});
			return {ok: !unit.isError && id.includes('connection-pool')};
		},
	},
	{
		name: 'read a long node (the knowledge root) to its end, 8000 characters at a time',
		async run(agent) {
			let args: Record<string, unknown> = {domain: 'knowledge', node_id: '', depth: 'full', max_chars: 8000};
			for (let guard = 0; guard < 60; guard++) {
				const part = await agent.call('walk', args);
				const next = part.structuredContent?.next_content_offset as number | undefined;
				if (next !== undefined) args = {...args, content_offset: next};
				else if (/raise max_chars/u.test(text(part))) args = {...args, max_chars: (args.max_chars as number) * 2};
				else return {ok: !part.isError};
			}
			return {ok: false, note: 'did not reach the end'};
		},
	},
	{
		name: 'read the top three hits for "pool exhaustion" at once, within 8000 bytes',
		async run(agent) {
			const found = await agent.call('find', {query: 'pool exhaustion'});
			const ids = hitIds(found).slice(0, 3);
			const before = agent.received;
			const read = await agent.call('read_nodes', {domain: 'summary', node_ids: ids, max_bytes: 8000});
			const size = agent.received - before;
			return {ok: !read.isError && (read.structuredContent?.nodes?.length ?? 0) > 0 && size <= 8000 + 64, note: size > 8064 ? `answer ${size} B, over its max_bytes` : undefined};
		},
	},
	{
		name: 'a frame with a child, closed with a plan, then the retrospect',
		async run(agent) {
			const root = await agent.call('drill', {slug: 'retry-storm', objective: 'Why do the retries storm?', from: 'root'});
			const rootId = root.structuredContent?.drill?.id as string | undefined;
			if (!rootId) return {ok: false, note: text(root).slice(0, 80)};
			const child = await agent.call('drill', {slug: 'backoff', objective: 'Does the client back off?', from: rootId});
			const childId = child.structuredContent?.drill?.id as string;
			await agent.call('undrill', {findings: 'The client retries in lockstep without jitter.', prevention_plan: plan, from: childId});
			const closed = await agent.call('undrill', {findings: 'Lockstep retries kept the pool exhausted.', prevention_plan: [], from: rootId});
			if (!/retrospect\(/u.test(text(closed))) return {ok: false, note: 'no retrospect tool to route the plan with'};
			const routed = await agent.call('retrospect', {apply: true});
			return {ok: !routed.isError && routed.structuredContent?.applied === true};
		},
	},
	{
		name: 'find the closed frame about lockstep retries and walk it',
		async run(agent) {
			const found = await agent.call('find', {query: 'lockstep retries jitter', source: 'drill'});
			const {drillId} = firstItem(found);
			const id = drillId ?? (found.structuredContent?.stage1_hits?.[0]?.drill_id as string | undefined);
			if (!id) return {ok: false, note: 'no hit'};
			const walked = await agent.call('walk', {domain: 'drills', node_id: id, depth: 'summary'});
			return {ok: !walked.isError};
		},
	},
	{
		name: 'walk a namespace, with the id parameter misspelled nodeId',
		async run(agent) {
			const first = await agent.call('walk', {domain: 'summary', nodeId: 'conversation_session'});
			const meant = /did you mean (\w+)\?/u.exec(text(first))?.[1];
			const answer = first.isError && meant ? await agent.call('walk', {domain: 'summary', [meant]: 'conversation_session'}) : first;
			const ok = answer.structuredContent?.node_id === 'conversation_session';
			return {ok, note: ok ? undefined : `answered node ${JSON.stringify(answer.structuredContent?.node_id)}, silently`};
		},
	},
];

export async function run(args: string[]): Promise<void> {
	const at = args.indexOf('--cli');
	const cli = at === -1 ? cliPath() : path.resolve(args[at + 1]!);
	// The frame tasks write drills into the store and the drills folder: copies, never the demo's own.
	const work = mkdtempSync(path.join(os.tmpdir(), 'drill-bench-mcp-tasks-'));
	const demo = demoConfig();
	const storePath = path.join(work, 'store.db');
	copyFileSync(demo.storePath, storePath);
	const config = {...demo, storePath, drillsRoot: mkdtempSync(path.join(work, 'drills-'))};
	console.log(`drill mcp agent tasks (${cli}) — ${machine()}; load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
	const client = new WireClient(process.execPath, [cli, ...serverArgs(config)], {env: {...process.env, NO_COLOR: '1'}});
	await client.initialize();
	console.log(`\n${'task'.padEnd(78)} ${'calls'.padStart(5)} ${'sent'.padStart(7)} ${'received'.padStart(9)}  result`);
	const total = {calls: 0, sent: 0, received: 0, ok: 0};
	for (const task of tasks) {
		const agent = new Agent(client);
		const {ok, note} = await task.run(agent);
		total.calls += agent.calls;
		total.sent += agent.sent;
		total.received += agent.received;
		if (ok) total.ok++;
		console.log(`${task.name.padEnd(78)} ${String(agent.calls).padStart(5)} ${`${agent.sent} B`.padStart(7)} ${`${agent.received} B`.padStart(9)}  ${ok ? 'ok' : 'FAILED'}${note ? ` (${note})` : ''}`);
	}
	console.log(`${'all eight'.padEnd(78)} ${String(total.calls).padStart(5)} ${`${total.sent} B`.padStart(7)} ${`${total.received} B`.padStart(9)}  ${total.ok}/${tasks.length} right`);
	await client.close();
	rmSync(work, {recursive: true, force: true});
}
