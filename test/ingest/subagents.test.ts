import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {tempDir} from '../helpers/cli.js';
import {createRuntime} from '../../source/runtime.js';
import {renderView} from '../../source/mcp/render.js';
import {rowNoteParts, sourceRows} from '../../source/ui/provenance.js';
import {storedItems} from '../helpers/items.js';

/**
 * Claude Code's subagents, as its logs lay them out: a transcript per subagent in
 * `<session>/subagents/agent-<id>.jsonl` (2.0 and later) or `agent-<id>.jsonl` beside the session
 * (1.x), every line `"isSidechain": true` with the parent's `sessionId` and the subagent's
 * `agentId`; or sidechain lines inside the session file itself. Each starts with a "Warmup"
 * transcript that does nothing but fill the cache.
 */
const sessionId = '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408';
const cwd = '/home/ana/src/payments';

const line = (fields: Record<string, unknown>) => JSON.stringify({cwd, sessionId, version: '2.0.14', ...fields});

function parentLines(extra: string[] = []): string {
	return [
		line({type: 'user', isSidechain: false, uuid: 'p1', parentUuid: null, timestamp: '2026-10-14T09:12:00.000Z', message: {role: 'user', content: 'Why does the FX convert test fail now and then? Fix it.'}}),
		line({type: 'assistant', isSidechain: false, uuid: 'p2', parentUuid: 'p1', timestamp: '2026-10-14T09:12:05.000Z', message: {id: 'msg_p2', role: 'assistant', model: 'claude-sonnet-4-5', content: [{type: 'tool_use', id: 'toolu_task', name: 'Task', input: {description: 'Find RateCache callers', prompt: 'Find every caller of RateCache.refresh'}}], usage: {input_tokens: 1200, output_tokens: 40, cache_read_input_tokens: 9000, cache_creation_input_tokens: 300}}}),
		line({type: 'user', isSidechain: false, uuid: 'p3', parentUuid: 'p2', timestamp: '2026-10-14T09:13:30.000Z', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_task', content: 'Three callers: convert(), warm() and the cron job; only warm() takes the lock.'}]}}),
		...extra,
		line({type: 'assistant', isSidechain: false, uuid: 'p4', parentUuid: 'p3', timestamp: '2026-10-14T09:20:00.000Z', message: {id: 'msg_p4', role: 'assistant', model: 'claude-sonnet-4-5', content: [{type: 'text', text: 'The race was in convert(): it refreshed the cache without the lock. Fixed with a single-flight guard.'}], usage: {input_tokens: 2000, output_tokens: 100, cache_read_input_tokens: 10000, cache_creation_input_tokens: 0}}}),
		'',
	].join('\n');
}

function subagentLines(agentId: string, prompt: string, answer: string, withTool = true): string {
	const sub = (fields: Record<string, unknown>) => line({isSidechain: true, agentId, ...fields});
	return [
		sub({type: 'user', uuid: `${agentId}-1`, parentUuid: null, timestamp: '2026-10-14T09:12:06.000Z', message: {role: 'user', content: prompt}}),
		...(withTool
			? [
					sub({type: 'assistant', uuid: `${agentId}-2`, parentUuid: `${agentId}-1`, timestamp: '2026-10-14T09:12:10.000Z', message: {id: `msg_${agentId}_2`, role: 'assistant', model: 'claude-haiku-4-5', content: [{type: 'tool_use', id: `toolu_${agentId}`, name: 'Grep', input: {pattern: 'RateCache.refresh'}}], usage: {input_tokens: 500, output_tokens: 20, cache_read_input_tokens: 0, cache_creation_input_tokens: 0}}}),
					sub({type: 'user', uuid: `${agentId}-3`, parentUuid: `${agentId}-2`, timestamp: '2026-10-14T09:12:11.000Z', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `toolu_${agentId}`, content: 'src/fx/convert.ts:41\nsrc/fx/warm.ts:12\nsrc/cron/fx.ts:8'}]}}),
				]
			: []),
		sub({type: 'assistant', uuid: `${agentId}-4`, parentUuid: withTool ? `${agentId}-3` : `${agentId}-1`, timestamp: '2026-10-14T09:13:00.000Z', message: {id: `msg_${agentId}_4`, role: 'assistant', model: 'claude-haiku-4-5', content: [{type: 'text', text: answer}], usage: {input_tokens: 600, output_tokens: 30, cache_read_input_tokens: 0, cache_creation_input_tokens: 0}}}),
		'',
	].join('\n');
}

