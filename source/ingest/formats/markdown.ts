import {parse as parseYaml} from 'yaml';
import type {ParsedSource, Section, SourceFacts, SourceProblem} from '../model.js';
import {plainText} from '../../text/clean.js';
import {simpleYaml} from '../../text/simple-yaml.js';
import {documentUnits} from './blocks.js';
import {factDate} from './dates.js';
import {directiveName, markupLine, markupRole, proseDirectives} from './markup-lines.js';
import {append} from '../../core/arrays.js';

const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/u;
/** Fences indented past three spaces too: in list items, MkDocs admonitions and content tabs. */
const fenceOpen = /^\s*(`{3,}|~{3,})/u;
/** Lines an unclosed tag or comment may run over before it is taken for text after all. */
const maxOpenTagLines = 200;
const setextRule = /^ {0,3}(=+|-+)[ \t]*$/u;
const tableRow = /^\s*\|/u;
const maxFrontMatterLines = 2000;

type Mode = 'start' | 'front-matter' | 'body' | 'fence';

/**
 * A line-at-a-time markdown reader: front matter (YAML, with a real parser), ATX and setext
 * headings as the section tree, fenced code and tables as code blocks, paragraphs as prose.
 * It never holds more than the current block besides what it has built.
 */
export class MarkdownReader {
	private mode: Mode = 'start';
	private readonly frontMatter: string[] = [];
	private frontMatterLine = 0;
	private readonly root: Section = {units: [], children: []};
	/** The open sections by depth: stack[0] is the root. */
	private readonly stack: Array<{level: number; section: Section}> = [{level: 0, section: this.root}];
	private paragraph: string[] = [];
	private paragraphKind: 'prose' | 'table' = 'prose';
	private fence: string[] = [];
	private fenceMarker = '';
	/** Generator markup lines waiting to become one `markup` block. */
	private markup: string[] = [];
	/** An unclosed tag or comment: the line that ends it. */
	private openTag: {until: RegExp; endsAtBlank?: boolean} | undefined;
	private openTagLines = 0;
	/** The line before opened a directive or admonition: `:option: value` lines may follow. */
	private afterOpen = false;
	/** Headings seen per level, the first of each, and the level of the very first: the page's one top heading names it. */
	private readonly headingCounts = [0, 0, 0, 0, 0, 0, 0];
	private readonly firstHeadings: string[] = [];
	private firstLevel: number | undefined;
	/** No text came before the first heading. */
	private headingFirst = false;
	/** A navigation label from front matter (`sidebar_label`, `linkTitle`): the name when nothing better is given. */
	private navTitle: string | undefined;
	/** An reStructuredText directive whose body is not prose: its own indentation (its body is indented more). */
	private markupBody: number | undefined;
	/** MkDocs admonitions and content tabs open: how far their bodies are indented, innermost last. */
	private readonly bodyIndents: number[] = [];
	/** The fences of open MyST directives whose body is prose (```` ```{note} ````), innermost last. */
	private readonly containers: string[] = [];
	readonly facts: SourceFacts = {opensWithLead: true};

	constructor(
		private readonly problems: SourceProblem[] = [],
		private readonly lineOffset = 0,
	) {}

	private get current(): Section {
		return this.stack[this.stack.length - 1]!.section;
	}

	private flushParagraph(): void {
		if (this.paragraph.length === 0) return;
		const text = this.paragraph.join('\n').trim();
		this.paragraph = [];
		if (text === '') return;
		const kind = this.paragraphKind === 'table' ? 'code' : 'prose';
		append(this.current.units, documentUnits('text', kind, text));
	}

	private flushMarkup(): void {
		if (this.markup.length === 0) return;
		this.current.units.push({blocks: [{role: markupRole, kind: 'code', text: this.markup.join('\n')}]});
		this.markup = [];
	}

	/** A line of the generator's markup: the paragraph before it ends, and the line is kept aside. */
	private markupLine(line: string): void {
		this.flushParagraph();
		this.markup.push(line);
	}

	/** Markup lines (an open tag, a directive's fences and options); false when the line is text or code. */
	private readMarkup(line: string): boolean {
		if (this.openTag) {
			// A JSX tag's props end at a blank line at the latest; a comment runs until it closes.
			if (line.trim() === '' && this.openTag.endsAtBlank) this.openTag = undefined;
			else {
				this.markup.push(line);
				if (this.openTag.until.test(line) || ++this.openTagLines > maxOpenTagLines) this.openTag = undefined;
				return true;
			}
		}
		if (this.markupBody !== undefined) {
			const indent = line.length - line.trimStart().length;
			if (line.trim() === '' || indent > this.markupBody) {
				this.markup.push(line);
				return true;
			}
			this.markupBody = undefined;
		}
		const top = this.containers.at(-1);
		if (top) {
			const trimmed = line.trim();
			if (trimmed[0] === top[0] && trimmed.length >= top.length && /^(?:`+|~+)$/u.test(trimmed)) {
				this.containers.pop();
				this.markupLine(line);
				return true;
			}
		}
		const fence = fenceOpen.exec(line);
		if (fence) {
			const name = directiveName(line.trim().slice(fence[1]!.length));
			if (!name || !proseDirectives.has(name)) return false;
			this.containers.push(fence[1]!);
			this.markupLine(line);
			this.afterOpen = true;
			return true;
		}
		const kind = markupLine(line, this.paragraph.length > 0, this.afterOpen);
		this.afterOpen = kind?.kind === 'open' || kind?.kind === 'open-body';
		if (!kind) return false;
		this.markupLine(line);
		if (kind.kind === 'open-body') this.markupBody = line.length - line.trimStart().length;
		if (kind.kind === 'open' && kind.indentsBody) this.bodyIndents.push((this.bodyIndents.at(-1) ?? 0) + line.length - line.trimStart().length + 4);
		if (kind.kind === 'open-tag') {
			this.openTag = kind;
			this.openTagLines = 0;
		}
		return true;
	}

	private openSection(level: number, heading: string): void {
		this.flushParagraph();
		this.flushMarkup();
		while (this.stack.length > 1 && this.stack[this.stack.length - 1]!.level >= level) this.stack.pop();
		const section: Section = {heading, units: [], children: []};
		this.current.children.push(section);
		this.stack.push({level, section});
	}

	private heading(level: number, text: string): void {
		if (this.headingCounts[level]!++ === 0) this.firstHeadings[level] = text;
		if (this.firstLevel === undefined) {
			this.firstLevel = level;
			this.headingFirst = this.paragraph.length === 0 && !this.root.units.some((unit) => unit.blocks.some((block) => block.kind === 'prose'));
		}
		this.openSection(level, text);
	}

	/**
	 * The heading of the shallowest level when it is the only one of that level: an H1 anywhere (after
	 * imports or badges), a shallower one only when it opens the page ("Release schedule" underlined
	 * with dashes in a text file). Several at the top level name parts, not the page.
	 */
	private onlyTopHeading(): string | undefined {
		const top = this.headingCounts.findIndex((count) => count > 0);
		if (top < 1 || this.headingCounts[top] !== 1 || (top > 1 && !(this.firstLevel === top && this.headingFirst))) return undefined;
		return this.firstHeadings[top];
	}

	private readFrontMatter(lineNumber: number): void {
		const raw = this.frontMatter.join('\n');
		try {
			const data: unknown = simpleYaml(raw) ?? parseYaml(raw);
			if (data && typeof data === 'object' && !Array.isArray(data)) {
				const record = data as Record<string, unknown>;
				const text = (key: string) => (typeof record[key] === 'string' && (record[key] as string).trim() ? (record[key] as string).trim() : undefined);
				const title = text('title');
				const tldr = text('tldr') ?? text('summary') ?? text('description') ?? text('abstract') ?? text('excerpt');
				const date = factDate(record.updated ?? record.lastmod ?? record.modified ?? record.date ?? record.created ?? record.published);
				if (title) this.facts.title = title;
				this.navTitle = text('sidebar_label') ?? text('linkTitle') ?? text('nav_title') ?? text('short_title');
				if (tldr) this.facts.tldr = tldr;
				if (date) this.facts.generatedAt = date;
			}
		} catch (error) {
			this.problems.push({line: this.frontMatterLine + this.lineOffset, reason: `front matter is not valid YAML (${String((error as Error).message).split('\n')[0]}); it is kept as text`});
		}
		// The front matter stays as a span too: no raw text is lost.
		this.root.units.push({blocks: [{role: 'front_matter', kind: 'code', text: `---\n${raw}\n---`}]});
		void lineNumber;
	}

	/** A MkDocs admonition's or tab's body is its indented lines: read them as if not indented. */
	private dedent(line: string): string {
		const indent = line.length - line.trimStart().length;
		if (indent === line.length) return line;
		while (this.bodyIndents.length > 0 && indent < this.bodyIndents.at(-1)!) this.bodyIndents.pop();
		const strip = this.bodyIndents.at(-1);
		return strip ? line.slice(strip) : line;
	}

	push(raw: string, lineNumber = 0): void {
		const line = this.bodyIndents.length > 0 && this.mode !== 'front-matter' ? this.dedent(raw) : raw;
		switch (this.mode) {
			case 'start':
				if (line.trim() === '---') {
					this.mode = 'front-matter';
					this.frontMatterLine = lineNumber;
					return;
				}
				this.mode = 'body';
				break;
			case 'front-matter':
				if (line.trim() === '---' || line.trim() === '...') {
					this.readFrontMatter(lineNumber);
					this.mode = 'body';
					return;
				}
				this.frontMatter.push(line);
				if (this.frontMatter.length > maxFrontMatterLines) {
					// Not front matter after all: a long document that starts with a rule.
					const lines = this.frontMatter.splice(0);
					this.mode = 'body';
					for (const [index, text] of lines.entries()) this.push(text, this.frontMatterLine + index + 1);
				}
				return;
			case 'fence': {
				const close = fenceOpen.exec(line);
				if (close && close[1]![0] === this.fenceMarker[0] && close[1]!.length >= this.fenceMarker.length && line.trim() === close[1]) {
					this.fence.push(line);
					append(this.current.units, documentUnits('code', 'code', this.fence.join('\n')));
					this.fence = [];
					this.mode = 'body';
				} else this.fence.push(line);
				return;
			}
			case 'body':
				break;
		}
		if (this.readMarkup(line)) return;
		this.flushMarkup();
		const fence = fenceOpen.exec(line);
		if (fence) {
			this.flushParagraph();
			this.mode = 'fence';
			this.fenceMarker = fence[1]!;
			this.fence = [line];
			return;
		}
		const heading = atxHeading.exec(line);
		if (heading) {
			this.heading(heading[1]!.length, plainText(heading[2] ?? '') || '(untitled section)');
			return;
		}
		if (line.trim() === '') {
			this.flushParagraph();
			return;
		}
		const rule = setextRule.exec(line);
		if (rule && this.paragraph.length === 1 && this.paragraphKind === 'prose') {
			const title = plainText(this.paragraph[0]!);
			this.paragraph = [];
			this.heading(rule[1]![0] === '=' ? 1 : 2, title || '(untitled section)');
			return;
		}
		if (rule && this.paragraph.length === 0) return; // a thematic break
		const isTable = tableRow.test(line);
		if (this.paragraph.length > 0 && (isTable ? 'table' : 'prose') !== this.paragraphKind) this.flushParagraph();
		if (this.paragraph.length === 0) this.paragraphKind = isTable ? 'table' : 'prose';
		this.paragraph.push(line);
		// A paragraph with no blank line for a long stretch is cut, so memory stays bounded per block.
		if (this.paragraph.length >= 400) this.flushParagraph();
	}

	finish(): ParsedSource {
		if (this.mode === 'front-matter') {
			// An unclosed front matter: it was text all along.
			const lines = this.frontMatter.splice(0);
			this.mode = 'body';
			this.paragraph.push('---');
			for (const text of lines) this.push(text);
		}
		if (this.mode === 'fence' && this.fence.length > 0) append(this.current.units, documentUnits('code', 'code', this.fence.join('\n')));
		this.fence = [];
		this.flushParagraph();
		this.flushMarkup();
		// A page names itself in its front matter, else by its one top heading (after imports, badges
		// or a target label), else by its navigation label; several top headings name parts, not the page.
		if (!this.facts.title) {
			const title = this.onlyTopHeading() ?? this.navTitle;
			if (title && title !== '(untitled section)') this.facts.title = title;
		}
		return {flavor: 'document', facts: this.facts, root: this.root};
	}
}
