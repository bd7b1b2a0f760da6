import {mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {readCrushStore} from '../../../source/ingest/formats/crush.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import {ingest} from '../../helpers/ingest.js';
import {buildStore, expectUntouched} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits} from './read.js';
import {storedItems} from '../../helpers/items.js';

const fixture = 'fixtures/agents/crush.store.json';

function crushStore(): string {
	const project = path.join(tempDir('drill-crush-'), 'tidewater');
	mkdirSync(path.join(project, '.crush'), {recursive: true});
	const file = path.join(project, '.crush', 'crush.db');
	buildStore(fixture, file);
	return file;
}

function sessions(file: string) {
	const store = openAgentDatabase(file);
	try {
		return [...readCrushStore(store.database, file)].map((session) => ({id: session.id, signature: session.signature, source: session.read()}));
	} finally {
		store.close();
	}
}

describe('Crush store', () => {
	it('reads each conversation, not the title generator’s or an empty one, with its provenance', () => {
		const file = crushStore();
		const read = sessions(file);
		expect(read.map((session) => session.id)).toEqual(['7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10', '2b6f4d90-1c3e-4a8b-b7d2-5e0c9f1a6b33']);
		const main = read[0]!.source;
		expect(main.facts.title).toBe('Midnight rollover in the tide table');
		expect(main.facts.provenance).toMatchObject({
			agent: 'crush',
			project: path.dirname(path.dirname(file)),
			model: 'claude-sonnet-4-5',
			started_at: '2026-01-05T09:00:00.000Z',
			ended_at: '2026-01-05T09:22:00.000Z',
			turns: 2,
			tool_calls: 5,
			session_id: '7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10',
			agent_title: 'Midnight rollover in the tide table',
			tokens: {input: 41230, output: 3184},
			files_edited: ['/home/mira/src/tidewater/src/tides/window.ts', '/home/mira/src/tidewater/src/alarms/schedule.ts'],
		});
		// The agent tool's task session (`<message id>$$<tool call id>`) is read into the session that called it.
		expect(main.subagents?.map((sub) => sub.facts.provenance)).toEqual([expect.objectContaining({session_id: 'm04$$toolu_02', parent_session: '7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10', model: 'claude-haiku-4-5', turns: 1})]);
		expect(read[1]!.source.subagents).toBeUndefined();
	});

	it('reads every part type: text, reasoning, tool calls and results, images, shell commands, an error finish', () => {
		const main = sessions(crushStore())[0]!.source;
		const blocks = allUnits(main).flatMap((unit) => unit.blocks);
		const of = (role: string) => blocks.filter((block) => block.role === role).map((block) => block.text);
		expect(of('user')).toEqual([expect.stringMatching(/^The tide table for Port Ellis/u), 'Here is what the alarm screen shows now. Run the tide tests too.', '[attachment]']);
		expect(of('thinking')).toEqual(['The duplicate is at the day boundary, so the window end is probably inclusive on both days.']);
		expect(of('tool_call')).toEqual(['view\nfile_path: src/tides/window.ts', 'agent\nprompt: Find every caller of tideWindow and say whether it relies on the inclusive end.', expect.stringMatching(/^edit\nfile_path: src\/tides\/window\.ts\n--- a\/src\/tides\/window\.ts/u), 'shell\ncommand: npm test -- tides', 'bash\ncommand: npm test -- tides']);
		expect(of('tool')).toEqual([
			expect.stringMatching(/^export function tideWindow/u),
			'Two callers: the table renderer (does not rely on it) and the alarm scheduler (does).',
			expect.stringMatching(/Content replaced in file/u),
			'[exit code 1]\nFAIL test/tides/alarm.test.ts\n  expected 2 alarms, got 1',
			'[error] FAIL test/tides/alarm.test.ts',
		]);
		expect(of('system')).toEqual(['[error] Provider error: overloaded_error: try again later']);
		expect(of('assistant').at(-1)).toMatch(/^Fixed: the day's window now ends at the next midnight/u);
		// Finish parts that only end a step are bookkeeping.
		expect(main.skipped).toBe(3);
	});

	it('reads the store without writing a byte to it or beside it', async () => {
		const file = crushStore();
		await expectUntouched(file, () => sessions(file));
	});

	it('is told from its tables, forced as crush, refused as another store', async () => {
		const file = crushStore();
		const size = statSync(file).size;
		expect((await sniff(file, size)).format).toBe('crush');
		expect((await sniff(file, size, 'crush')).format).toBe('crush');
		expect((await sniff(file, size, 'goose-db')).problem).toBe('is not a Goose session database (sessions.db); it looks like a Crush database (crush.db)');
	});

	it('ingests one item per session, and on the next run skips unchanged sessions without reading their messages', async () => {
		const file = crushStore();
		const store = path.join(tempDir(), 's.db');
		const first = await ingest([file], {storePath: store, workers: false});
		expect(first).toMatchObject({added: 2, failed: [], skipped_records: 4, subagents: 1});
		// Spoil a message without changing what the session's signature sees (its length, its update time):
		// read again, it would be a record of no known shape, counted as skipped.
		const db = new Database(file);
		const {parts} = db.prepare("SELECT parts FROM messages WHERE id = 'm09'").get() as {parts: string};
		db.prepare("UPDATE messages SET parts = ? WHERE id = 'm09'").run('x'.repeat(parts.length));
		db.close();
		const second = await ingest([file], {storePath: store, workers: false});
		expect(second).toMatchObject({added: 0, updated: 0, skipped: 2, skipped_records: 0, failed: []});
	});

	describe('sub-agent sessions', () => {
		const parent = '7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10';
		const task = 'm04$$toolu_02';
		const setParent = (file: string, id: string, to: string | null) => {
			const db = new Database(file);
			db.prepare('UPDATE sessions SET parent_session_id = ?, updated_at = updated_at + 1 WHERE id = ?').run(to, id);
			db.close();
		};

		it('folds an agent tool’s task session under the session that called it, as a Claude Code subagent is', async () => {
			const file = crushStore();
			const store = path.join(tempDir(), 's.db');
			await ingest([file], {storePath: store, workers: false});
			const items = storedItems(store);
			expect(items.map(({record}) => record.source?.session_id).sort()).toEqual(['2b6f4d90-1c3e-4a8b-b7d2-5e0c9f1a6b33', parent]);
			const main = items.find(({record}) => record.source?.session_id === parent)!;
			// Its node is named by its request, not by Crush's placeholder "New Agent Session".
			const node = main.nodes.find((row) => row.title.startsWith('Subagent: '));
			expect(node?.title).toMatch(/^Subagent: .*tideWindow/u);
			expect(node?.summary).toMatch(/table renderer/u);
			// Its tokens join the session's; its cost is in the session's already (Crush adds it there).
			expect(main.record.source).toMatchObject({subagents: 1, tokens: {input: 41230 + 9021, output: 3184 + 412}, cost_usd: 0.1842});
		});

		it('removes the item a task session had of its own once it is folded, and folds it again when it changes', async () => {
			const file = crushStore();
			// Ingested as a session of its own first (its parent not recorded yet).
			setParent(file, task, null);
			const store = path.join(tempDir(), 's.db');
			expect(await ingest([file], {storePath: store, workers: false})).toMatchObject({added: 3});
			setParent(file, task, parent);
			expect(await ingest([file], {storePath: store, workers: false})).toMatchObject({added: 0, updated: 1, skipped: 1, failed: []});
			expect(storedItems(store).map(({record}) => record.source?.session_id).sort()).toEqual(['2b6f4d90-1c3e-4a8b-b7d2-5e0c9f1a6b33', parent]);
			// A turn added to the task session changes the session it is read into.
			const db = new Database(file);
			db.prepare('INSERT INTO messages (id, session_id, role, parts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run('s04', task, 'assistant', JSON.stringify([{type: 'text', data: {text: 'The alarm scheduler also reads it in snooze().'}}]), 1767603970000, 1767603970);
			db.close();
			expect(await ingest([file], {storePath: store, workers: false})).toMatchObject({added: 0, updated: 1, skipped: 1});
		});

		it('keeps a task session whose parent is not in the store, or whose parents loop, as an item of its own that names its parent', async () => {
			const file = crushStore();
			setParent(file, task, 'gone-session');
			let read = sessions(file);
			expect(read.map((session) => session.id)).toContain(task);
			expect(read.find((session) => session.id === task)!.source.facts.provenance).toMatchObject({parent_session: 'gone-session'});
			// Two sessions each naming the other as its parent: neither is read into the other.
			setParent(file, task, '2b6f4d90-1c3e-4a8b-b7d2-5e0c9f1a6b33');
			setParent(file, '2b6f4d90-1c3e-4a8b-b7d2-5e0c9f1a6b33', task);
			read = sessions(file);
			expect(read.map((session) => session.id)).toEqual([parent, task, '2b6f4d90-1c3e-4a8b-b7d2-5e0c9f1a6b33']);
			expect(read.every((session) => session.source.subagents === undefined)).toBe(true);
		});

		it('folds a task session started by another task session into it, and both into the session at the top', () => {
			const file = crushStore();
			const db = new Database(file);
			db.prepare('INSERT INTO sessions (id, parent_session_id, title, message_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run('s02$$toolu_12', task, 'New Agent Session', 2, 1767603940000, 1767603950);
			db.prepare('INSERT INTO messages (id, session_id, role, parts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run('u01', 's02$$toolu_12', 'user', JSON.stringify([{type: 'text', data: {text: 'Fetch the tide API docs page on rollover.'}}]), 1767603940000, 1767603940);
			db.close();
			const [main] = sessions(file);
			expect(main!.source.subagents?.[0]?.subagents?.map((sub) => sub.facts.provenance?.session_id)).toEqual(['s02$$toolu_12']);
			const opened = openAgentDatabase(file);
			try {
				expect([...readCrushStore(opened.database, file)][0]!.absorbs).toEqual([task, 's02$$toolu_12']);
			} finally {
				opened.close();
			}
		});
	});
});
