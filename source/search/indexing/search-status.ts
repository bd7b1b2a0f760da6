import type {SummaryStore} from '../../store/summary-store.js';
import {keptCountsKey} from '../../store/kept-counts.js';
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
	const {items, keywordItems, oldLayout, embeddedItems} = keptCounts(store, semantic) ?? countItems(store, semantic);
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

/** The status's counts of items: all, with stage-1 rows, of an older text layout, embedded by the current model. */
export interface ItemCounts {
	items: number;
	keywordItems: number;
	oldLayout: number;
	embeddedItems: number;
}

/** Counted from the store: one pass over search_items (three counts of 50 000 rows were ~25 ms of a first query, one ~14 ms). */
function countItems(store: SummaryStore, semantic: SemanticMeta | undefined): ItemCounts {
	return store.guard(
		() =>
			store
				.statement('SELECT (SELECT count(*) FROM items) AS items, count(*) AS keywordItems, coalesce(sum(text_version < ?), 0) AS oldLayout, coalesce(sum(model = ?), 0) AS embeddedItems FROM search_items')
				.get(currentTextVersion, semantic ? semantic.generation : null) as ItemCounts,
	);
}

/**
 * What the counts were counted against, read in a few B-tree steps: the vector revision, the
 * items each namespace counts (every writer of items keeps them, see store/write-item.ts), the
 * largest item and search row ids, and FTS5's own record of the root index (its row count and
 * column sizes) and of its segments (which every write to it changes). A writer of this drill
 * forgets kept counts whenever it writes (store/kept-counts.ts); this catches a writer that does
 * not (an older drill).
 */
function countsStamp(store: SummaryStore): string {
	const row = store
		.statement(
			`SELECT (SELECT value FROM meta WHERE key = 'search.semantic.revision') AS revision, (SELECT count(*) || '/' || coalesce(sum(item_count), 0) FROM namespaces) AS counted,
				(SELECT max(id) FROM items) AS item, (SELECT max(item) FROM search_items) AS indexed,
				(SELECT hex(block) FROM search_root_fts_data WHERE id = 1) AS sizes, (SELECT hex(block) FROM search_root_fts_data WHERE id = 10) AS segments`,
		)
		.get() as Record<string, string | number | null>;
	return [row.revision, row.counted, row.item, row.indexed, row.sizes, row.segments].map((value) => value ?? '').join(':');
}

interface KeptCounts extends ItemCounts {
	textVersion: number;
	/** The rows of each text layout, `[layout, rows]`: a drill of a later layout sums its older ones from them instead of counting. */
	layouts: Array<[number, number]>;
	generation: number | null;
	stamp: string;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The counts a writer kept when it closed the store, when they still hold: counted at this text
 * layout and model generation, against the store as it is (countsStamp), and consistent with one
 * another. Undefined (count them) when there are none, or they are stale or damaged.
 */
function keptCounts(store: SummaryStore, semantic: SemanticMeta | undefined): ItemCounts | undefined {
	const text = store.getMeta(keptCountsKey);
	if (text === undefined) return undefined;
	let kept: Partial<KeptCounts>;
	try {
		kept = JSON.parse(text) as Partial<KeptCounts>;
	} catch {
		return undefined;
	}
	if (typeof kept !== 'object' || kept === null) return undefined;
	const {items, keywordItems, oldLayout, embeddedItems} = kept;
	if (!isCount(items) || !isCount(keywordItems) || !isCount(oldLayout) || !isCount(embeddedItems)) return undefined;
	if (keywordItems > items || oldLayout > keywordItems || embeddedItems > keywordItems) return undefined;
	if (!isCount(kept.textVersion) || kept.generation !== (semantic ? semantic.generation : null)) return undefined;
	if (typeof kept.stamp !== 'string' || kept.stamp !== store.guard(() => countsStamp(store))) return undefined;
	if (kept.textVersion === currentTextVersion) return {items, keywordItems, oldLayout, embeddedItems};
	// Kept by a drill of another text layout: every count but the older layout's holds (none depends on
	// the layout); that one is summed from the rows each layout had, when they were kept, else counted
	// from search_items alone (not items: about half of countItems' CPU at 50 000 items).
	return {items, keywordItems, oldLayout: olderLayouts(kept.layouts, keywordItems) ?? countOldLayout(store), embeddedItems};
}

/** The rows of layouts older than this drill's among kept `[layout, rows]` pairs, when they are sound (whole numbers summing to `keywordItems`). */
function olderLayouts(layouts: unknown, keywordItems: number): number | undefined {
	if (!Array.isArray(layouts)) return undefined;
	let all = 0;
	let older = 0;
	for (const pair of layouts as unknown[]) {
		if (!Array.isArray(pair) || pair.length !== 2 || !isCount(pair[0]) || !isCount(pair[1])) return undefined;
		all += pair[1];
		if (pair[0] < currentTextVersion) older += pair[1];
	}
	return all === keywordItems ? older : undefined;
}

/** The stage-1 rows of each text layout, as `[layout, rows]` pairs (kept beside the counts for a drill of a later layout). */
function countLayouts(store: SummaryStore): Array<[number, number]> {
	return store.statement('SELECT text_version, count(*) FROM search_items GROUP BY text_version ORDER BY text_version').raw(true).all() as Array<[number, number]>;
}

/** The items whose stage-1 rows are of an older text layout than this drill writes. */
function countOldLayout(store: SummaryStore): number {
	return store.guard(() => store.statement('SELECT count(*) FROM search_items WHERE text_version < ?').pluck().get(currentTextVersion) as number);
}

/**
 * Counts the items now and keeps the counts in the store for the next reader (see keptCounts), in
 * one write transaction so that no other writer comes between the counts and what they are kept
 * against. A writer's last step, like packing the roots.
 */
export function keepStatusCounts(store: SummaryStore): void {
	store.guard(() =>
		store.db
			.transaction(() => {
				const semantic = readSemanticMeta(store);
				const kept: KeptCounts = {...countItems(store, semantic), textVersion: currentTextVersion, layouts: countLayouts(store), generation: semantic ? semantic.generation : null, stamp: countsStamp(store)};
				const value = JSON.stringify(kept);
				// A writer that changed nothing leaves the row as it is.
				if (store.getMeta(keptCountsKey) !== value) store.setMeta(keptCountsKey, value);
			})
			.immediate(),
	);
}
