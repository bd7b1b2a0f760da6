import {DrillError} from '../core/errors.js';
import {inertText} from '../core/inert-text.js';
import type {ItemSource} from '../core/item-source.js';
import {isValidItemId, isValidNamespace} from '../core/summary-node-id.js';
import {validateSource} from './validate-source.js';

export type {ItemSource} from '../core/item-source.js';

/** One item in the interchange shape that `drill import` reads and `drill export` writes. */
export interface ItemRecord {
	namespace: string;
	item_id: string;
	title: string;
	generated_at: string;
	source?: ItemSource;
	tldr: string;
	content_hash?: string;
	nodes: NodeRecord[];
	spans: SpanRecord[];
}

export interface NodeRecord {
	ordinal: number;
	parent: number | null;
	title: string;
	summary: string;
	keywords: string[];
	/** The `seq` of the raw spans this node owns. */
	spans: number[];
}

export interface SpanRecord {
	seq: number;
	role: string;
	text: string;
	/** ISO 8601: when the message was written, when the source says. */
	time?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneLine = (text: string) => text.replace(/[\r\n\t]+/gu, ' ').trim();

/**
 * Text an item holds is indexed, summarized and shown: control and escape sequences go whole
 * (not only before display, or `ESC[31mRED` is indexed as the word `31mRED`).
 */
function content(where: string, value: unknown, field: string, fallback?: string): string {
	return inertText(text(where, value, field, fallback));
}

function text(where: string, value: unknown, field: string, fallback?: string): string {
	if (value === undefined || value === null) {
		if (fallback !== undefined) return fallback;
		throw new DrillError('bad_input', `${where}: "${field}" is missing`, `give "${field}" as a string`);
	}
	if (typeof value !== 'string') throw new DrillError('bad_input', `${where}: "${field}" must be a string, got ${typeof value}`);
	return value;
}

function wholeNumber(where: string, value: unknown, field: string): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
		throw new DrillError('bad_input', `${where}: "${field}" must be a whole number ≥ 0, got ${JSON.stringify(value)}`);
	}
	return value;
}

/** A span's optional time, normalized to ISO 8601 (a time already so is kept as the string it is). */
function spanTime(where: string, value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(Number.NaN);
	if (Number.isNaN(date.getTime())) throw new DrillError('bad_input', `${where}: "time" ${JSON.stringify(value).slice(0, 60)} is not a date`, 'use ISO 8601, e.g. 2026-11-28T14:02:00Z, or leave it out');
	const iso = date.toISOString();
	return iso === value ? value : iso;
}

/**
 * The seqs of an item's spans, and later which node owns each. Spans numbered by their place (seq
 * 0, 1, 2, … in order: every item ingest builds) are known by their count and owned through one
 * array; any other numbering falls back to a set and a map. Validating a 1M-line session's item
 * (375 000 spans) held ~50 MB more with the set and map beside the item's copy.
 */
class SpanSeqs {
	private count = 0;
	private set: Set<number> | undefined;

	/** Adds the seq of the span at `index`; false when it is there already. */
	add(seq: number, index: number): boolean {
		if (!this.set) {
			if (seq === index && index === this.count) {
				this.count++;
				return true;
			}
			this.set = new Set<number>();
			for (let known = 0; known < this.count; known++) this.set.add(known);
		}
		if (this.set.has(seq)) return false;
		this.set.add(seq);
		return true;
	}

	has(seq: unknown): boolean {
		if (this.set) return this.set.has(seq as number);
		return typeof seq === 'number' && Number.isInteger(seq) && seq >= 0 && seq < this.count;
	}

	/** Which node owns each span (by ordinal), for seqs `has` holds. */
	owners(): {has(seq: number): boolean; get(seq: number): number | undefined; set(seq: number, ordinal: number): void} {
		if (this.set) return new Map<number, number>();
		const ordinals = new Float64Array(this.count).fill(-1);
		return {
			has: (seq) => ordinals[seq] !== -1,
			get: (seq) => (ordinals[seq] === -1 ? undefined : ordinals[seq]),
			set: (seq, ordinal) => {
				ordinals[seq] = ordinal;
			},
		};
	}
}

