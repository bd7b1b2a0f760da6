import type {SummaryStore} from '../../store/summary-store.js';
import {readSemanticMeta, type SemanticMeta} from '../semantic/semantic-meta.js';
import {currentTextVersion} from './node-text.js';
import {readFusionFit, type FusionFit} from '../funnel/fitted-share.js';
import {readVocabularyDrift, retrainReason, type RetrainReason, type VocabularyDrift} from '../semantic/vocabulary-drift.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** How far the search indexes cover the store, and what to do about it. */
export interface SearchStatus {
	items: number;
	/** Items with stage-1 keyword rows. */
	keywordItems: number;
	/** Items embedded by the current semantic index. */
	embeddedItems: number;
	semantic: SemanticMeta | undefined;
	/** The hybrid's keyword share fitted at the last `drill reindex`, with its evidence (in force only for the model it was measured with). */
	fusion: FusionFit | undefined;
	/** What was folded into the LSA model since it was trained, and how much of it the model does not know. */
	vocabularyDrift: VocabularyDrift;
	/** Why the LSA model is due for retraining (the close of the next write retrains it), if it is. */
	retrain: RetrainReason | undefined;
	/** The model is due for retraining and the store is big enough for it to matter. */
	stale: boolean;
	notices: string[];
}

/**
 * What the store looks like now, as a key that changes with any commit: `data_version` moves when
 * another connection commits, `total_changes()` when this one writes.
 */
export function storeVersion(store: SummaryStore): string {
	const {version, changes} = store.guard(() => store.statement('SELECT (SELECT data_version FROM pragma_data_version) AS version, total_changes() AS changes').get() as {version: number; changes: number});
	return `${version}:${changes}`;
}

const known = new WeakMap<SummaryStore, {version: string; status: SearchStatus}>();

/** The search status, counted again only when the store has changed (it costs three counts of every item). */
export function searchStatus(store: SummaryStore): SearchStatus {
	const version = storeVersion(store);
	const cached = known.get(store);
	if (cached?.version === version) return {...cached.status, notices: [...cached.status.notices]};
	const status = countStatus(store);
	known.set(store, {version, status});
	return {...status, notices: [...status.notices]};
}

function countStatus(store: SummaryStore): SearchStatus {
	const semantic = readSemanticMeta(store);
	const fusion = readFusionFit(store);
	// One pass over search_items for its three counts (three counts of 50 000 rows were ~25 ms of a first query, one ~14 ms).
	const {items, keywordItems, oldLayout, embeddedItems} = store.guard(
		() =>
			store
				.statement('SELECT (SELECT count(*) FROM items) AS items, count(*) AS keywordItems, coalesce(sum(text_version < ?), 0) AS oldLayout, coalesce(sum(model = ?), 0) AS embeddedItems FROM search_items')
				.get(currentTextVersion, semantic ? semantic.generation : null) as {items: number; keywordItems: number; oldLayout: number; embeddedItems: number},
	);
	const vocabularyDrift = readVocabularyDrift(store);
	const retrain = semantic && semantic.spec.kind === 'lsa' ? retrainReason(semantic.builtItems, items, vocabularyDrift) : undefined;
	const stale = retrain !== undefined && items >= 20;
	const notices: string[] = [];
	if (keywordItems < items) notices.push(`${items - keywordItems} of ${items} items are not in the search index yet: run \`drill reindex\``);
	else if (oldLayout > 0) notices.push(`${oldLayout} of ${items} items are indexed the way an older drill did, which ranks them differently: run \`drill reindex\``);
	if (items > 0 && !semantic) notices.push('no semantic index yet, so semantic search finds nothing: run `drill reindex`');
	else if (semantic && embeddedItems < items) notices.push(`${items - embeddedItems} of ${items} items have no ${semantic.embedder} embeddings yet: run \`drill reindex\``);
	else if (stale && retrain === 'growth') notices.push(`the semantic model was trained on ${semantic!.builtItems} items and the store now has ${items}: run \`drill reindex\` to retrain it`);
	else if (stale) notices.push(`the words written since the semantic model was trained bring ${vocabularyDrift.unknown} it does not know (${percent(vocabularyDrift.share)} of them): run \`drill reindex\` to retrain it`);
	return {items, keywordItems, embeddedItems, semantic, fusion, vocabularyDrift, retrain, stale, notices};
}
