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
		expect(read.map((session) => session.id)).toEqual(['7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10', 'call_01JH4Q9R2ZK']);
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
		expect(read[1]!.source.facts.provenance).toMatchObject({parent_session: '7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10', model: 'claude-haiku-4-5', turns: 1});
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
		expect(first).toMatchObject({added: 2, failed: [], skipped_records: 3});
		// Spoil a message without changing what the session's signature sees (its length, its update time):
		// read again, it would be a record of no known shape, counted as skipped.
		const db = new Database(file);
		const {parts} = db.prepare("SELECT parts FROM messages WHERE id = 'm09'").get() as {parts: string};
		db.prepare("UPDATE messages SET parts = ? WHERE id = 'm09'").run('x'.repeat(parts.length));
		db.close();
		const second = await ingest([file], {storePath: store, workers: false});
		expect(second).toMatchObject({added: 0, updated: 0, skipped: 2, skipped_records: 0, failed: []});
	});
});
