import {describe, expect, it} from 'vitest';
import {isHeadingLine, TextReader} from '../../../source/ingest/formats/plain-text.js';
import {buildTopics} from '../../../source/ingest/tree/build-topics.js';
import {readWith} from './read.js';

describe('TextReader', () => {
	it('takes a short first line as the title, paragraphs as units', () => {
		const source = readWith('fixtures/docs/field-notes.txt', new TextReader());
		expect(source.facts.title).toBe('Field notes — Porto trip, 3–4 March 2026. Ana Lima');
		// The title line opens the first paragraph's unit: twelve units.
		expect(source.root.units).toHaveLength(12);
		expect(source.root.units[0]!.blocks[0]!.role).toBe('heading');
	});

	it('finds the three subjects by lexical cohesion', () => {
		const source = readWith('fixtures/docs/field-notes.txt', new TextReader());
		const root = buildTopics(source);
		expect(root.children).toHaveLength(3);
		const starts = root.children.map((topic) => topic.units[0]!.blocks.at(-1)!.text.slice(0, 20));
		expect(starts[1]).toBe('In the afternoon we ');
		expect(starts[2]).toBe('Back at the hotel in');
	});

	it('recognizes heading-like lines', () => {
		expect(isHeadingLine('Day 3 — the river crossing')).toBe(true);
		expect(isHeadingLine('This is a sentence.')).toBe(false);
		expect(isHeadingLine('- a list item')).toBe(false);
		expect(isHeadingLine('lowercase start')).toBe(false);
	});
});
