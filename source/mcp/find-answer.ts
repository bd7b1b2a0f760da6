import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {inertText} from '../core/inert-text.js';
import {shortTime, sourceLine} from '../core/item-source.js';
import type {CandidateItem, FindResult, ListName} from '../search/types.js';
import {sourceBrief} from './source-brief.js';
import {answerBytes, toolResult} from './tool-result.js';

// A find result as an agent reads it: each item once, with its provenance once, the stage-1 hits
// that fell in it and the raw passages stage 2 drilled from it folded under it, and no text twice.
// The whole answer (structured content and text) fits `max_bytes`: the weakest passages go first,
// then the weakest hits, and the answer says what it left out and how to get it.

interface FoldedHit {
	rank: number;
	score: number;
	drill_node_id: string;
	title: string;
	level: number;
	matched_by: ListName[];
	snippet: string;
	/** The snippet says nothing the item's TLDR or another passage does not. */
	repeated: boolean;
}

interface FoldedPassage {
	drill_node_id: string;
	seq: number;
	score: number;
	snippet: string;
	/** When the message was written, and where in its item it is said (`#n4 msgs 12–15`). */
	time?: string;
	citation?: string;
}

interface FoldedItem extends Omit<CandidateItem, 'source'> {
	/** The provenance in brief (see sourceBrief), and as the text says it. */
	source?: Record<string, unknown>;
	sourceText: string;
	hits: FoldedHit[];
	passages: FoldedPassage[];
}

/** What was left out to fit the budget. */
interface Cut {
	passages: number;
	hits: number;
	/** Where the next page starts when hits were left out. */
	from?: number;
}

/** Text as compared for repeats: no match marks, no ellipses, one space, lower case. */
const plain = (text: string) =>
	text
		.replaceAll('**', '')
		.replace(/…/gu, ' ')
		.replace(/\s+/gu, ' ')
		.trim()
		.toLowerCase();

/** Marks each hit whose snippet the item's TLDR, one of its passages or an earlier hit already says. */
function markRepeats(items: readonly FoldedItem[]): void {
	for (const item of items) {
		const texts = [plain(item.tldr), ...item.passages.map((passage) => plain(passage.snippet))];
		for (const hit of item.hits) {
			const key = plain(hit.snippet);
			hit.repeated = key === '' || texts.some((text) => text.includes(key));
			if (!hit.repeated) texts.push(key);
		}
	}
}

/** Every item once, in rank order, with its hits and its drilled passages, repeats marked or dropped. */
function fold(result: FindResult): FoldedItem[] {
	const items = new Map<string, FoldedItem>();
	for (const candidate of result.candidate_items) {
		const source = sourceBrief(candidate.source);
		items.set(`${candidate.namespace}\u0000${candidate.item_id}`, {
			drill_node_id: candidate.drill_node_id,
			namespace: candidate.namespace,
			item_id: candidate.item_id,
			title: candidate.title,
			tldr: candidate.tldr,
			best_rank: candidate.best_rank,
			...(source ? {source} : {}),
			...(candidate.drill_id ? {drill_id: candidate.drill_id} : {}),
			sourceText: sourceLine(candidate.source && candidate.facts?.tokens ? {...candidate.source, tokens_total: candidate.facts.tokens.total} : candidate.source),
			hits: [],
			passages: [],
		});
	}
	const byRoot = new Map([...items.values()].map((item) => [item.drill_node_id, item]));
	for (const hit of result.stage1_hits) {
		const item = items.get(`${hit.namespace}\u0000${hit.item_id}`);
		item?.hits.push({rank: hit.rank, score: hit.score, drill_node_id: hit.drill_node_id, title: hit.title, level: hit.level, matched_by: hit.matched_by, snippet: hit.snippet, repeated: false});
	}
	// Identical passages anywhere in the answer are one; within an item, a text another of its
	// texts already holds (the TLDR, a longer passage or snippet) is dropped too.
	const seenAnywhere = new Set<string>();
	for (const drilled of result.drilled) {
		const item = byRoot.get(drilled.drill_node_id);
		if (!item) continue;
		for (const span of drilled.spans) {
			const key = plain(span.snippet);
			if (key === '' || seenAnywhere.has(key)) continue;
			seenAnywhere.add(key);
			item.passages.push({drill_node_id: span.drill_node_id, seq: span.seq, score: span.score, snippet: span.snippet, ...(span.time ? {time: span.time} : {}), ...(span.citation ? {citation: span.citation} : {})});
		}
	}
	for (const item of items.values()) {
		// Longest first, so that of two passages where one holds the other, the shorter goes.
		const texts = [plain(item.tldr)];
		const dropped = new Set<FoldedPassage>();
		for (const passage of [...item.passages].sort((a, b) => b.snippet.length - a.snippet.length)) {
			const key = plain(passage.snippet);
			if (texts.some((text) => text.includes(key))) dropped.add(passage);
			else texts.push(key);
		}
		item.passages = item.passages.filter((passage) => !dropped.has(passage));
	}
	return [...items.values()].filter((item) => item.hits.length > 0);
}