const warmup = (agentId: string) => subagentLines(agentId, 'Warmup', "I'm ready to help search the codebase.", false);
const work = (agentId: string) => subagentLines(agentId, 'Find every caller of RateCache.refresh and say which ones hold the lock', 'Three callers: convert(), warm() and the cron job; only warm() takes the lock.');

function storeIn(folder: string): string {
	return path.join(folder, 'store.db');
}

const read = storedItems;

/** A project folder of the 2.0 layout: the session, and its subagents in `<session>/subagents/`. */
function newLayout(): string {
	const project = path.join(tempDir(), '-home-ana-src-payments');
	mkdirSync(path.join(project, sessionId, 'subagents'), {recursive: true});
	writeFileSync(path.join(project, `${sessionId}.jsonl`), parentLines());
	writeFileSync(path.join(project, sessionId, 'subagents', 'agent-a2898e3.jsonl'), work('a2898e3'));
	writeFileSync(path.join(project, sessionId, 'subagents', 'agent-a0000w1.jsonl'), warmup('a0000w1'));
	writeFileSync(path.join(project, sessionId, 'subagents', 'agent-a2898e3.meta.json'), '{"agentType":"Explore"}');
	// Claude Code's compaction helper: the session summarized again, no subagent of its own.
	writeFileSync(path.join(project, sessionId, 'subagents', 'agent-acompact-e1f845.jsonl'), subagentLines('acompact-e1f845', 'Your task is to create a detailed summary of the conversation so far', 'Summary: the FX test race.', false));
	return project;
}

/** The 1.x layout: `agent-*.jsonl` beside the sessions, naming their parent in `sessionId`. */
function oldLayout(): string {
	const project = path.join(tempDir(), '-home-ana-src-payments');
	mkdirSync(project, {recursive: true});
	writeFileSync(path.join(project, `${sessionId}.jsonl`), parentLines());
	writeFileSync(path.join(project, 'agent-a2898e3.jsonl'), work('a2898e3'));
	writeFileSync(path.join(project, 'agent-a0000w1.jsonl'), warmup('a0000w1'));
	// Another session's subagent in the same folder: not this one's.
	writeFileSync(path.join(project, 'agent-b1111.jsonl'), subagentLines('b1111', 'List the migrations', 'There are 4.').replaceAll(sessionId, '9f9f9f9f-other'));
	return project;
}

function expectUnderParent(store: string): void {
	const items = read(store);
	const parent = items.find((item) => item.record.source?.session_id === sessionId && !item.record.source?.parent_session)!;
	expect(parent).toBeDefined();
	expect(items.filter((item) => item.record.source?.parent_session === sessionId)).toEqual([]);
	expect(parent.record.source?.subagents).toBe(1);
	const subagent = parent.nodes.filter((node) => node.title.startsWith('Subagent: '));
	expect(subagent).toHaveLength(1);
	expect(subagent[0]!.parent).toBe(0);
	expect(subagent[0]!.title).toMatch(/RateCache/u);
	expect(subagent[0]!.summary).not.toBe('');
	expect(parent.nodes.some((node) => /warm/iu.test(node.title))).toBe(false);
	// The subagent's tokens count in the session's: 1200+40+9000+300 + 2000+100+10000 + 500+20 + 600+30.
	expect(parent.record.source?.tokens).toEqual({input: 4300, output: 190, cache_read: 19000, cache_write: 300});
}

