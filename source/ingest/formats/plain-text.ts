import type {ParsedSource, SourceFacts, Unit} from '../model.js';
import {documentUnits} from './blocks.js';
import {append} from '../../core/arrays.js';

const maxHeadingChars = 72;
const underline = /^\s*(?:={3,}|-{3,}|~{3,}|\*{3,})\s*$/u;

/** A line that reads as a heading: short, capitalized or numbered, not ending like a sentence. */
export function isHeadingLine(line: string): boolean {
	const text = line.trim();
	if (text.length < 3 || text.length > maxHeadingChars) return false;
	if (/[.,;!?…"”)]$/u.test(text) && !/^\d+(?:\.\d+)*\.?\s/u.test(text)) return false;
	if (!/^[\p{Lu}\p{N}]/u.test(text)) return false;
	if (/^[-*+•>|]/u.test(text)) return false;
	const words = text.split(/\s+/u);
	if (words.length > 12) return false;
	return /\p{L}{2}/u.test(text);
}

/**
 * Plain text: paragraphs separated by blank lines become units; a short heading-like paragraph
 * (a title line, "Day 3 — the crossing", an underlined line) starts the unit after it and names it.
 */
export class TextReader {
	private readonly units: Unit[] = [];
	private paragraph: string[] = [];
	private pendingHeading: string | undefined;
	readonly facts: SourceFacts = {};

	private flush(): void {
		if (this.paragraph.length === 0) return;
		const lines = this.paragraph;
		this.paragraph = [];
		const text = lines.join('\n').replace(/\s+$/u, '');
		if (text.trim() === '') return;
		const single = lines.length === 1 || (lines.length === 2 && underline.test(lines[1]!));
		// The first line of a text, alone and short, is its title even when it ends with a full stop.
		const titleLine = this.units.length === 0 && this.pendingHeading === undefined && lines.length === 1 && lines[0]!.trim().length <= 100;
		if (single && (isHeadingLine(lines[0]!) || titleLine)) {
			if (this.pendingHeading !== undefined) this.units.push({blocks: [{role: 'text', kind: 'prose', text: this.pendingHeading}]});
			this.pendingHeading = lines[0]!.trim();
			this.pendingRaw = text;
			return;
		}
		const units = documentUnits('text', 'prose', text);
		if (this.pendingHeading !== undefined) {
			units[0] = {heading: this.pendingHeading, blocks: [{role: 'heading', kind: 'prose', text: this.pendingRaw}, ...units[0]!.blocks]};
			this.pendingHeading = undefined;
		}
		append(this.units, units);
	}

	private pendingRaw = '';

	push(line: string): void {
		if (line.trim() === '') {
			this.flush();
			return;
		}
		this.paragraph.push(line);
		if (this.paragraph.length >= 400) this.flush();
	}

	finish(): ParsedSource {
		this.flush();
		if (this.pendingHeading !== undefined) this.units.push({blocks: [{role: 'text', kind: 'prose', text: this.pendingRaw}]});
		// A first line that is a heading names the whole text.
		const first = this.units[0];
		if (first?.heading && !this.facts.title) {
			this.facts.title = first.heading.replace(/[.:;,]+$/u, '');
			delete first.heading;
		}
		return {flavor: 'document', facts: this.facts, root: {units: this.units, children: []}};
	}
}
