import type {SummaryStore} from '../../store/summary-store.js';
import {stem} from '../../text/index-words.js';
import {storeVersion} from '../indexing/search-status.js';

/**
 * How many items hold each query term, read from FTS5's own index of the item roots through an
 * `fts5vocab` table (a count over one term's list, with no ranking): the inverse document
 * frequencies that stage 1 prunes with and that nodes and spans are scored with.
 */
export class ItemTermStats {
	private readonly frequencies = new Map<string, number>();

	/** `items`: how many items are indexed for search (the root table's rows). */
	constructor(
		store: SummaryStore,
		terms: readonly string[],
		readonly items: number,
	) {
		const known = knownFrequencies(store);
		for (const term of terms) {
			const key = stem(term);
			if (this.frequencies.has(key)) continue;
			let frequency = known.get(key);
			if (frequency === undefined) {
				ensureVocabulary(store);
				const lookup = store.statement('SELECT doc FROM temp.search_root_vocab WHERE term = ?');
				frequency = store.guard(() => (lookup.get(key) as {doc: number} | undefined)?.doc ?? 0);
				if (known.size >= maxKnownTerms) known.clear();
				known.set(key, frequency);
			}
			this.frequencies.set(key, frequency);
		}
	}

	/** Items holding the term (0 when unknown, or when FTS5 stems it otherwise than `stem`). */
	documentFrequency(term: string): number {
		return this.frequencies.get(stem(term)) ?? 0;
	}

	/**
	 * FTS5's bm25 IDF: ln((N − n + 0.5) / (n + 0.5)), and a near-zero floor for a term in half the
	 * items or more (FTS5 uses 1e-6 there too).
	 */
	idf(term: string): number {
		const n = this.documentFrequency(term);
		const value = Math.log((this.items - n + 0.5) / (n + 0.5));
		return value > 0 ? value : 1e-6;
	}

	/**
	 * Terms that can change a ranking: bm25 gives a term in more than half the items a weight of
	 * 1e-6, yet scoring it means visiting every item that holds it (most of the store). When no
	 * rarer term is in any item, all are kept: there is nothing better to rank by.
	 */
	informative(terms: readonly string[]): string[] {
		const kept = terms.filter((term) => this.documentFrequency(term) * 2 <= this.items);
		return kept.some((term) => this.documentFrequency(term) > 0) ? kept : [...terms];
	}
}

/**
 * Item counts already read, per store, while the store stays as it was: counting a word that most
 * items hold walks its whole list in FTS5's index (~3 ms for "the" at 50 000 items), and queries
 * repeat words.
 */
const known = new WeakMap<SummaryStore, {version: string; frequencies: Map<string, number>}>();
const maxKnownTerms = 50_000;

function knownFrequencies(store: SummaryStore): Map<string, number> {
	const version = storeVersion(store);
	const cached = known.get(store);
	if (cached?.version === version) return cached.frequencies;
	const frequencies = new Map<string, number>();
	known.set(store, {version, frequencies});
	return frequencies;
}

/** FTS5's per-term view of the root table, in the connection's temp schema (works on read-only stores too). */
function ensureVocabulary(store: SummaryStore): void {
	if (vocabularies.has(store)) return;
	store.guard(() => store.db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_root_vocab USING fts5vocab(main, search_root_fts, row)'));
	vocabularies.add(store);
}

const vocabularies = new WeakSet<SummaryStore>();
