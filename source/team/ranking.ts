import {DrillError} from '../core/errors.js';
import type {TeamClient} from './connection.js';
import {requireSchema, teamSchemaVersion} from './schema.js';

/**
 * Stage 1 in the team database: PostgreSQL full-text search over each item's search vector (GIN),
 * ranked like the local keyword list — BM25's parts over the same fields: each query word weighted
 * by its IDF over the archive's items, a saturating count of its places in the item (ts_rank) with
 * length normalization (1 + log of the item's length), the fields at equal weight as the local
 * root rows have them (title, summaries, keywords, raw text). As locally, in an archive of
 * 20 000 items or more the words more than half the items hold are left out of the ranking.
 *
 * Ranking reads each matching item's vector, so the items ranked are bounded: when the query's
 * words together match more than `candidateCap` items, the candidates come in tiers (`tierCaps`):
 * the items holding all the words, all but one, any of the rarer words (as many as fit), and the
 * answer says so.
 */

export interface TermStat {
	lexeme: string;
	/** Items holding it (estimated from the column's statistics for the most common words). */
	df: number;
	idf: number;
}

export const candidateCap = 4000;
const pruneMinItems = 20_000;

/** A lexeme as a tsquery operand, taken as it is (no second stemming). */
export function lexemeQuery(lexeme: string): string {
	return `'${lexeme.replace(/\\/gu, '\\\\').replace(/'/gu, "''")}'`;
}

/**
 * Everything stage 1 needs to know before it ranks, in one round trip (on a busy server each one
 * costs a scheduling delay; measured at 1M items and load 16: p50 ~10 ms each): the schema version,
 * the query's words as the archive's vectors hold them ('english': Snowball stems, stopwords out;
 * the first 48), the archive's size as the planner estimates it, and, from pg_stats' most common
 * elements of the search column (kept by autovacuum's ANALYZE), the share of items holding each
 * query word listed there and the least listed share.
 */
const statsSql = `
WITH q AS (SELECT coalesce(array_agg(lexeme ORDER BY positions[1]), '{}') AS lexemes FROM unnest(to_tsvector('english', $1)))
SELECT (SELECT value FROM drill_team_meta WHERE key = 'schema_version') AS version,
	(SELECT greatest(reltuples, 0)::bigint::text FROM pg_class WHERE oid = 'drill_items'::regclass) AS estimate,
	q.lexemes, s.listed, s.least, s.common, s.freqs
FROM q LEFT JOIN LATERAL (
	SELECT st.most_common_elems IS NOT NULL AS listed, st.most_common_elem_freqs[array_length(st.most_common_elems::text::text[], 1) + 1] AS least, m.common, m.freqs
	FROM pg_stats st, LATERAL (
		SELECT array_agg(e) AS common, array_agg(f) AS freqs FROM unnest(st.most_common_elems::text::text[], st.most_common_elem_freqs) AS x(e, f) WHERE e = ANY(q.lexemes)
	) m
	WHERE st.tablename = 'drill_items' AND st.attname = 'search' AND st.schemaname = current_schema()
) s ON true`;

interface StatsRow {
	version: string | null;
	estimate: string | null;
	lexemes: string[];
	listed: boolean | null;
	least: number | null;
	common: string[] | null;
	freqs: number[] | null;
}

/** What stage 1 knows of a query before ranking: its words and how many items hold each. */
export interface QueryStats {
	lexemes: string[];
	items: number;
	terms: TermStat[];
}

/**
 * How many items hold each of the query's words: the share pg_stats lists, or, for a word it does
 * not list, half the least listed share, as PostgreSQL's own planner estimates it (counting it cost
 * ~40 ms a word at 1M items). Without statistics yet (a young archive), counted through the GIN
 * index up to a bound. IDF as Lucene's, always positive. A database without drill's schema, or
 * with another version of it, is left to requireSchema (its one-line error, or the migration).
 */
