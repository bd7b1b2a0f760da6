import type {ItemRecord} from '../../store/interchange.js';
import type {ParsedSource, Section} from '../model.js';
import {redactor, type Redactor} from './redactor.js';

/**
 * Secrets out of a source before anything is built from it: every text a parser produced
 * (blocks, headings, the source's own title and TLDR, its provenance) has its secrets replaced by
 * `[redacted:kind]`, so the titles, summaries, keywords and index made from it never hold one, and
 * an LLM summarizer is never sent one. Returns how many were replaced (also in
 * `facts.provenance.redactions`, which becomes the item's `source.redactions`).
 */
export function redactSource(parsed: ParsedSource, using: Redactor = redactor()): number {
	let count = 0;
	const clean = (text: string): string => {
		const result = using.redact(text);
		count += result.count;
		return result.text;
	};
	const section = (part: Section): void => {
		if (part.heading !== undefined) part.heading = clean(part.heading);
		for (const unit of part.units) {
			if (unit.heading !== undefined) unit.heading = clean(unit.heading);
			for (const block of unit.blocks) block.text = clean(block.text);
		}
		for (const child of part.children) section(child);
	};
	const {facts} = parsed;
	if (facts.title !== undefined) facts.title = clean(facts.title);
	if (facts.tldr !== undefined) facts.tldr = clean(facts.tldr);
	if (facts.titlesByEnd) for (const [key, title] of facts.titlesByEnd) facts.titlesByEnd.set(key, clean(title));
	if (facts.provenance) {
		const provenance = facts.provenance as Record<string, unknown>;
		for (const [key, value] of Object.entries(provenance)) {
			if (typeof value === 'string' && key !== 'session_id') provenance[key] = clean(value);
			// `files_edited`: a secret in a path the agent wrote to (`/keys/hf_….txt`) is a secret too.
			else if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) provenance[key] = value.map(clean);
		}
	}
	section(parsed.root);
	// A subagent's lines are the session's too.
	for (const sub of parsed.subagents ?? []) count += redactSource(sub, using);
	if (count > 0) facts.provenance = {...facts.provenance, redactions: count};
	return count;
}

/** Runs of characters a secret is made of: what a keyword or a cut summary keeps of one. */
const fragmentPattern = /[A-Za-z0-9_+/=.~-]{6,}/gu;

/**
 * Secrets out of an item already built (an interchange file, an item written before redaction
 * existed): the spans are redacted, and the title, TLDR, summaries and keywords too, where a
 * secret may survive only in part (a summary cut mid-token, a keyword taken from inside one), so
 * any run of a found secret's characters there goes as well. Returns the item (the same object
 * when nothing was found) and the count of secrets found in its spans (in its other text when it
 * has no spans), added to `source.redactions`.
 */
export function redactItem(item: ItemRecord, using: Redactor = redactor()): {item: ItemRecord; count: number} {
	const secrets = new Map<string, string>();
	const collect = (text: string): {text: string; count: number} => {
		const findings = using.find(text);
		for (const finding of findings) secrets.set(text.slice(finding.start, finding.end).toLowerCase(), finding.kind);
		return findings.length === 0 ? {text, count: 0} : using.redact(text);
	};
	let spanCount = 0;
	const spans = item.spans.map((span) => {
		const result = collect(span.text);
		spanCount += result.count;
		return result.count === 0 ? span : {...span, text: result.text};
	});
	let otherCount = 0;
	const scrub = (text: string): string => {
		const result = collect(text);
		otherCount += result.count;
		if (secrets.size === 0) return result.text;
		return result.text.replace(fragmentPattern, (run) => {
			const lower = run.toLowerCase();
			for (const [secret, kind] of secrets) if (secret.includes(lower) || lower.includes(secret)) return `[redacted:${kind}]`;
			return run;
		});
	};
	const title = scrub(item.title);
	const tldr = scrub(item.tldr);
	const source = scrubSource(item.source, scrub);
	const nodes = item.nodes.map((node) => {
		const keywords = node.keywords.filter((keyword) => scrub(keyword) === keyword);
		return {...node, title: scrub(node.title), summary: scrub(node.summary), keywords};
	});
	const count = spanCount || otherCount;
	const changed = count > 0 || source !== item.source || title !== item.title || tldr !== item.tldr || nodes.some((node, index) => node.title !== item.nodes[index]!.title || node.summary !== item.nodes[index]!.summary || node.keywords.length !== item.nodes[index]!.keywords.length);
	if (!changed) return {item, count: 0};
	const before = item.source?.redactions ?? 0;
	return {item: {...item, title, tldr, nodes, spans, source: {...source, redactions: before + count}}, count};
}

/** The source's own texts that can hold a secret: its folder, its titles, the files it edited (the same object when none does). */
function scrubSource(source: ItemRecord['source'], scrub: (text: string) => string): ItemRecord['source'] {
	if (!source) return source;
	const changes: Record<string, unknown> = {};
	for (const key of ['project', 'agent_title', 'user_title', 'own_title'] as const) {
		const value = source[key];
		if (typeof value !== 'string') continue;
		const clean = scrub(value);
		if (clean !== value) changes[key] = clean;
	}
	const files = source.files_edited?.map(scrub);
	if (files?.some((file, index) => file !== source.files_edited![index])) changes.files_edited = files;
	return Object.keys(changes).length === 0 ? source : {...source, ...changes};
}
