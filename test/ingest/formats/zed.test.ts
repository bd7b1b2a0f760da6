import {readFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {readZedStore} from '../../../source/ingest/formats/zed-store.js';
import {openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import {expectUntouched} from '../../helpers/agent-store.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {textsOf} from './read.js';

const schema = 'CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL, data_type TEXT NOT NULL, data BLOB NOT NULL, parent_id TEXT, folder_paths TEXT, folder_paths_order TEXT, created_at TEXT)';
const legacy = {
	summary: 'Rename the tide module',
	updated_at: '2025-05-01T10:00:00Z',
	messages: [
		{id: 0, role: 'user', segments: [{type: 'text', text: 'Rename tides.ts to tide-table.ts'}], tool_uses: [], tool_results: [], context: ''},
		{id: 1, role: 'assistant', segments: [{type: 'thinking', text: 'A move, then the imports.', signature: null}, {type: 'text', text: 'Moving it.'}], tool_uses: [{id: 't1', name: 'terminal', input: {command: 'git mv src/tides.ts src/tide-table.ts && git commit -m rename', cd: '.'}}], tool_results: [{tool_use_id: 't1', is_error: false, content: '[main 9f8e7d6] rename', output: null}], context: ''},
	],
};

/** threads.db as Zed writes it: the real (trimmed) thread zstd-compressed, and a legacy plain-JSON one (from legacy_thread.rs's shape). */
function zedStore(): string {
	const file = path.join(tempDir('drill-zed-'), 'threads.db');
	const db = new Database(file);
	db.exec(schema);
	const insert = db.prepare('INSERT INTO threads (id, summary, updated_at, data_type, data, created_at) VALUES (?, ?, ?, ?, ?, ?)');
	insert.run('c1b34853-0e99-4358-9565-7aedc0fb53eb', 'Mongoose to Supabase Database Migration', '2026-02-06T02:10:31.190699425+00:00', 'zstd', readFileSync('fixtures/agents/zed/thread.json.zst'), '2026-02-06T02:10:31.190699425+00:00');
	insert.run('legacy-1', legacy.summary, legacy.updated_at, 'json', Buffer.from(JSON.stringify(legacy)), null);
	db.close();
	return file;
}

function sessions(file: string) {
	const store = openAgentDatabase(file);
	try {
		return new Map([...readZedStore(store.database)].map((session) => [session.id, session.read()]));
	} finally {
		store.close();
	}
}

describe('Zed threads.db', () => {
	it('reads a real zstd-compressed thread: the title Zed showed, project, model, tokens, tool calls and results', () => {
		const thread = sessions(zedStore()).get('c1b34853-0e99-4358-9565-7aedc0fb53eb');
		expect(thread!.facts.title).toBe('Mongoose to Supabase Database Migration');
		expect(thread!.facts.provenance).toMatchObject({agent: 'zed', session_id: 'c1b34853-0e99-4358-9565-7aedc0fb53eb', project: '/home/atlasata/frontend/theatlas', model: 'Gemini 2.5 Flash', turns: 1, tool_calls: 3, tokens: {input: 2234, output: 24, cache_read: 6791}});
		expect(textsOf(thread!, 'user')).toEqual(['Analyze my project. Then help me with migrating this database mongoose to supabase database']);
		expect(textsOf(thread!, 'tool_call')[0]).toBe('list_directory\npath: /home/atlasata/frontend');
		expect(textsOf(thread!, 'tool')[0]).toBe('[error] Path /home/atlasata/frontend not found in project');
	});

	it('reads a thread saved before version 0.3.0 (role and segments), its commit too', () => {
		const old = sessions(zedStore()).get('legacy-1')!;
		expect(old.facts.title).toBe('Rename the tide module');
		expect(textsOf(old, 'thinking')).toEqual(['A move, then the imports.']);
		expect(old.facts.provenance).toMatchObject({agent: 'zed', commits: 1, turns: 1, tool_calls: 1});
	});

	it('is told from its tables, read without writing beside it, and ingested as one item per thread', async () => {
		const file = zedStore();
		expect((await sniff(file, 1 << 20)).format).toBe('zed');
		await expectUntouched(file, () => sessions(file));
		expect(await ingest([file], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 2, failed: []});
	});
});
