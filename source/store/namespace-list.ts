import {DrillError} from '../core/errors.js';
import type {SummaryStore} from './summary-store.js';

/** Up to ten names, then how many there are in all. */
export function listOf(names: readonly string[], total: number): string {
	const shown = names.slice(0, 10).join(', ');
	return total > 10 ? `${shown}, … (${total} in all)` : shown;
}

/** The store's namespaces, for a hint: "namespaces: a, b, c", or what to do when there are none. */
export function namespacesHint(store: SummaryStore): string {
	const names = store.namespaces(0, 11).map((row) => row.name);
	return names.length ? `namespaces: ${listOf(names, store.namespaceCount())}` : 'the store is empty: import or ingest something first';
}

/** The refusal for a namespace the store does not have (walk and find say the same). */
export function unknownNamespace(store: SummaryStore, namespace: string): DrillError {
	return new DrillError('not_found', `no namespace ${JSON.stringify(namespace)} in the store`, namespacesHint(store));
}