export async function queryStats(client: TeamClient, query: string, migrated = false): Promise<QueryStats> {
	let row: StatsRow | undefined;
	try {
		[row] = await client.query<StatsRow>(statsSql, [query.slice(0, 100_000)]);
	} catch (error) {
		// No archive here (or not readable): requireSchema says so in one line; otherwise the failure stands.
		await requireSchema(client);
		throw error;
	}
	if (row?.version !== String(teamSchemaVersion) && !migrated) {
		await requireSchema(client);
		return queryStats(client, query, true);
	}
	if (!row) throw new DrillError('team_error', `the team database at ${client.target.shown} answered no statistics`, 'drill doctor --team checks the connection and the schema');
	const lexemes = row.lexemes.slice(0, 48);
	let items = Number(row.estimate ?? 0);
	if (items < 1000) items = Number((await client.query<{n: string}>('SELECT count(*)::text AS n FROM drill_items WHERE NOT deleted'))[0]!.n);
	const common = new Map<string, number>();
	row.common?.forEach((elem, index) => common.set(elem, row.freqs![index]!));
	const countCap = candidateCap + 1;
	const counted = new Map<string, number>();
	const rare = lexemes.filter((lexeme) => !common.has(lexeme));
	if (row.listed) for (const lexeme of rare) counted.set(lexeme, Math.max(1, Math.round(((row.least ?? 0) * items) / 2)));
	else if (rare.length > 0) {
		const rows = await client.query<{lexeme: string; n: string}>(
			'SELECT l AS lexeme, (SELECT count(*) FROM (SELECT 1 FROM drill_items WHERE search @@ q LIMIT $2) s)::text AS n FROM unnest($1::text[], $3::tsquery[]) AS x(l, q)',
			[rare, countCap, rare.map(lexemeQuery)],
		);
		for (const counts of rows) counted.set(counts.lexeme, Number(counts.n));
	}
	items = Math.max(items, 1);
	const terms = lexemes.map((lexeme) => {
		const df = Math.min(items, common.has(lexeme) ? Math.round(common.get(lexeme)! * items) : counted.get(lexeme) ?? 0);
		return {lexeme, df, idf: Math.log(1 + (items - df + 0.5) / (df + 0.5))};
	});
	return {lexemes, items, terms};
}

/** One set of candidates: the items a tsquery matches, at most `cap` of them. */
export interface CandidateTier {
	match: string;
	cap: number;
}

export interface CandidatePlan {
	/** The sets of items ranked, in order of preference (an item in two is ranked once). */
	tiers: CandidateTier[];
	/** The words ranked (the query's, less those most items hold in a large archive). */
	ranked: TermStat[];
	/** Set when not every item holding a query word is ranked: why. */
	narrowed?: string;
}

/**
 * How many items a bounded plan reads, by tier: those holding every ranked word, those holding all
 * but one of them, those holding a rarer word. At 1M items each candidate read costs ~20–50 µs
 * (its vector comes from TOAST), so the bound is the query's time. Every word's part of an item's
 * score is its IDF times at least 0.61 and at most 1 (ts_rank's saturation) over the same length,
 * so the items holding more of the words, and the rarer ones, are the ones that rank first.
 */
export const tierCaps = {all: 1000, allButOne: 500, rare: 300};

function allOf(terms: readonly TermStat[]): string {
	const all = terms.map((term) => lexemeQuery(term.lexeme)).join(' & ');
	return terms.length > 1 ? `(${all})` : all;
}

