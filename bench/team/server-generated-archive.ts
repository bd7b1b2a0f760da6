import type {TeamClient} from '../../source/team/connection.js';

/**
 * The find bench's large archive made inside PostgreSQL (`--generate server`): the pushed archive
 * the push step left (its items as `drill push` wrote them: record, fields and search vector) is
 * copied whole into the find database (CREATE DATABASE … TEMPLATE), then its items are repeated
 * by INSERT … SELECT from generate_series until the archive holds `items`: each copy under a
 * machine and user of its own (`machine{k}`, `user{k}`), with a new item id (in the record too),
 * a new hash and a date k days earlier. Texts, lengths and vocabulary stay the pushed items'; each
 * word is held by (copies + 1) times as many items. Minutes at 1M items where pushing them takes
 * about an hour. The GIN index is dropped for the copy and made again as the schema makes it.
 */
export async function expandArchive(client: TeamClient, items: number): Promise<{template: number; added: number}> {
	const template = Number((await client.query<{n: string}>('SELECT count(*)::text AS n FROM drill_items WHERE NOT deleted'))[0]!.n);
	if (template === 0) throw new Error('the pushed archive to copy holds no items');
	const wanted = Math.max(0, items - template);
	if (wanted === 0) return {template, added: 0};
	const copies = Math.ceil(wanted / template);
	await client.query('DROP INDEX IF EXISTS drill_items_search');
	// The template's rows in id order, numbered, so that the last copy is cut at exactly `items`.
	await client.query(
		`INSERT INTO drill_items (machine, user_name, namespace, item_id, hash, deleted, title, tldr, generated_at, agent, project, source, record, search)
		SELECT 'machine' || k, 'user' || k, t.namespace, t.item_id || '-' || k, md5(t.hash || '/' || k), false, t.title, t.tldr,
			t.generated_at - k * interval '1 day', t.agent, t.project, t.source,
			replace(t.record, '"item_id":' || to_json(t.item_id)::text, '"item_id":' || to_json(t.item_id || '-' || k)::text), t.search
		FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS at FROM drill_items WHERE NOT deleted) o
		JOIN drill_items t ON t.id = o.id
		CROSS JOIN generate_series(1, $1::int) AS k
		WHERE (k - 1)::bigint * $2 + o.at < $3`,
		[copies, template, wanted],
	);
	await client.query("SET maintenance_work_mem = '1GB'");
	// As the schema's migration makes it (source/team/schema.ts).
	await client.query('CREATE INDEX drill_items_search ON drill_items USING gin (search)');
	await client.query('VACUUM ANALYZE drill_items');
	return {template, added: wanted};
}
