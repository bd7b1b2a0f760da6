import type {SummaryStore} from '../../store/summary-store.js';
import {find} from './find.js';

/**
 * Runs one search on `store` and throws the result away: the query is the newest item's title, so
 * it takes the path a person's first search takes (the search statistics, the packed roots, the
 * node vectors of the items it ranks, the index pages, and the code, compiled by then). A session
 * that answers searches (the app's search thread) calls it while the first screen is read; the
 * person's first search then costs what a later one does. Resolves to the query used, or undefined
 * when the store has nothing to search; never rejects.
 */
export async function warmUpSearch(store: SummaryStore): Promise<string | undefined> {
	try {
		const title = store.statement('SELECT title FROM items ORDER BY generated_at DESC, id DESC LIMIT 1').pluck().get();
		if (typeof title !== 'string' || !/[\p{L}\p{N}]/u.test(title)) return undefined;
		await find({query: title.slice(0, 200)}, {store});
		return title.slice(0, 200);
	} catch {
		// A damaged or locked store: the person's own search will say what is wrong.
		return undefined;
	}
}
