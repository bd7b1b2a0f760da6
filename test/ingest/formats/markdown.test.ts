import {describe, expect, it} from 'vitest';
import {MarkdownReader} from '../../../source/ingest/formats/markdown.js';
import type {Section, SourceProblem} from '../../../source/ingest/model.js';
import {readWith} from './read.js';

function outline(section: Section, depth = 0): string[] {
	return [...(section.heading ? [`${'  '.repeat(depth)}${section.heading}`] : []), ...section.children.flatMap((child) => outline(child, depth + (section.heading ? 1 : 0)))];
}

function read(text: string, problems: SourceProblem[] = []) {
	const reader = new MarkdownReader(problems);
	text.split('\n').forEach((line, index) => reader.push(line, index + 1));
	return reader.finish();
}

describe('MarkdownReader', () => {
	it('reads front matter with a YAML parser and headings as the section tree', () => {
		const source = readWith('fixtures/docs/incident-review.md', new MarkdownReader([]));
		expect(source.facts.title).toMatch(/^Incident review: checkout latency and 502s/u);
		expect(source.facts.generatedAt).toBe('2026-11-27T00:00:00.000Z');
		// The folded `summary:` becomes one string.
		expect(source.facts.tldr).toMatch(/^For 38 minutes on 27 November/u);
		expect(source.facts.tldr).not.toContain('\n');
		const headings = outline(source.root);
		expect(headings).toContain('      Retry storm');
		expect(headings[0]).toMatch(/^Incident review/u);
		expect(source.root.units[0]!.blocks[0]!.role).toBe('front_matter');
	});

	it('keeps code fences and tables as code, paragraphs as prose', () => {
		const source = read('# T\n\nA paragraph\nwrapped.\n\n```sh\n# not a heading\nls\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
		const blocks = source.root.children[0]!.units.flatMap((unit) => unit.blocks);
		expect(blocks.map((block) => [block.role, block.kind])).toEqual([
			['text', 'prose'],
			['code', 'code'],
			['text', 'code'],
		]);
		expect(source.root.children[0]!.children).toHaveLength(0);
	});

	it('reads setext headings and ignores thematic breaks', () => {
		const source = read('Title\n=====\n\nIntro.\n\n---\n\nPart\n----\n\nBody.');
		expect(outline(source.root)).toEqual(['Title', '  Part']);
	});

	it('keeps a front matter it cannot parse as text, and says so', () => {
		const problems: SourceProblem[] = [];
		const source = read('---\ntitle: [unclosed\n---\n# Heading\n\nText.', problems);
		expect(problems[0]!.reason).toMatch(/front matter is not valid YAML/u);
		expect(problems[0]!.line).toBe(1);
		// Named by its one top heading, never by the broken front matter.
		expect(source.facts.title).toBe('Heading');
		expect(source.root.units[0]!.blocks[0]!.text).toContain('title: [unclosed');
	});
});