function timestamp(where: string, value: unknown): string {
	if (value === undefined || value === null || value === '') return new Date(0).toISOString();
	const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
	if (Number.isNaN(date.getTime())) {
		throw new DrillError('bad_input', `${where}: "generated_at" ${JSON.stringify(value)} is not a date`, 'use ISO 8601, e.g. 2026-11-28T14:02:00Z');
	}
	return date.toISOString();
}

/** Checks one parsed JSON value against the interchange shape and returns it normalized. */
export function validateItem(value: unknown, label = 'item'): ItemRecord {
	if (!isObject(value)) throw new DrillError('bad_input', `${label} is not a JSON object`, 'each item is {"namespace", "item_id", "nodes", …}');
	const namespace = text(label, value.namespace, 'namespace');
	const itemId = text(label, value.item_id, 'item_id');
	if (!isValidNamespace(namespace)) {
		throw new DrillError('bad_input', `${label}: namespace ${JSON.stringify(namespace)} is not valid`, 'use 1–128 characters without ":", "#", spaces or control characters');
	}
	if (!isValidItemId(itemId)) {
		throw new DrillError('bad_input', `${label}: item_id ${JSON.stringify(itemId)} is not valid`, 'use 1–256 characters without "#", spaces or control characters');
	}
	const where = `${label} ${namespace}:${itemId}`;
	if (!Array.isArray(value.nodes) || value.nodes.length === 0) {
		throw new DrillError('bad_input', `${where}: "nodes" must be a non-empty array`, 'give at least the root node {"ordinal": 0, "parent": null, "title": …}');
	}
	const rawSpans = value.spans === undefined ? [] : value.spans;
	if (!Array.isArray(rawSpans)) throw new DrillError('bad_input', `${where}: "spans" must be an array`);

	const spans: SpanRecord[] = [];
	const seqs = new SpanSeqs();
	rawSpans.forEach((span, index) => {
		const at = `${where} spans[${index}]`;
		if (!isObject(span)) throw new DrillError('bad_input', `${at} is not an object`);
		const seq = wholeNumber(at, span.seq ?? index, 'seq');
		if (!seqs.add(seq, index)) throw new DrillError('bad_input', `${at}: seq ${seq} appears twice`, 'give every span its own seq');
		const time = spanTime(at, span.time);
		spans.push({seq, role: oneLine(content(at, span.role, 'role', 'text')) || 'text', text: content(at, span.text, 'text'), ...(time ? {time} : {})});
	});

	const nodes: NodeRecord[] = [];
	const ordinals = new Set<number>();
	const owner = seqs.owners();
	value.nodes.forEach((node, index) => {
		const at = `${where} nodes[${index}]`;
		if (!isObject(node)) throw new DrillError('bad_input', `${at} is not an object`);
		const ordinal = wholeNumber(at, node.ordinal ?? index, 'ordinal');
		if (ordinals.has(ordinal)) throw new DrillError('bad_input', `${at}: ordinal ${ordinal} appears twice`, 'give every node its own ordinal');
		ordinals.add(ordinal);
		const parent = node.parent === null || node.parent === undefined ? null : wholeNumber(at, node.parent, 'parent');
		const keywords = node.keywords === undefined ? [] : node.keywords;
		if (!Array.isArray(keywords) || keywords.some((keyword) => typeof keyword !== 'string')) {
			throw new DrillError('bad_input', `${at}: "keywords" must be an array of strings`);
		}
		const owned = node.spans === undefined ? [] : node.spans;
		if (!Array.isArray(owned)) throw new DrillError('bad_input', `${at}: "spans" must be an array of span seq numbers`);
		for (const seq of owned) {
			if (!seqs.has(seq as number)) throw new DrillError('bad_input', `${at}: span ${JSON.stringify(seq)} is not in the item's "spans"`);
			if (owner.has(seq as number)) throw new DrillError('bad_input', `${at}: span ${String(seq)} is already owned by node ${owner.get(seq as number)}`, 'each span belongs to one node');
			owner.set(seq as number, ordinal);
		}
		nodes.push({
			ordinal,
			parent,
			title: oneLine(content(at, node.title, 'title', '')),
			summary: content(at, node.summary, 'summary', ''),
			keywords: keywords.map((keyword) => oneLine(inertText(keyword as string))).filter(Boolean),
			spans: owned as number[],
		});
	});

	const root = nodes.find((node) => node.ordinal === 0);
	if (!root || root.parent !== null) throw new DrillError('bad_input', `${where}: the root node must have ordinal 0 and parent null`);
	for (const node of nodes) {
		if (node.ordinal !== 0 && node.parent === null) throw new DrillError('bad_input', `${where}: node ${node.ordinal} has no parent`, 'only the root (ordinal 0) has parent null');
		if (node.parent !== null && !ordinals.has(node.parent)) throw new DrillError('bad_input', `${where}: node ${node.ordinal} names parent ${node.parent}, which does not exist`);
	}
	// Every chain of parents must reach the root: no cycles.
	const parentOf = new Map(nodes.map((node) => [node.ordinal, node.parent]));
	for (const node of nodes) {
		let steps = 0;
		for (let at: number | null = node.ordinal; at !== 0; at = parentOf.get(at!) ?? null) {
			if (at === null || ++steps > nodes.length) throw new DrillError('bad_input', `${where}: node ${node.ordinal} is in a cycle of parents`);
		}
	}
	// Spans nobody claims belong to the root, so no raw text is lost.
	for (const span of spans) if (!owner.has(span.seq)) root.spans.push(span.seq);

	const title = oneLine(content(where, value.title, 'title', '')) || root.title || itemId;
	if (!root.title) root.title = title;
	const source = validateSource(where, value.source);
	const undated = value.generated_at === undefined || value.generated_at === null || value.generated_at === '';
	return {
		namespace,
		item_id: itemId,
		title,
		// A session is dated by its start when the file gives no date of its own.
		generated_at: undated && source.started_at ? source.started_at : timestamp(where, value.generated_at),
		source,
		tldr: content(where, value.tldr, 'tldr', ''),
		...(typeof value.content_hash === 'string' ? {content_hash: value.content_hash} : {}),
		nodes: nodes.sort((a, b) => a.ordinal - b.ordinal),
		spans: spans.sort((a, b) => a.seq - b.seq),
	};
}

