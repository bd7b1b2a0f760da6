import {copyFileSync, cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isValidItemId} from '../../source/core/summary-node-id.js';
import type {IngestReport} from '../../source/ingest/pipeline.js';
import {ingest} from '../helpers/ingest.js';
import {createRuntime} from '../../source/runtime.js';
import {validateItem} from '../../source/store/interchange.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {buildLog, writeLongOutputSession} from '../helpers/long-output-session.js';

function storeIn(folder: string): string {
	return path.join(folder, 'store.db');
}

function items(store: string) {
	const summary = SummaryStore.open(store);
	try {
		return [...summary.eachItem()].map((row) => summary.record(row));
	} finally {
		summary.close();
	}
}

const reportKeys = ['added', 'updated', 'skipped', 'skipped_records', 'skipped_files', 'failed', 'conflicts', 'items', 'nodes', 'spans', 'redactions', 'subagents', 'warmups', 'empty_sessions', 'forgotten', 'seconds'];

describe('ingest', () => {
	const folder = tempDir();
	const store = storeIn(folder);
	let first: IngestReport;

	it('turns every fixture into an item, reporting the broken lines', async () => {
		first = await ingest(['fixtures/transcripts', 'fixtures/docs'], {storePath: store});
		expect(Object.keys(first)).toEqual(reportKeys);
		// Transcripts: Claude Code 1, Codex 1, Gemini CLI stream 1, Gemini chats 3, aider 2 (of 3
		// sessions: one never asked anything), Claude agent events 2, ChatGPT 3, generic 2,
		// broken-lines 1, README 1; documents: 4.
		expect(first.added).toBe(21);
		expect(first.items).toBe(21);
		expect(first.failed).toEqual([
			{path: path.join('fixtures', 'transcripts', 'broken-lines.jsonl'), line: 7, reason: expect.stringMatching(/^line 7 is not valid JSON/u)},
			{path: path.join('fixtures', 'transcripts', 'broken-lines.jsonl'), line: 13, reason: expect.stringMatching(/^line 13 is not valid JSON/u)},
			{path: path.join('fixtures', 'transcripts', 'broken-lines.jsonl'), line: 18, reason: expect.stringMatching(/^line 18 has no "role"/u)},
		]);
		const all = items(store);
		expect(all).toHaveLength(21);
		const namespaces = new Map<string, number>();
		for (const item of all) namespaces.set(item.namespace, (namespaces.get(item.namespace) ?? 0) + 1);
		expect(Object.fromEntries(namespaces)).toEqual({conversation_session: 16, document: 4, page: 1});
		expect(first.nodes).toBe(all.reduce((sum, item) => sum + item.nodes.length, 0));
		expect(first.spans).toBe(all.reduce((sum, item) => sum + item.spans.length, 0));
	});

	it('writes valid trees with real titles, summaries, keywords and a TLDR', () => {
		for (const item of items(store)) {
			expect(validateItem(item)).toEqual(item);
			expect(isValidItemId(item.item_id) && /^[0-9a-f]{12}$/u.test(item.item_id)).toBe(true);
			expect(item.tldr.length).toBeGreaterThan(20);
			expect(item.tldr.length).toBeLessThanOrEqual(600);
			for (const node of item.nodes) {
				expect(node.title, `${item.title} #n${node.ordinal}`).not.toMatch(/^(?:Topic|Untitled|Section)\b/u);
				expect(node.title.length).toBeGreaterThan(2);
				expect(node.summary.length, `${item.title} #n${node.ordinal}`).toBeGreaterThan(10);
			}
			expect(item.nodes[0]!.keywords.length).toBeGreaterThan(3);
			// Raw text is kept under the nodes: every span is owned.
			const owned = item.nodes.flatMap((node) => node.spans).sort((a, b) => a - b);
			expect(owned).toEqual(item.spans.map((span) => span.seq));
		}
	});

	it('uses the sources’ own titles and times', () => {
		const byTitle = new Map(items(store).map((item) => [item.title, item]));
		// A session is named by its agent's title and dated by its start.
		const claude = byTitle.get('Fix RateCache race with single-flight + quotedAt guard, add CHANGELOG entry')!;
		expect(claude.source?.own_title).toBe('The convert.test.ts suite in payments keeps failing on CI');
		expect(claude.source?.agent_title).toBe(claude.title);
		expect(claude.generated_at).toBe('2026-10-14T09:12:03.120Z');
		expect(claude.source?.kind).toBe('claude-code');
		expect(claude.nodes[0]!.spans).toEqual([]);
		expect(claude.nodes.length).toBeGreaterThan(3);
		expect(byTitle.has('Redis memory at maxmemory')).toBe(true);
		expect(byTitle.get('Moving 40 services to PgBouncer transaction mode')!.namespace).toBe('page');
		const incident = [...byTitle.values()].find((item) => item.title.startsWith('Incident review'))!;
		expect(incident.tldr).toMatch(/^For 38 minutes on 27 November/u);
		expect(incident.generated_at).toBe('2026-11-27T00:00:00.000Z');
	});

	it('keeps a long tool output whole in the store and out of the summaries', () => {
		const claude = items(store).find((item) => item.source?.kind === 'claude-code')!;
		const log = claude.spans.find((span) => span.role === 'tool' && span.text.includes('run 40/40'))!;
		expect(log.text).not.toContain('lines left out');
		expect(log.text.split('\n')).toHaveLength(294);
		expect(log.text).toContain('── run 23/40 ──');
		for (const node of claude.nodes) expect(node.summary).not.toContain('run 40/40');
	});

	it('shows a long tool output folded at full depth, while search finds words from its middle', async () => {
		const folder = tempDir();
		const lines = buildLog;
		const session = writeLongOutputSession(folder);
		const own = storeIn(folder);
		await ingest([session], {storePath: own});
		const [item] = items(own);
		const output = item!.spans.find((span) => span.role === 'tool')!;
		expect(output.text).toBe(lines.join('\n'));
		const runtime = createRuntime({storePath: own, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		try {
			const folded = runtime.domains.walk('summary', `${item!.namespace}:${item!.item_id}`, 'full');
			expect(folded.content).toContain(`${lines.slice(0, 50).join('\n')}\n[… 230 lines left out …]\n${lines.slice(-20).join('\n')}`);
			expect(folded.content).not.toContain('zanzibarite');
			expect(folded.folded).toBe(1);
			// The whole text, asked for.
			const whole = runtime.domains.walk('summary', `${item!.namespace}:${item!.item_id}`, 'full', {unfold: true});
			expect(whole.content).toContain(lines.join('\n'));
			expect(whole.folded).toBeUndefined();
			const found = await runtime.find({query: 'zanzibarite', method: 'keyword'});
			expect(found.stage1_hits[0]?.item_id).toBe(item!.item_id);
			expect(found.drilled[0]?.spans[0]?.snippet).toMatch(/zanzibarite/u);
		} finally {
			runtime.close();
		}
	});

	it('can be walked at every depth', () => {
		const runtime = createRuntime({storePath: store, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		try {
			for (const item of items(store)) {
				for (const node of item.nodes) {
					const id = node.ordinal === 0 ? `${item.namespace}:${item.item_id}` : `${item.namespace}:${item.item_id}#n${node.ordinal}`;
					const view = runtime.domains.walk('summary', id, 'full');
					expect(view.title).toBe(node.ordinal === 0 ? item.title : node.title);
					expect(view.children_total).toBe(item.nodes.filter((other) => other.parent === node.ordinal).length);
				}
			}
		} finally {
			runtime.close();
		}
	});

	it('skips what has not changed, and replaces what has', async () => {
		const again = await ingest(['fixtures/transcripts', 'fixtures/docs'], {storePath: store});
		expect(again).toMatchObject({added: 0, updated: 0, skipped: 21, items: 0, nodes: 0, spans: 0, failed: [], conflicts: []});

		const copy = tempDir();
		copyFileSync('fixtures/docs/design-notes.md', path.join(copy, 'notes.md'));
		const copyStore = storeIn(copy);
		await ingest([copy], {storePath: copyStore});
		const [before] = items(copyStore);
		writeFileSync(path.join(copy, 'notes.md'), '# Rewritten\n\nThe notes were rewritten from scratch today, with a new plan for the explorer.\n');
		const changed = await ingest([copy], {storePath: copyStore});
		expect(changed).toMatchObject({added: 0, updated: 1, skipped: 0});
		const [after] = items(copyStore);
		expect(after!.item_id).toBe(before!.item_id);
		expect(after!.title).toBe('Rewritten');
	});

	it('names a Claude Code session by its own id, wherever the file is', async () => {
		const elsewhere = tempDir();
		copyFileSync('fixtures/transcripts/claude-code-session.jsonl', path.join(elsewhere, 'moved.jsonl'));
		const moved = storeIn(elsewhere);
		await ingest([elsewhere], {storePath: moved});
		const original = items(store).find((item) => item.source?.kind === 'claude-code')!;
		expect(items(moved)[0]!.item_id).toBe(original.item_id);
	});

	it("reads a subagent's transcript (all on a sidechain) into the tree of the session that started it", async () => {
		// Claude Code writes a subagent's lines to <session>/subagents/agent-<id>.jsonl, each with
		// the parent's sessionId and "isSidechain": true; they were all skipped and the file failed.
		const project = tempDir();
		const sessionId = '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408';
		mkdirSync(path.join(project, sessionId, 'subagents'), {recursive: true});
		copyFileSync('fixtures/transcripts/claude-code-session.jsonl', path.join(project, `${sessionId}.jsonl`));
		const line = (fields: Record<string, unknown>) => JSON.stringify({isSidechain: true, sessionId, agentId: 'a2898e3', cwd: '/home/ana/src/payments', ...fields});
		const subagent = [
			line({type: 'user', isMeta: true, uuid: 'm1', timestamp: '2026-10-14T09:13:00.000Z', message: {role: 'user', content: '<system-reminder>\nPostToolUse hook context\n</system-reminder>'}}),
			line({type: 'user', uuid: 's1', parentUuid: null, timestamp: '2026-10-14T09:13:01.000Z', message: {role: 'user', content: 'Find every caller of RateCache.refresh and say which ones hold the lock'}}),
			line({type: 'assistant', uuid: 's2', parentUuid: 's1', timestamp: '2026-10-14T09:13:09.000Z', message: {role: 'assistant', model: 'claude-haiku-4-5', content: [{type: 'text', text: 'Three callers: convert(), warm() and the cron job; only warm() takes the lock.'}]}}),
		];
		writeFileSync(path.join(project, sessionId, 'subagents', 'agent-a2898e3.jsonl'), `${subagent.join('\n')}\n`);
		const own = storeIn(tempDir());
		const report = await ingest([project], {storePath: own});
		expect(report).toMatchObject({added: 1, subagents: 1, failed: [], conflicts: []});
		expect(items(own)).toHaveLength(1);
		expect(items(own)[0]!.source?.subagents).toBe(1);
	});

	it('skips the lines a CLI printed before a log, counting them, and reads the log', async () => {
		const folder = tempDir();
		const file = path.join(folder, 'gemini-run.jsonl');
		writeFileSync(file, ['Loaded cached credentials.', '{"type":"init","timestamp":"2026-07-16T08:11:55.484Z","session_id":"a559d264-82c8","model":"auto"}', '{"type":"message","timestamp":"2026-07-16T08:11:55.485Z","role":"user","content":"say hi only"}', '{"type":"result","timestamp":"2026-07-16T08:11:56.681Z","status":"error","error":{"type":"unknown","message":"[API Error: API key not valid]"}}', ''].join('\n'));
		const own = storeIn(folder);
		const report = await ingest([file], {storePath: own});
		expect(report).toMatchObject({added: 1, failed: [], skipped_records: 1});
		expect(items(own).map((item) => [item.namespace, item.title])).toEqual([['conversation_session', 'Say hi only']]);
	});

	it('puts every item in the namespace asked for', async () => {
		const other = storeIn(tempDir());
		await ingest(['fixtures/docs/field-notes.txt', 'fixtures/transcripts/generic-chat.jsonl'], {storePath: other, namespace: 'notes'});
		expect(items(other).map((item) => item.namespace)).toEqual(['notes', 'notes']);
	});
});

describe('ingest with bad input', () => {
	it('reports each bad file with its reason and still ingests the good ones; a folder\'s binary and empty files are skipped, not failures', async () => {
		const folder = tempDir();
		const input = path.join(folder, 'input');
		mkdirSync(input);
		writeFileSync(path.join(input, 'a-binary.bin'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]));
		writeFileSync(path.join(input, 'b-empty.md'), '');
		writeFileSync(path.join(input, 'c-latin1.md'), Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from('\n\nText.\n')]));
		writeFileSync(path.join(input, 'd-only-broken.jsonl'), '{"role": "user", "content": \n{oops}\n');
		cpSync('fixtures/docs/design-notes.md', path.join(input, 'e-good.md'));
		writeFileSync(path.join(input, 'f-late-latin1.txt'), Buffer.concat([Buffer.from('Good text for a while.\n'.repeat(4000)), Buffer.from([0xe9, 0x0a])]));
		writeFileSync(path.join(folder, 'named.bin'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]));
		const report = await ingest([input, path.join(folder, 'missing.md'), path.join(folder, 'named.bin')], {storePath: storeIn(folder), cwd: folder});
		expect(report.added).toBe(1);
		expect(report.skipped_files).toBe(2);
		const reasons = Object.fromEntries(report.failed.map((failure) => [`${path.basename(failure.path)}${failure.line ? `:${failure.line}` : ''}`, failure.reason]));
		expect(reasons).toEqual({
			'named.bin': expect.stringMatching(/binary/u),
			'c-latin1.md': expect.stringMatching(/not valid UTF-8 \(line 1, byte 5\)/u),
			'd-only-broken.jsonl:1': expect.stringMatching(/line 1 is not valid JSON/u),
			'd-only-broken.jsonl:2': expect.stringMatching(/line 2 is not valid JSON/u),
			'd-only-broken.jsonl': 'holds no conversation messages that could be read',
			'f-late-latin1.txt:4001': expect.stringMatching(/line 4001 is not valid UTF-8/u),
			'missing.md': 'no such file or folder',
		});
		expect(items(storeIn(folder)).map((item) => item.title)).toEqual(['drill: design notes on the explorer']);
	});
});

