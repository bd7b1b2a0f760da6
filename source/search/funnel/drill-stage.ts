import {summaryNodeId} from '../../core/summary-node-id.js';
import type {RankedSpan, SpanRanker} from './span-ranking.js';
import type {DrilledItem, DrilledSpan, SpanContext} from '../types.js';
import type {SummaryStore} from '../../store/summary-store.js';

export interface DrillTarget {
	item: number;
	namespace: string;
	item_id: string;
	/** Only the spans of these nodes (ordinals): a search inside one node of the item. */
	nodes?: ReadonlySet<number>;
}

/** Roles of a conversation's messages: their spans are cited as messages. */
const messageRoles = new Set(['user', 'assistant', 'system', 'tool', 'tool_call', 'thinking']);

/** A run reaches this many spans on each side of the hit at most. */
const maxRunReach = 2;

/**
 * The run of spans around a hit that match the query too — neighbours in the item's order, owned
 * by the same node — cited as `#n4 msgs 12–15`: where a passage of a session says it.
 */
export function citedRun(span: RankedSpan, matching: ReadonlyMap<number, RankedSpan>): {range: [number, number]; citation: string} {
	let first = span.seq;
	let last = span.seq;
	while (span.seq - first < maxRunReach && matching.get(first - 1)?.node === span.node) first--;
	while (last - span.seq < maxRunReach && matching.get(last + 1)?.node === span.node) last++;
	const unit = messageRoles.has(span.role) ? 'msg' : 'span';
	return {range: [first, last], citation: `#n${span.node} ${first === last ? `${unit} ${first}` : `${unit}s ${first}–${last}`}`};
}

/** Stage 2: one item's best raw spans, each with the node that owns it, its time, where it is cited, and a snippet. */
export function drillItem(spans: SpanRanker, target: DrillTarget, perItem: number, snippetWords = 24): DrilledItem {
	const ranked = spans.rank(target.item).filter((span) => !target.nodes || target.nodes.has(span.node));
	const matching = new Map(ranked.map((span) => [span.seq, span]));
	return {
		drill_node_id: summaryNodeId(target.namespace, target.item_id),
		spans: ranked.slice(0, perItem).map(
			(span): DrilledSpan => ({
				drill_node_id: summaryNodeId(target.namespace, target.item_id, span.node),
				seq: span.seq,
				snippet: spans.snippet(span, snippetWords),
				score: Number(span.score.toFixed(4)),
				...(span.time ? {time: span.time} : {}),
				...citedRun(span, matching),
			}),
		),
	};
}

/** A neighbour's text is clipped to this many characters. */
const contextChars = 400;

/** Adds to each drilled span of an item the spans just before and after it (a search inside one item). */
export function withContext(store: SummaryStore, item: number, drilled: DrilledItem): DrilledItem {
	const wanted = [...new Set(drilled.spans.flatMap((span) => [span.seq - 1, span.seq + 1]).filter((seq) => seq >= 0))];
	if (wanted.length === 0) return drilled;
	const rows = store.guard(() => store.statement('SELECT seq, role, text, time FROM spans WHERE item = ? AND seq IN (SELECT value FROM json_each(?))').all(item, JSON.stringify(wanted)) as Array<{seq: number; role: string; text: string; time: string | null}>);
	const bySeq = new Map(
		rows.map((row): [number, SpanContext] => [row.seq, {seq: row.seq, role: row.role, text: row.text.length > contextChars ? `${row.text.slice(0, contextChars - 1).trimEnd()}…` : row.text, ...(row.time ? {time: row.time} : {})}]),
	);
	return {
		...drilled,
		spans: drilled.spans.map((span) => {
			const before = bySeq.get(span.seq - 1);
			const after = bySeq.get(span.seq + 1);
			return before || after ? {...span, context: {...(before ? {before} : {}), ...(after ? {after} : {})}} : span;
		}),
	};
}
