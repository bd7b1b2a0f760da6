import type {SummaryStore} from '../../store/summary-store.js';
import {words} from '../../text/index-words.js';
import {quote} from '../funnel/query.js';

/**
 * Identifiers, error names and file names in a query — `ConnectionRefused`, `max_connections`,
 * `config.yaml`, `src/app.ts`, `ECONNREFUSED`, `k3x9` — are typed to find the one place that holds
 * them. When such a token is rare in the store, items that hold it rank above items that do not
 * (bm25 alone lets a long session holding it once lose to pages full of the query's common words).
 */
const shapes = [
	/[a-z][A-Z]/u, // camelCase, PascalCase with an inner capital
	/[A-Za-z0-9]_[A-Za-z0-9]/u, // snake_case
	/[A-Za-z0-9]{2,}(\.|\/|::|\\)[A-Za-z0-9_]{2,}/u, // file names, paths, dotted and scoped names
	/^[A-Z][A-Z0-9]{4,}$/u, // ECONNREFUSED, SIGKILL
	/[A-Za-z]\d|\d[A-Za-z]/u, // letters and digits mixed: k3x9, e2e, ipv6
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
export const rareShare = 0.01;
const rareMinimum = 5;

/**
 * For each rare identifier of the query, the root rows (of `search_root_fts`) holding it as a
 * phrase: the map gives each such row how many of them it holds.
 */
export function identifierHolders(store: SummaryStore, identifiers: readonly string[][], items: number): Map<number, number> {
	const holders = new Map<number, number>();
	const cap = Math.max(rareMinimum, Math.floor(items * rareShare));
	const statement = store.statement('SELECT rowid AS node FROM search_root_fts WHERE search_root_fts MATCH ? LIMIT ?');
	for (const parts of identifiers) {
		const rows = store.guard(() => statement.all(quote(parts.join(' ')), cap + 1) as Array<{node: number}>);
		if (rows.length === 0 || rows.length > cap) continue;
		for (const {node} of rows) holders.set(node, (holders.get(node) ?? 0) + 1);
	}
	return holders;
}