describe("Claude Code's subagents", () => {
	it('puts a subagent of <session>/subagents/ under its session, leaves the warm-up out and counts both', async () => {
		const project = newLayout();
		const store = storeIn(tempDir());
		const report = await ingest([project], {storePath: store});
		// The warm-up and the compaction helper are left out.
		expect(report).toMatchObject({added: 1, subagents: 1, warmups: 2, failed: []});
		expect(read(store)).toHaveLength(1);
		expectUnderParent(store);
		// What it cost and changed, in walk's JSON (`facts`), its text, an MCP answer, the detail pane and a listing's row.
		const runtime = createRuntime({storePath: store, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		try {
			const [row] = runtime.domains.walk('summary', 'conversation_session', 'index').children;
			expect(row!.source?.tokens_total).toBe(23790);
			expect(rowNoteParts(row!.source)).toEqual(['claude-code', 'payments', '2026-10-14', '24k tok', '≈ $0.02']);
			const index = runtime.domains.walk('summary', row!.node_id, 'index');
			expect(index.facts).toEqual({tokens: {input: 4300, output: 190, cache_read: 19000, cache_write: 300, total: 23790}, cost: {usd: expect.closeTo(0.019875, 6), exact: false}, models: ['claude-sonnet-4-5', 'claude-haiku-4-5'], cache_hit_share: 0.805, subagents: 1, wall_seconds: 480});
			expect(index.source?.files_edited).toBeUndefined();
			const view = runtime.domains.walk('summary', row!.node_id, 'summary');
			expect(sourceRows(view.source, view.facts)[1]).toBe('24k tok (190 out, 81% from cache) · ≈ $0.02 · 8 min · 1 subagent');
			expect(renderView(view)).toMatch(/^from: claude-code 2\.0\.14 · \/home\/ana\/src\/payments · 2026-10-14 09:12–09:20 UTC · 1 turn, 1 tool · claude-sonnet-4-5, claude-haiku-4-5 · 24k tok \(190 out, 81% from cache\) · ≈ \$0\.02 · 8 min · 1 subagent · /mu);
		} finally {
			runtime.close();
		}
		// Again: nothing changed, nothing written.
		expect(await ingest([project], {storePath: store})).toMatchObject({added: 0, updated: 0, skipped: 1});
	});

	it('puts a standalone agent-*.jsonl under the session its sessionId names, and only that one', async () => {
		const project = oldLayout();
		const store = storeIn(tempDir());
		const report = await ingest([project], {storePath: store});
		expect(report).toMatchObject({added: 2, subagents: 1, warmups: 1, failed: []});
		expectUnderParent(store);
		const orphan = read(store).find((item) => item.record.source?.parent_session === '9f9f9f9f-other')!;
		expect(orphan.record.title).toMatch(/migrations/iu);
	});

	it('keeps a subagent whose parent is not ingested as its own item naming its parent; the parent arriving later takes it in', async () => {
		const project = newLayout();
		const store = storeIn(tempDir());
		const sub = path.join(project, sessionId, 'subagents', 'agent-a2898e3.jsonl');
		const first = await ingest([sub, path.join(project, sessionId, 'subagents', 'agent-a0000w1.jsonl')], {storePath: store});
		expect(first).toMatchObject({added: 1, warmups: 1, failed: []});
		// A session file that only warmed up is no item either.
		const lone = path.join(tempDir(), 'warm.jsonl');
		writeFileSync(lone, warmup('x').replaceAll('"isSidechain":true', '"isSidechain":false'));
		expect(await ingest([lone], {storePath: storeIn(tempDir())})).toMatchObject({added: 0, warmups: 1, failed: []});
		const alone = read(store);
		expect(alone).toHaveLength(1);
		expect(alone[0]!.record.source?.parent_session).toBe(sessionId);
		expect(alone[0]!.record.title).toMatch(/RateCache/u);
		// The parent now: the subagent moves under it, as if both had come in one run.
		await ingest([path.join(project, `${sessionId}.jsonl`)], {storePath: store});
		expectUnderParent(store);
		expect(read(store)).toHaveLength(1);
	});

	it('reads the parent again when a subagent arrives after it (as --watch sees it)', async () => {
		const project = newLayout();
		const late = path.join(project, sessionId, 'subagents', 'agent-a2898e3.jsonl');
		const text = work('a2898e3');
		writeFileSync(late, '');
		const store = storeIn(tempDir());
		await ingest([path.join(project, `${sessionId}.jsonl`)], {storePath: store});
		expect(read(store)[0]!.record.source?.subagents).toBeUndefined();
		writeFileSync(late, text);
		const report = await ingest([late], {storePath: store});
		expect(report).toMatchObject({updated: 1, subagents: 1});
		expectUnderParent(store);
		const single = storeIn(tempDir());
		await ingest([project], {storePath: single});
		const strip = (items: ReturnType<typeof read>) => items.map(({record}) => ({...record, source: {...record.source, uri: ''}}));
		expect(strip(read(store))).toEqual(strip(read(single)));
	});

	it('makes a node of each sidechain written inside the session file, warm-ups left out', async () => {
		const sidechain = (agentId: string, text: string) => text.replaceAll(`"agentId":"${agentId}",`, '').trim().split('\n');
		const folder = tempDir();
		const file = path.join(folder, `${sessionId}.jsonl`);
		writeFileSync(file, parentLines([...sidechain('a0000w1', warmup('a0000w1')), ...sidechain('a2898e3', work('a2898e3'))]));
		const store = storeIn(folder);
		const report = await ingest([file], {storePath: store});
		expect(report).toMatchObject({added: 1, subagents: 1, warmups: 1, failed: []});
		expectUnderParent(store);
	});
});
