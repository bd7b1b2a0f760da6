import {describe, expect, it} from 'vitest';
import {validateItem} from '../../source/store/interchange.js';
import {archiveRow} from '../../source/team/archive-row.js';
import {TeamClient, teamTarget} from '../../source/team/connection.js';
import {insertRows} from '../../source/team/push.js';
import {ensureSchema} from '../../source/team/schema.js';
import {makeItem} from '../helpers/items.js';
import {postgresSkip, teamServer} from '../helpers/postgres.js';

const team = teamServer();

/** Text a push meets in sessions: quotes, backslashes, control characters, emoji, JSON-looking escapes. */
const awkward = 'say "hi" \\ C:\\path\\n \t tab, \u001b[31mred\u001b[0m, emoji 🚀, a literal \\u0000 and \\ud800, café';

const isWellFormed = (text: string) => (text as string & {isWellFormed(): boolean}).isWellFormed();

describe('an archive row', () => {
	it('holds text PostgreSQL takes: no NUL, no lone surrogate (made U+FFFD, as UTF-8 makes it)', () => {
		const item = makeItem('conversation_session', 'odd', {title: 'half \ud83d of an emoji\u0000'});
		item.tldr = 'tail \udc00 alone';
		item.spans[0]!.text = `lone \ud800 here\u0000 and there`;
		item.nodes[1]!.keywords = ['key\ud800word'];
		item.nodes[1]!.summary = 'sum \udfff mary';
		item.source = {...item.source, agent: 'claude\u0000-code', project: '/src/\ud800api'};
		const row = archiveRow(item, 'h');
		for (const [field, value] of Object.entries(row)) {
			if (typeof value !== 'string') continue;
			expect(value.includes('\u0000'), field).toBe(false);
			expect(isWellFormed(value), field).toBe(true);
		}
		expect(row.title).toBe('half \ufffd of an emoji');
		expect(row.body).toContain('lone \ufffd here and there');
		expect(row.agent).toBe('claude-code');
		expect(row.project).toBe('/src/\ufffdapi');
	});
});

describe.skipIf(postgresSkip)('a batch sent to the archive', () => {
	it('arrives as it was sent, awkward text and all, and is searchable', async () => {
		const url = await team.database();
		const client = await TeamClient.connect(teamTarget(url, '--to'));
		try {
			await ensureSchema(client);
			const items = [0, 1, 2].map((index) => {
				const item = makeItem('conversation_session', `awkward-${index}`, {title: `${awkward} ${index}`});
				item.spans[0]!.text = `${awkward} zebrafish${index}`;
				item.source = {...item.source, ...(index === 1 ? {} : {agent: 'codex'}), project: '/home/ana/"quoted"\\api'};
				return validateItem(item);
			});
			await insertRows(client, {machine: 'laptop', user: 'ana'}, items.map((item) => archiveRow(item, `hash-${item.item_id}`)));
			const rows = await client.query<{item_id: string; title: string; agent: string | null; project: string; record: string; found: boolean}>(
				"SELECT item_id, title, agent, project, record, search @@ to_tsquery('english', 'zebrafish1') AS found FROM drill_items ORDER BY item_id",
			);
			expect(rows.map((row) => row.item_id)).toEqual(['awkward-0', 'awkward-1', 'awkward-2']);
			rows.forEach((row, index) => {
				// As validateItem left it (inert: no escape sequences), quotes, backslashes and all.
				expect(row.title).toBe(items[index]!.title);
				expect(row.title).toContain('say "hi" \\ C:\\path\\n');
				expect(row.agent).toBe(index === 1 ? null : 'codex');
				expect(row.project).toBe('/home/ana/"quoted"\\api');
				expect(JSON.parse(row.record)).toEqual(JSON.parse(JSON.stringify(items[index])));
				expect(row.found).toBe(index === 1);
			});
			const [pushes] = await client.query<{items: string}>('SELECT items::text FROM drill_pushes');
			expect(pushes).toEqual({items: '3'});
		} finally {
			await client.close();
		}
	});
});