describe('ingest of summary interchange files', () => {
	it('loads items as drill import does, skipping them when unchanged and reporting bad ones', async () => {
		const folder = tempDir();
		const item = (id: string) => ({namespace: 'conversation_session', item_id: id, title: `Item ${id}`, generated_at: '2026-01-01T00:00:00Z', tldr: 't', nodes: [{ordinal: 0, parent: null, title: `Item ${id}`, summary: 's', keywords: [], spans: [0]}], spans: [{seq: 0, role: 'user', text: 'hello'}]});
		const pretty = JSON.stringify([item('a1'), {namespace: 'x'}, item('b2')], null, 2);
		writeFileSync(path.join(folder, 'items.json'), pretty);
		const badLine = pretty.split('\n').findIndex((line) => line.includes('"namespace": "x"')) + 1 - 1;
		writeFileSync(path.join(folder, 'items.jsonl'), `${JSON.stringify(item('c3'))}\n{"broken":\n`);
		const store = storeIn(folder);
		const report = await ingest([path.join(folder, 'items.json'), path.join(folder, 'items.jsonl')], {storePath: store, cwd: folder});
		expect(report).toMatchObject({added: 3, skipped: 0});
		expect(report.failed.map((failure) => [failure.path, failure.line])).toEqual([
			['items.json', badLine],
			['items.jsonl', 2],
		]);
		expect(items(store).map((record) => record.item_id).sort()).toEqual(['a1', 'b2', 'c3']);
		const again = await ingest([path.join(folder, 'items.json')], {storePath: store, cwd: folder});
		expect(again).toMatchObject({added: 0, skipped: 2});
	});

	it('keeps the provenance an interchange item carries', async () => {
		const folder = tempDir();
		const source = {agent: 'codex', project: '/home/ana/src/api', started_at: '2026-01-01T00:00:00.000Z', model: 'gpt-5-codex', turns: 3, tool_calls: 7, line: 4};
		const record = {namespace: 'conversation_session', item_id: 'p1', title: 'P', generated_at: '2026-01-01T00:00:00Z', source, tldr: 't', nodes: [{ordinal: 0, parent: null, title: 'P', summary: 's', keywords: [], spans: []}], spans: []};
		writeFileSync(path.join(folder, 'items.jsonl'), `${JSON.stringify(record)}\n`);
		const store = storeIn(folder);
		await ingest([path.join(folder, 'items.jsonl')], {storePath: store, cwd: folder});
		expect(items(store)[0]!.source).toEqual({...source, uri: expect.stringMatching(/items\.jsonl$/u), kind: 'summary-json'});
	});
});