/** Which items to rank, and by which words (see the file's comment). */
export function planCandidates(items: number, terms: readonly TermStat[]): CandidatePlan | undefined {
	const held = terms.filter((term) => term.df > 0);
	if (held.length === 0) return undefined;
	const informative = items >= pruneMinItems ? held.filter((term) => term.df * 2 <= items) : held;
	const ranked = informative.length > 0 ? informative : held;
	const any = ranked.map((term) => lexemeQuery(term.lexeme)).join(' | ');
	const total = ranked.reduce((sum, term) => sum + term.df, 0);
	if (total <= candidateCap) return {tiers: [{match: any, cap: 2 * candidateCap}], ranked};
	const byRarity = [...ranked].sort((a, b) => a.df - b.df);
	const rare: TermStat[] = [];
	let sum = 0;
	for (const term of byRarity) {
		if (sum + term.df > candidateCap) break;
		rare.push(term);
		sum += term.df;
	}
	const common = ranked.filter((term) => !rare.includes(term)).map((term) => term.lexeme);
	// No word rare enough to fit: the rarest is still a tier, so that a query whose words no item holds all of (or all but one) is not left with nothing.
	if (rare.length === 0 && ranked.length > 1) rare.push(byRarity[0]!);
	const tiers: CandidateTier[] = [{match: allOf(ranked), cap: tierCaps.all}];
	if (ranked.length >= 3) tiers.push({match: ranked.map((left) => allOf(ranked.filter((term) => term !== left))).join(' | '), cap: tierCaps.allButOne});
	if (rare.length > 0) tiers.push({match: rare.map((term) => lexemeQuery(term.lexeme)).join(' | '), cap: tierCaps.rare});
	const bound = tiers.reduce((cap, tier) => cap + tier.cap, 0);
	return {
		tiers,
		ranked,
		narrowed: `ranked the items that hold every query word${ranked.length >= 3 ? ', all but one of them' : ''}${rare.length > 0 ? ` or the rarer ${rare.length === 1 ? 'one' : 'ones'}` : ''}: ${common.join(', ')} ${common.length === 1 ? 'is' : 'are'} in too many items to rank them all (${total} matches, at most ${bound} ranked)`,
	};
}

export interface RankedRow {
	id: string;
	machine: string;
	user_name: string;
	namespace: string;
	item_id: string;
	title: string;
	tldr: string;
	source: string | null;
	hash: string;
	score: number;
}

export interface RankFilter {
	scope?: string;
	agent?: string;
	project?: string;
}

/** The ranked items, best first: BM25's parts (IDF × ts_rank per word) summed, over each tier's items up to its cap. */
export async function rankItems(client: TeamClient, plan: CandidatePlan, filter: RankFilter, limit: number, offset: number): Promise<RankedRow[]> {
	const params: unknown[] = [];
	const bind = (value: unknown) => {
		params.push(value);
		return `$${params.length}`;
	};
	const where = ['NOT deleted'];
	if (filter.scope) where.push(`namespace = ${bind(filter.scope)}`);
	if (filter.agent) where.push(`agent = ${bind(filter.agent)}`);
	if (filter.project) {
		const project = bind(filter.project);
		where.push(`(project = ${project} OR right(project, length(${project}) + 1) = '/' || ${project})`);
	}
	const score = plan.ranked.map((term) => `${term.idf.toFixed(6)} * ts_rank('{1,1,1,1}', search, ${bind(lexemeQuery(term.lexeme))}::tsquery, 1)`).join(' + ');
	// The candidates' vectors are read once each ("|| ''" makes a copy in memory), not fetched from TOAST
	// again by each word's ts_rank (same scores; measured at 1M items: ~3x fewer buffer reads, ranking ~10–25% faster).
	const tier = ({match, cap}: CandidateTier) =>
		`SELECT c.id, c.machine, c.user_name, c.namespace, c.item_id, c.title, c.tldr, c.source, c.hash, ${score} AS score FROM (SELECT id, machine, user_name, namespace, item_id, title, tldr, source, hash, search || ''::tsvector AS search FROM drill_items WHERE search @@ ${bind(match)}::tsquery AND ${where.join(' AND ')} LIMIT ${bind(cap)}) c`;
	// Each tier ranks its own candidates; an item in two tiers has the same score in both and is kept once.
	const candidates = plan.tiers.length === 1 ? tier(plan.tiers[0]!) : `SELECT DISTINCT ON (id) * FROM (${plan.tiers.map((each) => `(${tier(each)})`).join(' UNION ALL ')}) tiers`;
	const sql = `
		SELECT id::text, machine, user_name, namespace, item_id, title, tldr, source, hash, score FROM (${candidates}) ranked
		ORDER BY score DESC, id LIMIT ${bind(limit)} OFFSET ${bind(offset)}`;
	return (await client.query<RankedRow>(sql, params)).map((row) => ({...row, score: Number(row.score)}));
}
