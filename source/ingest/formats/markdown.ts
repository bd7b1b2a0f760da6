import {parse as parseYaml} from 'yaml';
import type {ParsedSource, Section, SourceFacts, SourceProblem} from '../model.js';
import {plainText} from '../../text/clean.js';
import {simpleYaml} from '../../text/simple-yaml.js';
import {documentUnits} from './blocks.js';
import {factDate} from './dates.js';

const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/u;
const fenceOpen = /^ {0,3}(`{3,}|~{3,})/u;
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
	readonly facts: SourceFacts = {};

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
		this.current.units.push(...documentUnits('text', kind, text));
	}

	private openSection(level: number, heading: string): void {
		this.flushParagraph();
		while (this.stack.length > 1 && this.stack[this.stack.length - 1]!.level >= level) this.stack.pop();
		const section: Section = {heading, units: [], children: []};
		this.current.children.push(section);
		this.stack.push({level, section});
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

	push(line: string, lineNumber = 0): void {
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
					this.current.units.push(...documentUnits('code', 'code', this.fence.join('\n')));
					this.fence = [];
					this.mode = 'body';
				} else this.fence.push(line);
				return;
			}
			case 'body':
				break;
		}
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
			this.openSection(heading[1]!.length, plainText(heading[2] ?? '') || '(untitled section)');
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
			this.openSection(rule[1]![0] === '=' ? 1 : 2, title || '(untitled section)');
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
		if (this.mode === 'fence' && this.fence.length > 0) this.current.units.push(...documentUnits('code', 'code', this.fence.join('\n')));
		this.fence = [];
		this.flushParagraph();
		return {flavor: 'document', facts: this.facts, root: this.root};
	}
}
