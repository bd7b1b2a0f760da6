import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {expandArchive} from '../../bench/team/server-generated-archive.js';
import {TeamClient, teamTarget} from '../../source/team/connection.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';
import {postgresSkip, teamServer} from '../helpers/postgres.js';

const team = teamServer();

describe.skipIf(postgresSkip)('the team bench archive made in PostgreSQL (--generate server)', () => {
	it('repeats the pushed items to exactly the size asked, each copy a whole item of its own, searchable', async () => {
		const url = await team.database();
		const dir = tempDir();
		const file = path.join(dir, 'items.jsonl');
		writeFileSync(file, Array.from({length: 3}, (_, index) => JSON.stringify(makeItem('conversation_session', `s${index}`, {topics: 2}))).join('\n'));
		const env = {DRILL_STORE: path.join(dir, 'store.db'), DRILL_MACHINE: 'laptop', DRILL_USER: 'ana', ...team.env};
		expect(runCli(['import', file], {env}).code).toBe(0);
		expect(runCli(['push', '--to', url], {env}).code).toBe(0);

		const client = await TeamClient.connect(teamTarget(url, 'test'));
		try {
			expect(await expandArchive(client, 8)).toEqual({template: 3, added: 5});
			// Already that size: nothing more.
			expect(await expandArchive(client, 8)).toEqual({template: 8, added: 0});
		} finally {
			await client.close();
		}
		const rows = await team.sql<{machine: string; user_name: string; item_id: string; hash: string; record: string; words: number}>(url, 'SELECT machine, user_name, item_id, hash, record, length(search) AS words FROM drill_items ORDER BY machine, item_id');
		expect(rows.map((row) => `${row.user_name}@${row.machine}/${row.item_id}`)).toEqual(['ana@laptop/s0', 'ana@laptop/s1', 'ana@laptop/s2', 'user1@machine1/s0-1', 'user1@machine1/s1-1', 'user1@machine1/s2-1', 'user2@machine2/s0-2', 'user2@machine2/s1-2']);
		expect(new Set(rows.map((row) => row.hash)).size).toBe(8);
		for (const row of rows) expect(JSON.parse(row.record)).toMatchObject({item_id: row.item_id});
		// The copies' texts and vectors are their template's.
		expect(JSON.parse(rows[3]!.record).spans).toEqual(JSON.parse(rows[0]!.record).spans);
		expect(rows[3]!.words).toBe(rows[0]!.words);
		const indexes = await team.sql<{indexdef: string}>(url, "SELECT indexdef FROM pg_indexes WHERE indexname = 'drill_items_search'");
		expect(indexes[0]!.indexdef).toBe('CREATE INDEX drill_items_search ON public.drill_items USING gin (search)');
		const devbox = {DRILL_STORE: path.join(dir, 'devbox.db'), DRILL_MACHINE: 'devbox', DRILL_USER: 'bo', ...team.env};
		const pulled = JSON.parse(runCli(['pull', '--from', url, '--json'], {env: devbox}).stdout);
		expect(pulled.added).toBe(8);
	});
});
