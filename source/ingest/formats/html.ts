import {Readability} from '@mozilla/readability';
import {parseHTML} from 'linkedom';
import type {ParsedSource, SourceProblem} from '../model.js';
import {factDate} from './dates.js';
import {MarkdownReader} from './markdown.js';

/** Pages above this size are refused rather than parsed into a DOM. */
export const maxHtmlBytes = 16 << 20;

const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'SVG', 'TEMPLATE', 'IFRAME', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'FORM', 'CANVAS', 'OBJECT', 'VIDEO', 'AUDIO']);
const chrome = new Set(['NAV', 'FOOTER', 'ASIDE', 'HEADER']);
const blocks = new Set([
	'P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'TABLE', 'THEAD',
	'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'FIGURE', 'FIGCAPTION', 'DL', 'DT', 'DD', 'HR', 'FIELDSET', 'DETAILS',
	'SUMMARY', 'ADDRESS', 'BODY', 'HTML',
]);

interface DomNode {
	nodeType: number;
	nodeName: string;
	textContent: string | null;
	childNodes: ArrayLike<DomNode>;
	getAttribute?(name: string): string | null;
}

const children = (node: DomNode): DomNode[] => Array.from(node.childNodes);
const isElement = (node: DomNode) => node.nodeType === 1;
const tagOf = (node: DomNode) => node.nodeName.toUpperCase();

/** The text of inline content: white space collapsed as a browser shows it, <br> as a newline. */
function inlineText(node: DomNode): string {
	if (node.nodeType === 3) return node.textContent ?? '';
	if (!isElement(node)) return '';
	const tag = tagOf(node);
	if (skipped.has(tag)) return '';
	if (tag === 'BR') return '\n';
	if (tag === 'IMG') {
		const alt = node.getAttribute?.('alt');
		return alt ? ` ${alt} ` : '';
	}
	const inner = children(node).map(inlineText).join('');
	if (tag === 'CODE' && !inner.includes('\n')) return `\`${inner}\``;
	return inner;
}

function hasBlockChild(node: DomNode): boolean {
	return children(node).some((child) => isElement(child) && blocks.has(tagOf(child)));
}

interface Anchor {
	level: number;
	text: string;
}

const anchorKey = (text: string) => text.replace(/\s+/gu, ' ').trim().slice(0, 80);

