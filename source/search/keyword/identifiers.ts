import type {SummaryStore} from '../../store/summary-store.js';
import {words} from '../../text/index-words.js';
import {quote} from '../funnel/query.js';
import type {ItemTermStats} from './term-stats.js';

/**
 * Identifiers, error names and file names in a query — `ConnectionRefused`, `max_connections`,
 * `config.yaml`, `src/app.ts`, `ECONNREFUSED`, `k3x9` — are typed to find the one place that holds
 * them. When such a token is rare in the store, items that hold it rank above items that do not
 * (bm25 alone lets a long session holding it once lose to pages full of the query's common words).
 */
const shapes = [
	/^[a-z]{2,}(?:[A-Z][a-z0-9]+)+$/u, // camelCase: getUserById, useEffect (not mRNA, vCJD)
	/^(?:[A-Z][a-z]{2,}){2,}$/u, // PascalCase of two words or more: ConnectionRefused, KeyError
	/[A-Za-z0-9]_[A-Za-z0-9]/u, // snake_case, SCREAMING_CASE
	/^[\w.-]*[A-Za-z0-9_-]{2,}\.[a-z][a-z0-9]{0,4}$/u, // file names: config.yaml, pool.ts, Cargo.toml
	/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+|[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.[a-z]{1,5}$/u, // paths: src/db/pool.ts
	/[A-Za-z0-9_]{2,}(::|->)[A-Za-z0-9_]{2,}|^[A-Za-z_]\w*\.[A-Za-z_]\w*\.[A-Za-z_]\w*/u, // scoped and dotted names: std::vec, os.path.join
	/^E[A-Z]{4,}$|^SIG[A-Z]{3,}$/u, // errno names and signals: ECONNREFUSED, SIGKILL
];

/** The identifier-like tokens of a query as typed, each as the words FTS5 sees in it. */
export function queryIdentifiers(text: string): string[][] {
	const found = new Map<string, string[]>();
	for (const raw of text.split(/\s+/u)) {
		const token = raw.replace(/^[^\p{L}\p{N}_./\\:]+|[^\p{L}\p{N}_]+$/gu, '');
		if (token.length < 3 || !shapes.some((shape) => shape.test(token))) continue;
		const parts = words(token);
		if (parts.length > 0 && parts.length <= 8) found.set(parts.join(' '), parts);
	}
	return [...found.values()];
}

/** An identifier counts as rare when at most this share of the items hold it (and at least one does). */
export const rareShare = 0.002;
const rareMinimum = 1;

/**
 * For each rare identifier of the query that carries at least as much of the query's weight as all
 * its other words together (bm25's IDF; "ConnectionRefused" in "ConnectionRefused API error", not
 * "AlphaBeta" in a sentence of ten rare scientific words, where the other words decide), the root
 * rows (of `search_root_fts`) holding it as a phrase: the map gives each such row how many of them
 * it holds.
 */
export function identifierHolders(store: SummaryStore, identifiers: readonly string[][], queryWords: readonly string[], stats: ItemTermStats): Map<number, number> {
	const holders = new Map<number, number>();
	const items = stats.items;
	const cap = Math.max(rareMinimum, Math.floor(items * rareShare));
	const statement = store.statement('SELECT rowid AS node FROM search_root_fts WHERE search_root_fts MATCH ? LIMIT ?');
	for (const parts of identifiers) {
		const rows = store.guard(() => statement.all(quote(parts.join(' ')), cap + 1) as Array<{node: number}>);
		if (rows.length === 0 || rows.length > cap) continue;
		const own = Math.log((items - rows.length + 0.5) / (rows.length + 0.5));
		const others = queryWords.filter((word) => !parts.includes(word)).reduce((sum, word) => sum + stats.idf(word), 0);
		if (own < others) continue;
		for (const {node} of rows) holders.set(node, (holders.get(node) ?? 0) + 1);
	}
	return holders;
}
