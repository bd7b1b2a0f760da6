// Issue 27's frame tools, through the TypeScript SDK's client and a raw JSON-RPC client alike:
// refusals that say what is true, a second top-level frame, the retrospect, cancelled writes,
// and find source=drill answering the frames walk can open.
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {answerText, clientKinds, connectClient, type McpTestClient, type ToolAnswer} from '../helpers/mcp-clients.js';

const open: McpTestClient[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((client) => client.close()));
});

async function start(kind: 'sdk' | 'wire', drillsRoot = tempDir(), storePath = path.join(tempDir(), 'store.db')): Promise<McpTestClient & {drillsRoot: string}> {
	const client = await connectClient(kind, ['--store', storePath, '--drills', drillsRoot, '--knowledge', path.join(drillsRoot, 'knowledge')], drillsRoot);
	open.push(client);
	return Object.assign(client, {drillsRoot});
}

const id = (answer: ToolAnswer) => {
	expect(answer.isError, answerText(answer)).toBeFalsy();
	return (answer.structuredContent!.drill as {id: string}).id;
};

describe.each(clientKinds)('frame tools through the %s client', (kind) => {
	it('an unknown from says the frame does not exist and lists the open ones; nobody "moved the cursor"', async () => {
		const a = await start(kind);
		const none = await a.call('drill', {objective: 'A?', from: 'abcdef'});
		expect(answerText(none)).toBe(`frame "abcdef" does not exist under ${path.join(a.drillsRoot, '.drills')}; no frame is open; start one with drill(slug=SLUG, objective=TEXT)`);
		const first = id(await a.call('drill', {slug: 'a', objective: 'A?'}));
		const unknown = await a.call('undrill', {findings: 'x', prevention_plan: [], from: 'abcdef'});
		expect(answerText(unknown)).toBe(`frame "abcdef" does not exist under ${path.join(a.drillsRoot, '.drills')}; open: ${first} (a, current); check drill_status(), then retry with the right undrill(from=ID)`);
		const root = await a.call('drill', {slug: 'b', objective: 'B?', from: 'root'});
		expect(answerText(root)).toBe(`drill down from the root level expects no open frame, but one is open: ${first} (a, current); give drill(new_root=true) to open a top-level frame beside them, or drill(from=ID) to work in one of them`);
		for (const answer of [none, unknown, root]) expect(answerText(answer)).not.toContain('another command');
	});

	it('says another command moved the cursor when another session did', async () => {
		const a = await start(kind);
		const b = await start(kind, a.drillsRoot);
		const mine = id(await a.call('drill', {slug: 'a', objective: 'A?'}));
		const theirs = id(await b.call('drill', {slug: 'b', objective: 'B?', from: mine}));
		const refused = await a.call('drill', {slug: 'c', objective: 'C?', from: mine});
		expect(refused._meta?.['drill/error']?.code).toBe('frame_moved');
		expect(answerText(refused)).toBe(`frame ${mine} (a) has an open frame below it: ${theirs} (b, current); another command opened ${theirs} since your last call; work in it with drill(from="${theirs}"), or see every open frame with drill_status()`);
	});

	it('opens a second top-level frame while another is open; each agent goes on in its own with from', async () => {
		const a = await start(kind);
		const b = await start(kind, a.drillsRoot);
		const first = id(await a.call('drill', {slug: 'a', objective: 'A?'}));
		const second = await b.call('drill', {slug: 'b', objective: 'B?', new_root: true});
		const secondId = id(second);
		expect(answerText(second)).toContain(`set aside, still open: ${first} a (from=<its id> works in one)`);
		const status = await b.call('drill_status');
		expect(status.structuredContent).toMatchObject({cursor: secondId, problems: []});
		expect(answerText(status)).toContain(`set aside, still open: ${first} a`);
		const deeper = id(await a.call('drill', {slug: 'a2', objective: 'A deeper?', from: first}));
		expect((await a.call('undrill', {findings: 'A2 found.', prevention_plan: [], from: deeper})).structuredContent).toMatchObject({cursor: first});
		const closed = await b.call('undrill', {findings: 'B found.', prevention_plan: [], from: secondId});
		expect(closed.structuredContent).toMatchObject({parent: null, cursor: first});
		expect(answerText(closed)).toContain(`the cursor is back in ${first} a, set aside while this root was open`);
		expect((await a.call('undrill', {findings: 'A found.', prevention_plan: [], from: first})).structuredContent).toMatchObject({cursor: null});
	});

	it('closing a root points to the retrospect tool, which routes the merged plan; an empty plan has nothing to retrospect', async () => {
		const a = await start(kind);
		id(await a.call('drill', {slug: 'empty', objective: 'Nothing to learn?'}));
		const empty = await a.call('undrill', {findings: 'All good.', prevention_plan: []});
		expect(answerText(empty)).toContain('the root closed with an empty merged plan: nothing to retrospect');
		expect(answerText(empty)).not.toMatch(/await the post-drill retrospect/u);
		id(await a.call('drill', {slug: 'pool', objective: 'Why is the pool exhausted?'}));
		const plan = [{action: 'Add an index on orders(customer_id)', scope: 'project', sink: 'backlog', owner: 'parent agent', evidence: 'schema.sql:3'}];
		const closed = await a.call('undrill', {findings: 'A missing index.', prevention_plan: plan});
		expect(answerText(closed)).toContain('its merged plan has 1 action (backlog); run retrospect() to see where each goes, then retrospect(apply=true) to write them');
		const dry = await a.call('retrospect');
		expect(dry.structuredContent).toMatchObject({applied: false, actions: [{sink: 'backlog'}]});
		expect(answerText(dry)).toMatch(/^- backlog → \.agents\/backlog\/\d{4}-\d\d-\d\d-add-an-index-on-orders-customer-id\.md \(create\): Add an index/mu);
		expect(answerText(dry)).toContain('a dry run: nothing written yet; retrospect(apply=true) writes these');
		expect(existsSync(path.join(a.drillsRoot, '.agents', 'backlog'))).toBe(false);
		const applied = await a.call('retrospect', {apply: true});
		expect(applied.structuredContent).toMatchObject({applied: true});
		expect(readdirSync(path.join(a.drillsRoot, '.agents', 'backlog'))).toHaveLength(1);
		const again = await a.call('retrospect', {apply: true});
		expect(again.structuredContent!.routed).toEqual([expect.objectContaining({mode: 'unchanged'})]);
	});

	it('a cancelled drill completes, and the next call reports it (drill_status shows the frame as the cursor)', async () => {
		const a = await start(kind);
		if (kind === 'wire') {
			// The request and its cancel in one write: the cancel reaches the server before the answer could go out.
			const wire = a.wire!;
			const request = {jsonrpc: '2.0', id: 'cancel-me', method: 'tools/call', params: {name: 'drill', arguments: {slug: 'cancelled', objective: 'Does a cancel lose the frame?'}}};
			const cancel = {jsonrpc: '2.0', method: 'notifications/cancelled', params: {requestId: 'cancel-me', reason: 'the user pressed escape'}};
			const answered = Promise.race([wire.answerTo('cancel-me').then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('silent'), 1500))]);
			await wire.writeLine(`${JSON.stringify(request)}\n${JSON.stringify(cancel)}`);
			expect(await answered).toBe('silent');
		} else {
			const controller = new AbortController();
			const call = a.sdk!.callTool({name: 'drill', arguments: {slug: 'cancelled', objective: 'Does a cancel lose the frame?'}}, undefined, {signal: controller.signal});
			controller.abort('the user pressed escape');
			await expect(call).rejects.toThrow();
		}
		const status = await a.call('drill_status');
		const cursor = status.structuredContent!.cursor as string;
		expect(cursor).toMatch(/^[0-9a-f]{6}$/u);
		expect(answerText(status)).toMatch(new RegExp(`^note: your cancelled drill call completed before the cancel reached it: opened ${cursor} cancelled \\(depth 1\\)`, 'u'));
		expect(status._meta?.['drill/earlier']).toHaveLength(1);
		// Said once.
		expect(answerText(await a.call('drill_status'))).not.toContain('cancelled drill call');
	});

	it('find source=drill answers only the frames of its own folder, each of which walks, when two folders share a store', async () => {
		const store = path.join(tempDir(), 'shared.db');
		const a = await start(kind, tempDir(), store);
		const b = await start(kind, tempDir(), store);
		for (const [client, word] of [
			[a, 'alpha'],
			[b, 'beta'],
		] as const) {
			id(await client.call('drill', {slug: word, objective: `Why does the ${word} pool overflow?`}));
			const closed = await client.call('undrill', {findings: `The ${word} pool overflowed under retry load.`, prevention_plan: []});
			expect(closed.isError, answerText(closed)).toBeFalsy();
		}
		for (const [client, word] of [
			[a, 'alpha'],
			[b, 'beta'],
		] as const) {
			const found = await client.call('find', {query: 'pool overflow retry', source: 'drill'});
			const items = found.structuredContent!.items as Array<{drill_id: string; title: string}>;
			expect(items.length).toBeGreaterThan(0);
			for (const item of items) {
				expect(item.title).toContain(word);
				const walked = await client.call('walk', {domain: 'drills', node_id: item.drill_id});
				expect(walked.isError, answerText(walked)).toBeFalsy();
			}
		}
	});
});

describe('a cancelled write over stdio, then the end of input', () => {
	it('is finished before the server exits', async () => {
		const a = await start('wire');
		const wire = a.wire!;
		const request = {jsonrpc: '2.0', id: 7, method: 'tools/call', params: {name: 'drill', arguments: {slug: 'last', objective: 'Is the last write kept?'}}};
		await wire.writeLine(`${JSON.stringify(request)}\n${JSON.stringify({jsonrpc: '2.0', method: 'notifications/cancelled', params: {requestId: 7}})}`);
		open.splice(open.indexOf(a), 1);
		const exit = await wire.close();
		expect(exit.code).toBe(0);
		expect(readdirSync(path.join(a.drillsRoot, '.drills')).some((name) => name.endsWith('-last'))).toBe(true);
	});
});
