import {parse as parseYaml} from 'yaml';
import {frontMatterOf} from './front-matter.js';

export interface MarkdownUnit {
	title?: string;
	summary: string;
	/** The text without its front matter. */
	body: string;
	meta: Record<string, unknown>;
}

/** Splits YAML front matter from a markdown text; bad YAML leaves the text whole. */
export function splitFrontMatter(text: string): {meta: Record<string, unknown>; body: string} {
	const found = frontMatterOf(text);
	if (!found) return {meta: {}, body: text.replace(/^\uFEFF/u, '')};
	try {
		const meta = parseYaml(found.yaml, {maxAliasCount: 50}) as unknown;
		if (meta && typeof meta === 'object' && !Array.isArray(meta)) return {meta: meta as Record<string, unknown>, body: found.body};
	} catch {
		// Not YAML after all: keep it as text.
	}
	return {meta: {}, body: text.replace(/^\uFEFF/u, '')};
}

function plain(markdown: string): string {
	return markdown
		.replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
		.replace(/\[([^\]]+)\]\([^)]*\)/gu, '$1')
		.replace(/[*_`]+/gu, '')
		.replace(/\s+/gu, ' ')
		.trim();
}

/** The first paragraph of prose: not a heading, code block, table, comment or list of links. */
export function firstParagraph(body: string, maxChars = 400): string {
	const lines = body.split(/\r?\n/u);
	const paragraph: string[] = [];
	let fenced = false;
	let comment = false;
	for (const line of lines) {
		const trimmed = line.trim();
		if (/^(```|~~~)/u.test(trimmed)) {
			fenced = !fenced;
			if (paragraph.length) break;
			continue;
		}
		if (fenced) continue;
		if (comment || trimmed.startsWith('<!--')) {
			comment = !trimmed.includes('-->');
			continue;
		}
		if (trimmed === '') {
			if (paragraph.length) break;
			continue;
		}
		if (/^(#{1,6}\s|\||<|-{3,}$|={3,}$)/u.test(trimmed)) {
			if (paragraph.length) break;
			continue;
		}
		paragraph.push(trimmed.replace(/^([-*+]|\d+\.)\s+/u, ''));
	}
	const text = plain(paragraph.join(' '));
	return text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
}

function metaText(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/gu, ' ') : undefined;
}

export function parseMarkdownUnit(text: string): MarkdownUnit {
	const {meta, body} = splitFrontMatter(text);
	const heading = /^#\s+(.+?)\s*#*\s*$/mu.exec(body)?.[1];
	return {
		title: metaText(meta.title) ?? (heading ? plain(heading) : undefined),
		summary: metaText(meta.summary) ?? metaText(meta.description) ?? firstParagraph(body),
		body,
		meta,
	};
}
