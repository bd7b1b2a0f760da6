/** What the app asks the funnel: the method and the scope (shared by the services and the search thread's client). */
export const findMethods = ['keyword,semantic', 'keyword', 'semantic'] as const;
export type FindMethod = (typeof findMethods)[number];

export interface FindOptions {
	method: FindMethod;
	/** One summary namespace, or undefined for all. */
	scope?: string;
	/** Search inside this item or node only (its matching messages, with their neighbours). */
	within?: string;
	/** Aborted when a newer query replaces this one. */
	signal?: AbortSignal;
}

/** Messages a search inside one session lists at most. */
export const withinMatches = 100;

/** The find options of a search inside one item: every matching message (up to `withinMatches`), stage 1 kept to the item. */
export function withinOptions(within: string | undefined): {in?: string; top_k?: number; drill_per_item_top_k?: number} {
	return within ? {in: within, top_k: 1, drill_per_item_top_k: withinMatches} : {};
}
