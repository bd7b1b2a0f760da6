/** What the app asks the funnel: the method and the scope (shared by the services and the search thread's client). */
export const findMethods = ['keyword,semantic', 'keyword', 'semantic'] as const;
export type FindMethod = (typeof findMethods)[number];

export interface FindOptions {
	method: FindMethod;
	/** One summary namespace, or undefined for all. */
	scope?: string;
	/** Aborted when a newer query replaces this one. */
	signal?: AbortSignal;
}
