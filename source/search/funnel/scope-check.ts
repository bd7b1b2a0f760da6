import {cliHints, hint, run, type HintSurface} from '../../core/hint.js';
import {unknownNamespace} from '../../store/namespace-list.js';
import type {SummaryStore} from '../../store/summary-store.js';
import type {FindParams} from './params.js';

/**
 * A scope the store does not have is refused with the namespaces it does have (as walk does);
 * for source=drill an empty namespace is not a mistake but a store that never indexed a drill,
 * which a notice explains.
 */
export function scopeNotices(store: SummaryStore, params: FindParams, hints: HintSurface = cliHints): string[] {
	if (params.scope !== undefined && params.source === 'drill' && params.project !== undefined && store.namespace(params.scope)) {
		const here = store.guard(() => store.statement('SELECT count(*) FROM items WHERE namespace = ? AND project = ?').pluck().get(params.scope, params.project) as number);
		if (here > 0) return [];
		return [hint`no closed drill of the drills folder ${params.project} is indexed in this store (the drills it holds come from other folders): ${run('status', {repair: true})} indexes this folder's`.render(hints)];
	}
	if (params.scope === undefined || store.namespace(params.scope)) return [];
	if (params.source === 'drill') {
		return [hint`no closed drill is indexed in this store yet: drills are indexed as they close, and ${run('status', {repair: true})} indexes the ones closed before`.render(hints)];
	}
	throw unknownNamespace(store, params.scope);
}
