import {appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {tempDir} from '../helpers/cli.js';
import {storedItems} from '../helpers/items.js';
import {CodexSubagents} from '../../source/ingest/formats/codex-subagents.js';

// The collector, as source/ingest/work/memory.ts reaches it.
setFlagsFromString('--expose-gc');

/**
 * Codex CLI's spawned threads (fixtures/agents/codex-subagents/README.md): a rollout of its own
 * whose `session_meta` names its parent in `source.subagent.thread_spawn.parent_thread_id`.
 */
const parentId = '019a5b10-2c4e-7d31-8a9f-4b6e0c2d1a01';
const childId = '019a5b10-8f12-7e44-9b3a-6d1c5e7f2b02';
const day = path.join('sessions', '2026', '11', '05');
const parentName = `rollout-2026-11-05T10-00-00-${parentId}.jsonl`;
const childName = `rollout-2026-11-05T10-00-12-${childId}.jsonl`;
const fixtures = path.resolve('fixtures/agents/codex-subagents');

/** A Codex home with the fixture's sessions in it. */
function codexHome(): {sessions: string; parent: string; child: string} {
	const home = path.join(tempDir(), '.codex');
	mkdirSync(home, {recursive: true});
	cpSync(path.join(fixtures, 'sessions'), path.join(home, 'sessions'), {recursive: true});
	return {sessions: path.join(home, 'sessions'), parent: path.join(home, day, parentName), child: path.join(home, day, childName)};
}

const read = storedItems;

function expectUnderParent(store: string, subagents = 1): void {
	const items = read(store);
	expect(items).toHaveLength(1);
	const parent = items[0]!;
	expect(parent.record.source?.session_id).toBe(parentId);
	expect(parent.record.source?.parent_session).toBeUndefined();
	expect(parent.record.source?.subagents).toBe(subagents);
	const nodes = parent.nodes.filter((node) => node.title.startsWith('Subagent: '));
	expect(nodes).toHaveLength(subagents);
	expect(nodes[0]!.parent).toBe(0);
	expect(nodes[0]!.title).toMatch(/templates/u);
	expect(nodes[0]!.summary).toMatch(/eu-standard\.hbs renders it twice/u);
	// Its tokens count in the session's: 18000-12000 + 5000-3000 input, 900 + 200 output, 12000 + 3000 cached.
	if (subagents === 1) expect(parent.record.source?.tokens).toMatchObject({input: 8000, output: 1100, cache_read: 15000});
}

const strip = (items: ReturnType<typeof read>) => items.map(({record}) => ({...record, source: {...record.source, uri: ''}}));

describe("Codex CLI's spawned threads", () => {
	it('puts a spawned thread under the session that spawned it, as a node with its own summary', async () => {
		const {sessions} = codexHome();
		const store = path.join(tempDir(), 's.db');
		const report = await ingest([sessions], {storePath: store});
		expect(report).toMatchObject({added: 1, subagents: 1, failed: []});
		expectUnderParent(store);
		// Again: nothing changed, nothing written.
		expect(await ingest([sessions], {storePath: store})).toMatchObject({added: 0, updated: 0, failed: []});
		expect(read(store)).toHaveLength(1);
	});

	it('reads the parent with it whichever comes first in a run', async () => {
		const {parent, child} = codexHome();
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([child, parent], {storePath: store})).toMatchObject({added: 1, subagents: 1, failed: []});
		expectUnderParent(store);
	});

	it('keeps a thread whose parent is not ingested as its own item naming its parent; the parent arriving later takes it in', async () => {
		const {parent, child} = codexHome();
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([child], {storePath: store})).toMatchObject({added: 1, failed: []});
		const alone = read(store);
		expect(alone).toHaveLength(1);
		expect(alone[0]!.record.source?.parent_session).toBe(parentId);
		expect(alone[0]!.record.source?.session_id).toBe(childId);
		expect(alone[0]!.record.title).toMatch(/templates/u);
		await ingest([parent], {storePath: store});
		expectUnderParent(store);
		const single = path.join(tempDir(), 's.db');
		await ingest([parent, child], {storePath: single});
		expect(strip(read(store))).toEqual(strip(read(single)));
	});

	it('keeps it as its own item when the parent rollout is not there at all', async () => {
		const folder = tempDir();
		const child = path.join(folder, childName);
		cpSync(path.join(fixtures, day, childName), child);
		const store = path.join(folder, 's.db');
		expect(await ingest([folder], {storePath: store})).toMatchObject({added: 1, subagents: 0, failed: []});
		expect(read(store)[0]!.record.source?.parent_session).toBe(parentId);
	});

	it('reads the parent again when its thread grows (as --watch sees it)', async () => {
		const {parent, child} = codexHome();
		const text = readFileSync(child, 'utf8').split('\n').filter(Boolean);
		writeFileSync(child, `${text.slice(0, 5).join('\n')}\n`);
		const store = path.join(tempDir(), 's.db');
		await ingest([parent, child], {storePath: store});
		expect(read(store)[0]!.nodes.find((node) => node.title.startsWith('Subagent: '))?.summary).not.toMatch(/renders it twice/u);
		appendFileSync(child, `${text.slice(5).join('\n')}\n`);
		expect(await ingest([child], {storePath: store})).toMatchObject({updated: 1, subagents: 1});
		expectUnderParent(store);
	});

	it('gives a thread spawned a moment ago (its metadata and environment only) no node yet', async () => {
		const {parent, child} = codexHome();
		const text = readFileSync(child, 'utf8').split('\n').filter(Boolean);
		writeFileSync(child, `${text.slice(0, 3).join('\n')}\n`);
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([parent, child], {storePath: store})).toMatchObject({added: 1, subagents: 0, failed: []});
		expect(read(store)[0]!.nodes.filter((node) => node.title.startsWith('Subagent: '))).toEqual([]);
		writeFileSync(child, `${text.join('\n')}\n`);
		expect(await ingest([child], {storePath: store})).toMatchObject({updated: 1, subagents: 1});
		expectUnderParent(store);
	});

	it("leaves out of a forked thread's node the parent's history its log begins with, and its repeated token counts", async () => {
		const {parent, child} = codexHome();
		// `spawn_agent` with `fork_context`: the thread's log is its own `session_meta` (with
		// `forked_from_id`), then the parent's history as `keep_forked_rollout_item` keeps it
		// (codex-rs/core/src/agent/control/spawn.rs: session_meta, turn_context, user and developer
		// messages, event messages; no tool calls), then the thread's own lines.
		const parentLines = readFileSync(parent, 'utf8').split('\n').filter(Boolean);
		const childLines = readFileSync(child, 'utf8').split('\n').filter(Boolean);
		const copied = parentLines.slice(0, 5);
		const total = (input: number, cached: number, output: number) => JSON.stringify({timestamp: '2026-11-05T10:00:05.000Z', type: 'event_msg', payload: {type: 'token_count', info: {total_token_usage: {input_tokens: input, cached_input_tokens: cached, output_tokens: output, total_tokens: input + output}}}});
		copied.push(total(9000, 6000, 300));
		const meta = childLines[0]!.replace('"cwd":', `"forked_from_id": "${parentId}", "cwd":`);
		expect(meta).toContain('forked_from_id');
		// The thread's running total was seeded with the parent's (9000, 6000 cached, 300) when it was forked.
		const own = childLines.slice(2).map((line) => (line.includes('"token_count"') ? total(9000 + 5000, 6000 + 3000, 300 + 200) : line));
		writeFileSync(child, `${[meta, ...copied, ...own].join('\n')}\n`);
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([parent, child], {storePath: store})).toMatchObject({added: 1, subagents: 1, failed: []});
		const [item] = read(store);
		const node = item!.nodes.find((one) => one.title.startsWith('Subagent: '))!;
		expect(node.title).toMatch(/templates/u);
		expect(node.title).not.toMatch(/VAT line twice/u);
		const under = (id: number): number[] => item!.nodes.flatMap((one, index) => (one.parent === id ? [index, ...under(index)] : []));
		const summaries = [node, ...under(item!.nodes.indexOf(node)).map((index) => item!.nodes[index]!)].map((one) => `${one.title} ${one.summary}`).join('\n');
		expect(summaries).not.toMatch(/show the VAT line twice since Tuesday/u);
		// The thread's own tokens are added, not the parent's that its total began with.
		expect(item!.record.source?.tokens).toMatchObject({input: 8000, output: 1100, cache_read: 15000});
	});

	it("puts a spawned thread's own spawned thread in its node (depth 2)", async () => {
		const {sessions, child} = codexHome();
		const grandchildId = '019a5b10-9a00-7c55-8d2e-1f3a4b5c6d03';
		const lines = readFileSync(child, 'utf8')
			.replaceAll(childId, grandchildId)
			.replace(`"parent_thread_id": "${parentId}", "depth": 1`, `"parent_thread_id": "${childId}", "depth": 2`)
			.replaceAll('list every template that renders the VAT line', 'count the partials under templates/invoices/partials');
		writeFileSync(path.join(path.dirname(child), `rollout-2026-11-05T10-00-30-${grandchildId}.jsonl`), lines);
		const store = path.join(tempDir(), 's.db');
		const report = await ingest([sessions], {storePath: store});
		expect(report).toMatchObject({added: 1, subagents: 2, failed: []});
		const [item] = read(store);
		expect(read(store)).toHaveLength(1);
		const subagents = item!.nodes.filter((node) => node.title.startsWith('Subagent: '));
		expect(subagents).toHaveLength(2);
		const [outer, inner] = subagents;
		expect(outer!.parent).toBe(0);
		expect(inner!.title).toMatch(/partials/u);
		expect(inner!.parent).toBe(item!.nodes.indexOf(outer!));
		// Written after its parent and grandparent were ingested, and ingested alone: it goes under the session too.
		const other = codexHome();
		const later = path.join(tempDir(), 's.db');
		await ingest([other.sessions], {storePath: later});
		const grandchild = path.join(path.dirname(other.child), `rollout-2026-11-05T10-00-30-${grandchildId}.jsonl`);
		writeFileSync(grandchild, lines);
		expect(await ingest([grandchild], {storePath: later})).toMatchObject({updated: 1, subagents: 2, failed: []});
		expect(strip(read(later))).toEqual(strip(read(store)));
	});
});

