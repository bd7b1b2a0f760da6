import {homedir} from 'node:os';
import {inertText} from '../../core/inert-text.js';
import {sourceLine} from '../../core/item-source.js';
import type {Drillables} from '../../core/registry.js';
import {summaryNodeId} from '../../core/summary-node-id.js';
import {itemOfNode} from '../../store/item-of-node.js';
import {itemSource, type SpanRow, type SummaryStore} from '../../store/summary-store.js';
import {addTo} from '../../core/arrays.js';
import type {Runtime} from '../../runtime.js';

/**
 * What a readable export holds, whatever it is rendered as (Markdown, HTML): a title, the
 * provenance line, the TLDR, then sections. A session's sections are its requests (the heading)
 * with what answered them; a document's are its topics. Every string is inert (no control or
 * escape sequence); the renderers escape it for their format.
 */
export interface ExportDocument {
	title: string;
	/** `claude-code · ~/src/api · 2026-11-28 14:02–14:40 UTC · 12 turns, 30 tools · conversation_session:k3x9`. */
	provenance: string;
	tldr?: string;
	sections: ExportSection[];
}

export interface ExportSection {
	heading?: string;
	/** 2 for a session's requests and a document's first topics, deeper for nested topics. */
	level: number;
	parts: ExportPart[];
}

export type ExportPart =
	/** Prose as written (Markdown, mostly): a request's text, an answer, a document's paragraphs. */
	| {kind: 'text'; text: string}
	/** A tool call folded to one line (`name`, `summary`), with its input (a command, a diff) and output. */
	| {kind: 'tool'; name: string; summary: string; input: string; output?: string}
	| {kind: 'thinking'; text: string};

export interface ExportOptions {
	/** Keep the model's thinking (left out by default). */
	thinking?: boolean;
	home?: string;
}

const clean = (text: string): string => inertText(text);
const line = (text: string): string => inertText(text, {singleLine: true}).trim();

