import type {ItemRecord, ItemSource, NodeRecord, SpanRecord} from '../../store/interchange.js';
import {preorder, type Topic} from './topic.js';

export interface ItemFacts {
	namespace: string;
	itemId: string;
	title: string;
	tldr: string;
	generatedAt: string;
	source: ItemSource;
	contentHash?: string;
}

/**
 * The described topic tree in the interchange shape: ordinals in document order (root 0), and
 * every block as a span owned by the topic that holds it, so no raw text is lost.
 */
export function topicsToItem(root: Topic, facts: ItemFacts): ItemRecord {
	const nodes: NodeRecord[] = [];
	const spans: SpanRecord[] = [];
	const ordinalOf = new Map<Topic, number>();
	const parentOf = new Map<Topic, Topic>();
	for (const topic of preorder(root)) {
		const ordinal = nodes.length;
		ordinalOf.set(topic, ordinal);
		for (const child of topic.children) parentOf.set(child, topic);
		const owned: number[] = [];
		for (const unit of topic.units) {
			for (const block of unit.blocks) {
				if (block.text === '') continue;
				owned.push(spans.length);
				spans.push({seq: spans.length, role: block.role, text: block.text, ...(block.time ? {time: block.time} : {})});
			}
		}
		const parent = parentOf.get(topic);
		nodes.push({
			ordinal,
			parent: parent === undefined ? null : ordinalOf.get(parent)!,
			title: topic === root ? facts.title : topic.title,
			summary: topic.summary,
			keywords: topic.keywords,
			spans: owned,
		});
	}
	return {
		namespace: facts.namespace,
		item_id: facts.itemId,
		title: facts.title,
		generated_at: facts.generatedAt,
		source: facts.source,
		tldr: facts.tldr,
		...(facts.contentHash ? {content_hash: facts.contentHash} : {}),
		nodes,
		spans,
	};
}