export interface ParsedItems {
	items: ItemRecord[];
	failed: Array<{line?: number; index?: number; reason: string}>;
}

/**
 * Reads interchange text: one item object, an array of items, or JSON lines of items.
 * A bad item is reported with its position and skipped; the good ones are kept.
 */
export function parseItems(source: string): ParsedItems {
	const body = source.replace(/^\uFEFF/u, '').trim();
	if (body === '') throw new DrillError('bad_input', 'the input is empty', 'give one item object, an array of items, or JSON lines of items');
	const result: ParsedItems = {items: [], failed: []};
	let whole: unknown;
	let parsedWhole = false;
	try {
		whole = JSON.parse(body);
		parsedWhole = true;
	} catch {
		// Not one JSON document: try JSON lines below.
	}
	if (parsedWhole) {
		const list = Array.isArray(whole) ? whole : [whole];
		list.forEach((value, index) => {
			try {
				result.items.push(validateItem(value, Array.isArray(whole) ? `item [${index}]` : 'item'));
			} catch (error) {
				if (!(error instanceof DrillError)) throw error;
				result.failed.push({index, reason: error.line});
			}
		});
		return result;
	}
	const lines = body.split('\n');
	let sawJson = false;
	lines.forEach((line, index) => {
		if (line.trim() === '') return;
		let value: unknown;
		try {
			value = JSON.parse(line);
			sawJson = true;
		} catch (error) {
			result.failed.push({line: index + 1, reason: `line ${index + 1} is not valid JSON (${(error as Error).message})`});
			return;
		}
		try {
			result.items.push(validateItem(value, `line ${index + 1}`));
		} catch (error) {
			if (!(error instanceof DrillError)) throw error;
			result.failed.push({line: index + 1, reason: error.line});
		}
	});
	if (!sawJson) throw new DrillError('bad_input', 'the input is not JSON', 'give one item object, an array of items, or JSON lines of items');
	return result;
}
