import {describe, expect, it} from 'vitest';
import {TeamClient, teamTarget} from '../../source/team/connection.js';
import {planCandidates, queryStats, rankItems} from '../../source/team/ranking.js';
import {ensureSchema} from '../../source/team/schema.js';
import {postgresSkip, teamServer} from '../helpers/postgres.js';

const team = teamServer();

describe.skipIf(postgresSkip)('find --team stage 1 over a bounded candidate set', () => {
	it('ranks an item holding all but one of the query words, which no rarer word brings in', async () => {
		const url = await team.database();
		const client = await TeamClient.connect(teamTarget(url, 'test'));
		try {
			await ensureSchema(client);
			// 2 500 items hold "alpha", 2 500 "beta", 6 000 "gamma"; one holds "beta gamma" and was stored last.
			const rows = (word: string, count: number, from: number) =>
				team.sql(url, `INSERT INTO drill_items (machine, user_name, namespace, item_id, hash, title, search) SELECT 'm', 'u', 'conversation_session', 'i' || n, 'h' || n, $1, to_tsvector('english', $1 || ' filler') FROM generate_series($2::int, $3::int) n`, [word, from, from + count - 1]);
			await rows('alpha', 2500, 0);
			await rows('beta', 2500, 2500);
			await rows('gamma', 6000, 5000);
			await rows('beta gamma', 1, 11_000);
			await team.sql(url, 'ANALYZE drill_items');
			const stats = await queryStats(client, 'alpha beta gamma');
			const plan = planCandidates(stats.items, stats.terms)!;
			expect(plan.narrowed).toMatch(/^ranked the items that hold every query word, all but one of them or the rarer one: /u);
			const ranked = await rankItems(client, plan, {}, 3, 0);
			// Before, the candidates were the items holding the rarest word ("alpha") or all three: the best one was left out.
			expect(ranked[0]!.item_id).toBe('i11000');
			expect(ranked[1]!.title).toBe('alpha');
		} finally {
			await client.close();
		}
	});
});