/** A heading's text without the permalink sign generators append to it (Sphinx's "¶", "#", "§", "🔗"). */
const headingText = (node: DomNode) => inlineText(node).replace(/\s+/gu, ' ').replace(/\s*(?:[¶§#]|🔗)$/u, '').trim();

/**
 * What a site shows besides the page and hides until asked (keyboard help, dialogs, cookie
 * notices): Readability would take it for the article's first paragraph.
 */
const hiddenParts = '[hidden], [aria-hidden="true"], [role="dialog"], [role="alertdialog"], dialog, [id*="popup"], [class*="popup"], [id*="modal"], [class*="modal"]';

function dropHidden(document: {querySelectorAll(selector: string): ArrayLike<{remove(): void}>}): void {
	for (const element of Array.from(document.querySelectorAll(hiddenParts))) element.remove();
}

/**
 * "What is Ownership? - The Rust Programming Language", "IDLE — Python 3.12 documentation": the
 * page's own name is the part of its title that one of its headings says; the rest is the site's.
 */
function withoutSiteName(title: string, headings: readonly string[]): string {
	const parts = title.split(/\s+(?:[-–—|·•»]|::)\s+/u).map((part) => part.trim());
	if (parts.length < 2) return title;
	const lower = new Set(parts.map((part) => part.toLowerCase()));
	return headings.find((heading) => lower.has(heading.toLowerCase())) ?? title;
}

function headingsOf(section: ParsedSource['root'], found: string[] = []): string[] {
	for (const child of section.children) {
		if (found.length >= 50) break;
		if (child.heading) found.push(child.heading);
		headingsOf(child, found);
	}
	return found;
}

/**
 * Every heading of the page, keyed by the start of the text that follows it. Readability drops a
 * section heading that looks like the page title ("Why transaction mode" under "Moving 40 services
 * to PgBouncer transaction mode"); this puts it back in front of its first paragraph.
 */
function headingAnchors(root: DomNode): Map<string, Anchor> {
	const anchors = new Map<string, Anchor>();
	let pending: Anchor | undefined;
	const visit = (node: DomNode) => {
		if (!isElement(node)) return;
		const tag = tagOf(node);
		if (skipped.has(tag)) return;
		const heading = /^H([1-6])$/u.exec(tag);
		if (heading) {
			pending = {level: Number(heading[1]), text: headingText(node)};
			return;
		}
		if (pending && !hasBlockChild(node) && blocks.has(tag)) {
			const key = anchorKey(inlineText(node));
			if (key) {
				if (!anchors.has(key)) anchors.set(key, pending);
				pending = undefined;
			}
			return;
		}
		for (const child of children(node)) visit(child);
	};
	visit(root);
	return anchors;
}

/** Writes the page as markdown lines, so headings become the topic tree as in a markdown file. */
class PageWriter {
	private readonly written = new Set<string>();

	constructor(
		private readonly reader: MarkdownReader,
		private readonly dropChrome: boolean,
		private readonly anchors = new Map<string, Anchor>(),
	) {}

	private heading(level: number, text: string): void {
		this.written.add(text);
		this.reader.push(`${'#'.repeat(level)} ${text}`);
		this.reader.push('');
	}

	private paragraph(text: string, prefix = ''): void {
		const lines = text
			.split('\n')
			.map((line) => line.replace(/[ \t\u00a0]+/gu, ' ').trim())
			.filter(Boolean);
		if (lines.length === 0) return;
		const anchor = this.anchors.get(anchorKey(lines.join(' ')));
		if (anchor && anchor.level > 1 && !this.written.has(anchor.text)) this.heading(anchor.level, anchor.text);
		lines.forEach((line, index) => this.reader.push(index === 0 ? `${prefix}${line}` : line));
		this.reader.push('');
	}

	node(node: DomNode): void {
		if (node.nodeType === 3) {
			this.paragraph(node.textContent ?? '');
			return;
		}
		if (!isElement(node)) return;
		const tag = tagOf(node);
		if (skipped.has(tag) || (this.dropChrome && chrome.has(tag))) return;
		const heading = /^H([1-6])$/u.exec(tag);
		if (heading) {
			const text = headingText(node);
			if (text) this.heading(Number(heading[1]), text);
			return;
		}
		if (tag === 'PRE') {
			this.reader.push('```');
			for (const line of (node.textContent ?? '').replace(/\n$/u, '').split('\n')) this.reader.push(line);
			this.reader.push('```');
			this.reader.push('');
			return;
		}
		if (tag === 'TABLE') {
			for (const row of rows(node)) this.reader.push(`| ${row.join(' | ')} |`);
			this.reader.push('');
			return;
		}
		if (tag === 'HR') return;
		if (!hasBlockChild(node)) {
			this.paragraph(inlineText(node), tag === 'LI' ? '- ' : '');
			return;
		}
		// Mixed content: inline runs become paragraphs between the block children.
		let run = '';
		const flush = () => {
			this.paragraph(run, tag === 'LI' ? '- ' : '');
			run = '';
		};
		for (const child of children(node)) {
			if (isElement(child) && blocks.has(tagOf(child))) {
				flush();
				this.node(child);
			} else run += inlineText(child);
		}
		flush();
	}
}

function rows(table: DomNode): string[][] {
	const found: string[][] = [];
	const visit = (node: DomNode) => {
		if (!isElement(node)) return;
		const tag = tagOf(node);
		if (tag === 'TR') {
			found.push(children(node).filter((cell) => isElement(cell) && (tagOf(cell) === 'TD' || tagOf(cell) === 'TH')).map((cell) => inlineText(cell).replace(/\s+/gu, ' ').trim()));
			return;
		}
		for (const child of children(node)) visit(child);
	};
	visit(table);
	return found;
}

interface QueryDocument {
	querySelector(selector: string): {getAttribute(name: string): string | null; textContent: string | null} | null;
}

function metaDate(document: QueryDocument): string | undefined {
	const selectors = [
		'meta[property="article:modified_time"]',
		'meta[property="article:published_time"]',
		'meta[name="date"]',
		'meta[name="dcterms.modified"]',
		'meta[name="dcterms.date"]',
		'meta[itemprop="dateModified"]',
		'meta[itemprop="datePublished"]',
	];
	for (const selector of selectors) {
		const date = factDate(document.querySelector(selector)?.getAttribute('content'));
		if (date) return date;
	}
	return factDate(document.querySelector('time[datetime]')?.getAttribute('datetime'));
}

/**
 * An HTML page: the main content picked out by Mozilla's Readability (the engine of Firefox's
 * reader view) on a linkedom DOM, then read like markdown, headings and all.
 */
export function readHtml(html: string, problems: SourceProblem[]): ParsedSource {
	const {document} = parseHTML(html);
	dropHidden(document);
	const date = metaDate(document as unknown as QueryDocument);
	const pageTitle = document.querySelector('title')?.textContent?.trim();
	const anchors = headingAnchors((document as unknown as {body: DomNode}).body);
	const topHeadings = Array.from((document as unknown as {querySelectorAll(selector: string): ArrayLike<DomNode>}).querySelectorAll('h1'), headingText);
	let article: ReturnType<Readability<DomNode>['parse']> = null;
	try {
		article = new Readability<DomNode>(document as unknown as Document, {serializer: (node) => node as unknown as DomNode}).parse();
	} catch (error) {
		problems.push({reason: `the main content could not be picked out (${(error as Error).message}); the whole body is used`});
	}
	const reader = new MarkdownReader(problems);
	const content = article?.content;
	if (content) new PageWriter(reader, false, anchors).node(content);
	else {
		// Not an article: take the body (it may have been changed by Readability, so parse again).
		const {document: fresh} = parseHTML(html);
		dropHidden(fresh);
		new PageWriter(reader, true).node(fresh.body as unknown as DomNode);
	}
	const source = reader.finish();
	const title = article?.title?.trim() || pageTitle;
	// The article's headings, then the page's top ones (Readability drops an H1 that repeats the title).
	if (title) source.facts.title = withoutSiteName(title, [...headingsOf(source.root), ...topHeadings]);
	const excerpt = article?.excerpt?.trim();
	if (excerpt && document.querySelector('meta[name="description"], meta[property="og:description"]')) source.facts.tldr = excerpt;
	const published = date ?? factDate(article?.publishedTime);
	if (published) source.facts.generatedAt = published;
	return source;
}
