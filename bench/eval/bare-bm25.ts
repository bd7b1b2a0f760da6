import Database from 'better-sqlite3';
import {quote} from '../../source/search/funnel/query.js';
import {words} from '../../source/text/index-words.js';
import type {BeirCollection} from './beir.js';
import {documentText} from './document-to-item.js';

/**
 * The floor every collection is measured against: SQLite FTS5 bm25 (porter unicode61
 * remove_diacritics 2, k1 1.2, b 0.75) over each document's raw text (title and text in one
 * column), queried with the OR of the query's distinct words, nothing removed. Built in memory,
 * apart from drill's store, so nothing drill does to its rows can move it.
 */
export class BareBm25 {
	private readonly db = new Database(':memory:');
	private readonly ids: string[];
	private readonly query;

	constructor(collection: BeirCollection) {
		this.db.exec("CREATE VIRTUAL TABLE docs USING fts5 (text, tokenize = 'porter unicode61 remove_diacritics 2')");
		const insert = this.db.prepare('INSERT INTO docs (rowid, text) VALUES (?, ?)');
		this.ids = collection.documents.map((document) => document._id);
		this.db.transaction(() => collection.documents.forEach((document, index) => insert.run(index + 1, documentText(document))))();
		this.query = this.db.prepare('SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?');
	}

	/** The ids of the best `limit` documents, best first. */
	rank(text: string, limit = 100): string[] {
		const match = bareMatch(text);
		if (!match) return [];
		return (this.query.all(match, limit) as Array<{rowid: number}>).map((row) => this.ids[row.rowid - 1]!);
	}

	close(): void {
		this.db.close();
	}
}

/** The OR of a text's distinct words, each quoted (so no word is read as FTS5 syntax). */
export function bareMatch(text: string): string {
	return [...new Set(words(text))].map(quote).join(' OR ');
}
