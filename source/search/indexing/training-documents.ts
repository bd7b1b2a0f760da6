import {append} from '../../core/arrays.js';
import type {ItemRow, SummaryStore} from '../../store/summary-store.js';
import {bagOfTerms, type TermBag, type TermIds} from '../../text/term-bags.js';
import {stemmedTerms} from '../../text/index-words.js';
import type {TermCountsList} from './training-counts.js';

/**
 * A store of fewer items than this trains its LSA model on its conversations' turns, not on their
 * whole items. One LoCoMo conversation is 19–32 sessions: as training documents they cannot span
 * 128 dimensions, and two words meet only as "in the same session", while its 370–690 turns tell
 * which words are said together. Measured on LoCoMo (default method, 1 982 questions): hit@1
 * 75.9 → 76.5, hit@5 93.5 → 94.0, MRR 0.838 → 0.844; turns grouped by two or three did less for
 * the hybrid (hit@5 93.9, 93.8). A document's sentences are not trained on one by one: that cost
 * the known-item collections up to 0.49 of the semantic list's nDCG@10 (python-docs 0.712 → 0.225)
 * and the hybrid up to 0.021 (adi), so an item whose spans are no turns counts whole. Only a store
 * of fewer items than the model has dimensions trains on turns: there items cannot span the model,
 * and training grows with the documents (a 45-session store of real agent logs, 5 013 spans:
 * reindex 2.4 → 5.3 s CPU), so a larger store trains on its items as before.
 */
export const spanTrainingItems = 128;

/** Above this many spans the store trains on its items whatever their number: the SVD's cost grows with the documents (LoCoMo's conversations hold 370–690 turns). */
export const spanTrainingMaxSpans = 20_000;

/** Whether a store whose training sample is `sample` trains on spans. */
export function trainsOnSpans(sample: readonly ItemRow[]): boolean {
	if (sample.length === 0 || sample.length >= spanTrainingItems) return false;
	let spans = 0;
	for (const row of sample) spans += row.span_count;
	return spans <= spanTrainingMaxSpans;
}

/** Whether an item's spans are a conversation's turns (someone said them), not a document's lines. */
function isConversation(spans: ReadonlyArray<{role: string}>): boolean {
	return spans.some((span) => span.role === 'user' || span.role === 'assistant');
}

/**
 * The training documents of a sample whose items' term counts are `itemCounts` (in the same order):
 * those term counts (bags of term ids of `ids`), or for a small store each turn of its conversations (any other item counts whole).
 */
export function trainingDocuments(store: SummaryStore, sample: readonly ItemRow[], itemCounts: TermCountsList, ids: TermIds): TermCountsList {
	// The item counts themselves (a larger store's are read as training goes, not held: training-counts.ts).
	if (!trainsOnSpans(sample)) return itemCounts;
	const documents: TermBag[] = [];
	sample.forEach((row, i) => {
		const {spans} = store.record(row);
		const turns = isConversation(spans) ? spans.map((span) => bagOfTerms(stemmedTerms(span.text), ids)).filter((bag) => bag.ids.length > 0) : [];
		if (turns.length > 0) append(documents, turns);
		else documents.push(itemCounts.at(i)!);
	});
	return documents;
}
