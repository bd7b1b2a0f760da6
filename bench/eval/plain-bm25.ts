import Database from 'better-sqlite3';
import type {BeirCollection} from './beir.js';

/** The short stopword list of ../shared/eval/plain-bm25.mjs, word for word. */
const plainStopwords = new Set(
	'a an the of and or in on for to is are was were be by with what how which that this from as at it its do does can any has have been there their these those into about than not'.split(' '),
);

/**
 * The floor every collection is measured against, exactly as ../shared/eval/plain-bm25.mjs
 * computes it (the project's decision: the floor is that script's, not one of drill's own):
 * SQLite FTS5 bm25 (porter unicode61, k1 1.2, b 0.75), title and text as two columns weighted 1.0
 * each, the query lower-cased, split on [a-z0-9]+, a short stopword list removed, the remaining
 * words quoted and ORed (repeats kept, as the script keeps them); top 100. Built in memory, apart
 * from drill's store, so nothing drill does to its rows can move it.
 */
export class PlainBm25 {
	private readonly db = new Database(':memory:');
	private readonly query;

	constructor(collection: BeirCollection) {
		this.db.exec("CREATE VIRTUAL TABLE d USING fts5(id UNINDEXED, title, text, tokenize='porter unicode61')");
		const insert = this.db.prepare('INSERT INTO d VALUES (?, ?, ?)');
		this.db.transaction(() => {
			for (const document of collection.documents) insert.run(document._id, document.title ?? '', document.text ?? '');
		})();
		this.query = this.db.prepare('SELECT id FROM d WHERE d MATCH ? ORDER BY bm25(d, 1.0, 1.0) LIMIT ?');
	}

	/** The ids of the best `limit` documents, best first. */
	rank(text: string, limit = 100): string[] {
		const match = plainMatch(text);
		if (!match) return [];
		return (this.query.all(match, limit) as Array<{id: string}>).map((row) => row.id);
	}

	close(): void {
		this.db.close();
	}
}

/** The script's MATCH expression: lower-cased [a-z0-9]+ words less its stopwords, quoted and ORed. */
export function plainMatch(text: string): string {
	const terms = (text.toLowerCase().match(/[a-z0-9]+/gu) ?? []).filter((term) => !plainStopwords.has(term));
	return terms.map((term) => `"${term}"`).join(' OR ');
}