/** A request's heading: its first line that says something, cut at a word near 100 characters. */
function headingOf(text: string): string {
	const first = text.split('\n').map((part) => part.trim()).find((part) => part.length > 0) ?? '';
	const flat = line(first).replace(/^[#>*\-\s]+/u, '');
	if (flat.length <= 100) return flat || 'Request';
	const cut = flat.slice(0, 100);
	const space = cut.lastIndexOf(' ');
	return `${(space > 60 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A tool call's text is its name on the first line, then its input; the summary is the input's first line. */
function toolPart(text: string): Extract<ExportPart, {kind: 'tool'}> {
	const lines = clean(text).split('\n');
	const name = line(lines[0] ?? 'tool') || 'tool';
	const input = lines.slice(1).join('\n').trim();
	const first = input.split('\n').find((part) => part.trim() && !/^\*\*\* Begin Patch/u.test(part)) ?? '';
	const summary = line(first.replace(/^(?:command|cmd|file_path|path|query|pattern|url|description):\s*/u, ''));
	return {kind: 'tool', name, summary: summary.length > 120 ? `${summary.slice(0, 119)}…` : summary, input};
}

/** The ordinals of a node and everything under it. */
function subtree(store: SummaryStore, itemRowId: number, ordinal: number): Set<number> {
	const nodes = store.nodes(itemRowId);
	const children = new Map<number, number[]>();
	for (const node of nodes) if (node.parent !== null) addTo(children, node.parent, node.ordinal);
	const inside = new Set<number>();
	const visit = (at: number) => {
		inside.add(at);
		for (const child of children.get(at) ?? []) visit(child);
	};
	visit(ordinal);
	return inside;
}

const conversationRoles = new Set(['user', 'assistant', 'tool_call', 'tool', 'thinking']);

/** A session's spans as sections: each request opens one; answers, tool calls and their outputs follow it. */
function conversationSections(spans: SpanRow[], options: ExportOptions): ExportSection[] {
	const sections: ExportSection[] = [];
	let current: ExportSection | undefined;
	const section = (): ExportSection => {
		if (!current) {
			current = {level: 2, parts: []};
			sections.push(current);
		}
		return current;
	};
	for (const span of spans) {
		switch (span.role) {
			case 'user': {
				const text = clean(span.text).trim();
				const heading = headingOf(text);
				current = {heading, level: 2, parts: []};
				sections.push(current);
				// The whole request, unless its heading already says all of it.
				if (text !== heading) current.parts.push({kind: 'text', text});
				break;
			}
			case 'assistant':
				section().parts.push({kind: 'text', text: clean(span.text).trim()});
				break;
			case 'tool_call':
				section().parts.push(toolPart(span.text));
				break;
			case 'tool': {
				const parts = section().parts;
				const last = parts.at(-1);
				if (last?.kind === 'tool' && last.output === undefined) last.output = clean(span.text);
				else parts.push({kind: 'tool', name: 'output', summary: headingOf(span.text), input: '', output: clean(span.text)});
				break;
			}
			case 'thinking':
				if (options.thinking) section().parts.push({kind: 'thinking', text: clean(span.text).trim()});
				break;
			default:
				// Context the agent was given (environment, instructions, compaction summaries): folded like a tool.
				section().parts.push({kind: 'tool', name: span.role === 'system' ? 'context' : line(span.role), summary: headingOf(span.text), input: '', output: clean(span.text)});
		}
	}
	return sections.filter((entry) => entry.heading !== undefined || entry.parts.length > 0);
}

/** A document's topics as sections, each under its node's title, nested as the topics are. */
function documentSections(store: SummaryStore, itemRowId: number, inside: Set<number>, top: number, spans: SpanRow[], options: ExportOptions): ExportSection[] {
	const nodes = store.nodes(itemRowId).filter((node) => inside.has(node.ordinal));
	const topLevel = nodes.find((node) => node.ordinal === top)?.level ?? 0;
	const byNode = new Map<number, SpanRow[]>();
	for (const span of spans) addTo(byNode, span.node, span);
	return nodes.flatMap((node) => {
		const own = byNode.get(node.ordinal) ?? [];
		const parts: ExportPart[] = own.flatMap((span): ExportPart[] => (span.role === 'thinking' ? (options.thinking ? [{kind: 'thinking', text: clean(span.text)}] : []) : [{kind: 'text', text: clean(span.text)}]));
		if (node.ordinal === top) return parts.length > 0 ? [{level: 2, parts}] : [];
		return [{heading: line(node.title), level: Math.min(6, 2 + node.level - topLevel - 1), parts}];
	});
}

/** A summary item, or the subtree under one of its nodes, as a document. */
export function summaryDocument(store: SummaryStore, nodeId: string, options: ExportOptions = {}): ExportDocument {
	const {row, ordinal} = itemOfNode(store, nodeId);
	const inside = subtree(store, row.id, ordinal);
	const spans = store.spans(row.id).filter((span) => inside.has(span.node));
	const node = ordinal === 0 ? undefined : store.node(row.id, ordinal);
	const id = summaryNodeId(row.namespace, row.item_id, ordinal);
	const provenance = [sourceLine(itemSource(row), {full: true, ...(options.home ? {home: options.home} : {})}), node ? `from "${line(row.title)}"` : '', id].filter(Boolean).join(' · ');
	const conversation = spans.some((span) => span.role === 'user' || span.role === 'assistant') && spans.every((span) => conversationRoles.has(span.role) || span.role === 'system');
	return {
		title: line(node?.title ?? row.title) || id,
		provenance: line(provenance),
		...((node ? node.summary : row.tldr) ? {tldr: line(node ? node.summary : row.tldr)} : {}),
		sections: conversation ? conversationSections(spans, options) : documentSections(store, row.id, inside, ordinal, spans, options),
	};
}

/** A knowledge unit or a drill (any domain but summary): its full view, as one section. */
export function viewDocument(domains: Pick<Drillables, 'walk'>, domain: string, nodeId: string): ExportDocument {
	const view = domains.walk(domain, nodeId, 'full', {maxChars: 100_000_000, limit: 1});
	const summary = view.summary ? line(view.summary) : '';
	return {
		title: line(view.title) || `${domain} ${nodeId}`,
		provenance: line(`${domain} · ${nodeId || '(root)'}`),
		...(summary ? {tldr: summary} : {}),
		sections: view.content ? [{level: 2, parts: [{kind: 'text', text: clean(view.content)}]}] : [],
	};
}

/** Any node as a document: a summary item or subtree, a knowledge unit, a drill. */
export function nodeDocument(runtime: Runtime, domain: string, id: string, options: Omit<ExportOptions, 'home'> = {}): ExportDocument {
	return domain === 'summary' ? summaryDocument(runtime.store(), id, {...options, home: homedir()}) : viewDocument(runtime.domains, domain, id);
}
