import {describe, expect, it} from 'vitest';
import {parseMarkdownUnit} from '../../source/text/markdown-unit.js';
import {parseDrillText} from '../../source/frames/files/drill-file.js';
import {frontMatterOf} from '../../source/text/front-matter.js';

describe('front matter', () => {
	it.each([
		['--- closes it', '---\ntitle: A\n---\nBody', {yaml: 'title: A', body: 'Body'}],
		['... (YAML end of document) closes it', '---\ntitle: A\n...\nBody', {yaml: 'title: A', body: 'Body'}],
		['a byte-order mark, CRLF lines and trailing blanks', '\uFEFF--- \r\ntitle: A\r\n---\t\r\nBody', {yaml: 'title: A', body: 'Body'}],
		['an empty block', '---\n---\nBody', {yaml: '', body: 'Body'}],
		['the block alone', '---\na: 1\n...', {yaml: 'a: 1', body: ''}],
		['the first closing line ends it', '---\na: 1\n---\ntext\n---\nmore', {yaml: 'a: 1', body: 'text\n---\nmore'}],
	])('%s', (_, text, expected) => {
		expect(frontMatterOf(text)).toEqual(expected);
	});

	it.each([
		['no opening line', 'title: A\n---\nBody'],
		['a rule later in the text', 'Intro\n\n---\n\nMore'],
		['no closing line', '---\ntitle: A\nBody'],
		['four dashes', '----\na: 1\n----\n'],
	])('none with %s', (_, text) => {
		expect(frontMatterOf(text)).toBeUndefined();
	});

	it('is the same for knowledge units and drill files, which both accept ... as the closing line', () => {
		const unit = parseMarkdownUnit('---\ntitle: Pools\nsummary: How we size pools.\n...\n# Ignored\n\nBody.');
		expect(unit.summary).toBe('How we size pools.');
		expect(unit.body).toBe('# Ignored\n\nBody.');
		const drill = parseDrillText('---\nid: a1b2c3\nstatus: open\nobjective: Why 502?\n...\n\n# api-debug\n\n## Findings\n\nThe pool is capped.\n', {id: 'a1b2c3', name: 'x-a1b2c3-api', slug: 'api'});
		expect(drill.meta.objective).toBe('Why 502?');
		expect(drill.sections.get('Findings')).toBe('The pool is capped.');
	});
});