describe("the heads of Codex rollouts kept for the process (codex-subagents.ts)", () => {
	it('keep their thread ids, not the 16 KB first reads they were cut from', () => {
		// A rollout whose first line is long (Codex's session_meta carries the base instructions).
		const folder = path.join(tempDir(), 'sessions', '2026', '11', '05');
		mkdirSync(folder, {recursive: true});
		const files = 400;
		const padding = 'x'.repeat(20_000);
		for (let i = 0; i < files; i++) {
			const id = `019a5b10-2c4e-7d31-8a9f-${String(i).padStart(12, '0')}`;
			writeFileSync(path.join(folder, `rollout-2026-11-05T10-00-00-${id}.jsonl`), `${JSON.stringify({timestamp: '2026-11-05T10:00:00.000Z', type: 'session_meta', payload: {id, instructions: padding}})}\n`);
		}
		const collect = runInNewContext('gc') as () => void;
		collect();
		const before = process.memoryUsage().heapUsed;
		const layout = new CodexSubagents();
		const first = path.join(folder, readdirSync(folder).sort()[0]!);
		// Reading one rollout's family reads the head of every rollout under the sessions folder.
		expect(layout.parentFilesOf(first, '019a5b10-2c4e-7d31-8a9f-000000000399')).toHaveLength(1);
		collect();
		const held = process.memoryUsage().heapUsed - before;
		// Slices of the reads would hold 400 × 16 KB (6.5 MB); the ids and paths are ~0.1 MB.
		expect(held).toBeLessThan(2 << 20);
		expect(layout.filesOf(first, 'none')).toEqual([]);
	});
});
