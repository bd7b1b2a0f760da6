import {SummaryStore} from '../../source/store/summary-store.js';
import {validateItem, type ItemRecord} from '../../source/store/interchange.js';

/**
 * A small realistic-shaped item: a root, `topics` level-1 nodes, each with two level-2
 * leaves that own two spans apiece.
 */
export function makeItem(namespace: string, itemId: string, options: {topics?: number; generatedAt?: string; title?: string} = {}): ItemRecord {
	const topics = options.topics ?? 3;
	const nodes: ItemRecord['nodes'] = [{ordinal: 0, parent: null, title: options.title ?? `Session ${itemId}`, summary: `Root summary of ${itemId}.`, keywords: ['root'], spans: []}];
	const spans: ItemRecord['spans'] = [];
	for (let t = 0; t < topics; t++) {
		const topic = nodes.length;
		nodes.push({ordinal: topic, parent: 0, title: `Topic ${t} of ${itemId}`, summary: `What topic ${t} found.`, keywords: [`topic${t}`], spans: []});
		for (let leaf = 0; leaf < 2; leaf++) {
			const owned = [spans.length, spans.length + 1];
			spans.push({seq: owned[0]!, role: 'user', text: `question ${t}.${leaf} about ${itemId}`}, {seq: owned[1]!, role: 'assistant', text: `answer ${t}.${leaf} with details`});
			nodes.push({ordinal: nodes.length, parent: topic, title: `Leaf ${t}.${leaf}`, summary: `Leaf ${t}.${leaf} summary.`, keywords: [], spans: owned});
		}
	}
	return {
		namespace,
		item_id: itemId,
		title: options.title ?? `Session ${itemId}`,
		generated_at: options.generatedAt ?? '2026-11-28T14:02:00.000Z',
		source: {uri: `file:///tmp/${itemId}.jsonl`, kind: 'transcript'},
		tldr: `TLDR of ${itemId}.`,
		nodes,
		spans,
	};
}

/**
 * An item of two nodes: the root, and one leaf under it that holds every span (one per text).
 * `dialogue` alternates user and assistant spans; otherwise every span is plain text.
 */
export function leafItem(namespace: string, itemId: string, title: string, texts: string[], options: {leafTitle?: string; dialogue?: boolean} = {}): ItemRecord {
	return validateItem({
		namespace,
		item_id: itemId,
		title,
		tldr: '',
		generated_at: '2026-01-01T00:00:00Z',
		nodes: [
			{ordinal: 0, parent: null, title, summary: '', keywords: [], spans: []},
			{ordinal: 1, parent: 0, title: options.leafTitle ?? `${title} (all of it)`, summary: '', keywords: [], spans: texts.map((_, seq) => seq)},
		],
		spans: texts.map((text, seq) => ({seq, role: options.dialogue ? (seq % 2 ? 'assistant' : 'user') : 'text', text})),
	});
}

/** Every item of a store as written (record and nodes), the store closed after. */
export function storedItems(store: string) {
	const summary = SummaryStore.open(store);
	try {
		return [...summary.eachItem()].map((row) => ({record: summary.record(row), nodes: summary.nodes(row.id)}));
	} finally {
		summary.close();
	}
}