const line = (value: string) => inertText(value, {singleLine: true}).replace(/\s+/gu, ' ').trim();
const id = (value: string) => (value === '' ? "''" : line(value));
const score = (value: number) => value.toFixed(3);
/** A node of the item as the text names it under the item's line: `#n6` for `ns:item#n6`. */
const inItem = (item: FoldedItem, nodeId: string) => (nodeId.startsWith(`${item.drill_node_id}#`) ? nodeId.slice(item.drill_node_id.length) : id(nodeId));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Where a passage is said: `#n4 msgs 12–15 · 2026-03-14 10:02 UTC` (or `#n4 span 3` for a passage without a citation). */
function passagePlace(item: FoldedItem, passage: FoldedPassage): string {
	const where = passage.citation ? line(passage.citation) : `${passage.drill_node_id === item.drill_node_id ? '' : `${inItem(item, passage.drill_node_id)} `}span ${passage.seq}`;
	return passage.time ? `${where} · ${shortTime(passage.time)}` : where;
}

interface Page {
	query: string;
	method: string;
	scope: string | null;
	source?: string;
	notices: string[];
	hitCount: number;
	nextOffset?: number;
	maxBytes: number;
	cut: Cut;
}

/** The text a model reads: a header, then per item its line, TLDR, hits and passages, one line each. */
function renderText(items: FoldedItem[], page: Page): string {
	const where = [page.method, page.scope ? `scope ${page.scope}` : '', page.source && page.source !== 'summary' ? `source ${page.source}` : ''].filter(Boolean).join(' · ');
	const next = page.nextOffset === undefined ? '' : ` · more: offset=${page.nextOffset}`;
	const lines = [`${plural(page.hitCount, 'hit')} in ${plural(items.length, 'item')} for ${JSON.stringify(line(page.query))} · ${where}${next}`];
	for (const notice of page.notices) lines.push(`note: ${line(notice)}`);
	if (page.cut.passages + page.cut.hits > 0) {
		const what = [page.cut.passages ? plural(page.cut.passages, 'passage') : '', page.cut.hits ? plural(page.cut.hits, 'hit') : ''].filter(Boolean).join(' and ');
		lines.push(`note: ${what} left out to fit max_bytes=${page.maxBytes}: raise max_bytes${page.cut.from === undefined ? '' : `, or page on with offset=${page.cut.from}`}, or read the items with read_nodes`);
	}
	items.forEach((item, index) => {
		const drill = item.drill_id ? ` (walk domain "drills" node ${item.drill_id})` : '';
		// A hit on the item itself is said on its line; its snippet, when it adds to the TLDR, under it.
		const self = item.hits.find((hit) => hit.drill_node_id === item.drill_node_id);
		lines.push(`${index + 1}. ${id(item.drill_node_id)} — ${line(item.title)}${self ? ` (#${self.rank} [${score(self.score)}])` : ''}${item.sourceText ? ` [${line(item.sourceText)}]` : ''}${drill}`);
		if (item.tldr) lines.push(`   ${line(item.tldr)}`);
		if (self && !self.repeated) lines.push(`   ${line(self.snippet)}`);
		for (const hit of item.hits) {
			if (hit !== self) lines.push(`   #${hit.rank} [${score(hit.score)}] ${id(hit.drill_node_id)} ${line(hit.title)}${hit.repeated ? '' : `: ${line(hit.snippet)}`}`);
		}
		for (const passage of item.passages) lines.push(`   ↳ ${passagePlace(item, passage)} [${score(passage.score)}]: ${line(passage.snippet)}`);
	});
	if (items.length === 0 && page.notices.length === 0) lines.push('no matches');
	return lines.join('\n');
}

type Shape = 'find' | 'seed';

function structured(items: FoldedItem[], page: Page, result: FindResult, shape: Shape): object {
	const head = {query: page.query, method: page.method, scope: page.scope, ...(page.source ? {source: page.source} : {})};
	const tail = {
		...(page.nextOffset === undefined ? {} : {next_offset: page.nextOffset}),
		...(page.cut.passages + page.cut.hits > 0 ? {cut: {...page.cut, max_bytes: page.maxBytes}} : {}),
		...(page.notices.length ? {notices: page.notices} : {}),
		timings_ms: {total: result.timings_ms.total ?? 0},
	};
	if (shape === 'find') {
		// The quoted text (snippets, passages) travels once, in the text; this half names and ranks it.
		return {
			...head,
			hit_count: page.hitCount,
			items: items.map((item) => ({
				drill_node_id: item.drill_node_id,
				title: item.title,
				tldr: item.tldr,
				best_rank: item.best_rank,
				...(item.source ? {source: item.source} : {}),
				...(item.drill_id ? {drill_id: item.drill_id} : {}),
				hits: item.hits.map((hit) => ({rank: hit.rank, score: hit.score, drill_node_id: hit.drill_node_id, ...(hit.drill_node_id === item.drill_node_id ? {} : {title: hit.title})})),
				passages: item.passages.map(({snippet: _snippet, ...passage}) => passage),
			})),
			...tail,
		};
	}
	// summary_search: the seed's funnel shape, with the provenance once per item (on candidate_items) and no passage twice.
	const hits = items.flatMap((item) => item.hits.map(({repeated: _repeated, ...hit}) => ({...hit, namespace: item.namespace, item_id: item.item_id}))).sort((a, b) => a.rank - b.rank);
	return {
		...head,
		stage1_hits: hits.map(({rank, score, drill_node_id, namespace, item_id, title, snippet, level, matched_by}) => ({rank, score, drill_node_id, namespace, item_id, title, snippet, level, matched_by})),
		candidate_items: items.map((item) => ({drill_node_id: item.drill_node_id, namespace: item.namespace, item_id: item.item_id, title: item.title, tldr: item.tldr, best_rank: item.best_rank, ...(item.source ? {source: item.source} : {}), ...(item.drill_id ? {drill_id: item.drill_id} : {})})),
		drilled: items.filter((item) => item.passages.length > 0).map((item) => ({drill_node_id: item.drill_node_id, spans: item.passages})),
		...tail,
	};
}

/** Drops the weakest passage, else the weakest hit (and an item left without hits); false when nothing is left to drop. */
function dropOne(items: FoldedItem[], cut: Cut): boolean {
	const withPassages = [...items].reverse().find((item) => item.passages.length > 0);
	if (withPassages) {
		withPassages.passages.pop();
		cut.passages++;
		return true;
	}
	if (items.reduce((count, item) => count + item.hits.length, 0) <= 1) return false;
	let weakest: {item: FoldedItem; rank: number} | undefined;
	for (const item of items) for (const hit of item.hits) if (!weakest || hit.rank > weakest.rank) weakest = {item, rank: hit.rank};
	weakest!.item.hits = weakest!.item.hits.filter((hit) => hit.rank !== weakest!.rank);
	cut.hits++;
	cut.from = Math.min(cut.from ?? Number.POSITIVE_INFINITY, weakest!.rank - 1);
	if (weakest!.item.hits.length === 0) items.splice(items.indexOf(weakest!.item), 1);
	return true;
}

/**
 * The answer of `find` (shape 'find': items with their hits and passages) or `summary_search`
 * (shape 'seed': the seed's stage1_hits, candidate_items and drilled), within `maxBytes`.
 */
export function findAnswer(result: FindResult, options: {shape: Shape; maxBytes: number; topK: number; offset: number}): CallToolResult {
	const items = fold(result);
	const hitCount = result.stage1_hits.length;
	const page: Page = {
		query: result.query,
		method: result.method,
		scope: result.scope,
		...(result.source ? {source: result.source} : {}),
		notices: result.notices ?? [],
		hitCount,
		...(hitCount === options.topK ? {nextOffset: options.offset + options.topK} : {}),
		maxBytes: options.maxBytes,
		cut: {passages: 0, hits: 0},
	};
	for (;;) {
		const kept = items.reduce((count, item) => count + item.hits.length, 0);
		const current = {...page, hitCount: kept, ...(page.cut.from === undefined ? {} : {nextOffset: page.cut.from})};
		markRepeats(items);
		const answer = toolResult(structured(items, current, result, options.shape), renderText(items, current));
		if (answerBytes(answer) <= options.maxBytes || !dropOne(items, page.cut)) return answer;
	}
}
