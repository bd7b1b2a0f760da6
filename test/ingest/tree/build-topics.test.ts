import {describe, expect, it} from 'vitest';
import type {ParsedSource, Unit} from '../../../source/ingest/model.js';
import {buildTopics, fanOut, groupTopics} from '../../../source/ingest/tree/build-topics.js';
import {newTopic, preorder} from '../../../source/ingest/tree/topic.js';
import {blockDigest} from '../../../source/ingest/tree/unit-terms.js';
import {describeSource} from '../../../source/ingest/build-item.js';

const unit = (text: string): Unit => ({blocks: [{role: 'text', kind: 'prose', text}]});

describe('groupTopics', () => {
	it('groups neighbours until no node has more than the fan-out, keeping order', () => {
		const leaves = Array.from({length: 1000}, (_, index) => newTopic({units: [unit(`leaf ${index}`)], bag: new Map([[`w${index % 7}`, 1]]), chars: 10}));
		const top = groupTopics(leaves);
		expect(top.length).toBeLessThanOrEqual(fanOut);
		const root = newTopic({units: [], children: top, bag: new Map(), chars: 0});
		const order = [...preorder(root)].filter((topic) => topic.children.length === 0);
		expect(order).toEqual(leaves);
		for (const topic of preorder(root)) expect(topic.children.length).toBeLessThanOrEqual(fanOut);
	});
});

describe('buildTopics', () => {
	it('makes headings the tree, and a lone top heading the item itself', () => {
		const source: ParsedSource = {
			flavor: 'document',
			facts: {},
			root: {
				units: [],
				children: [
					{
						heading: 'Guide',
						units: [unit('Intro text.')],
						children: [
							{heading: 'Install', units: [unit('Run the installer.')], children: []},
							{heading: 'Configure', units: [unit('Edit the file.')], children: []},
						],
					},
				],
			},
		};
		const root = buildTopics(source);
		expect(root.heading).toBe('Guide');
		expect(root.units).toHaveLength(1);
		expect(root.children.map((child) => child.heading)).toEqual(['Install', 'Configure']);
	});
});

describe('what a block counts toward its topic', () => {
	it('ends where a word ends: a word cut in half is never learned as a word, nor shown as a keyword', () => {
		// The code block's first 2,000 characters end inside "latency".
		const code = `${'x '.repeat(997)}latency ${'y '.repeat(600)}`;
		expect(blockDigest({role: 'code', kind: 'code', text: code})).toBe('x '.repeat(997));
		expect(blockDigest({role: 'code', kind: 'code', text: `${'x '.repeat(996)}a rate_limit b`})).toBe(`${'x '.repeat(996)}a `);
		const source: ParsedSource = {
			flavor: 'document',
			facts: {},
			root: {units: [unit('The latency of the gateway rose. Latency budgets matter for the gateway.'), {blocks: [{role: 'code', kind: 'code', text: `${'x '.repeat(994)}latency ${'y '.repeat(600)}`}]}], children: []},
		};
		const described = describeSource(source);
		const keywords = [...preorder(described.root)].flatMap((topic) => topic.keywords);
		expect(keywords).toContain('latency');
		expect(keywords).not.toContain('latenc');
	});

	it('samples prose to quote that ends with a whole word, also where no sentence ends', () => {
		// List items, no sentence end: the 800 characters sampled from the block end inside "latency".
		const text = `xxxxxxx\n${'- the big gateway latency rises\n'.repeat(40)}`;
		expect(text.slice(0, 800).endsWith('latenc')).toBe(true);
		const source: ParsedSource = {flavor: 'document', facts: {}, root: {units: [unit(text)], children: []}};
		const described = describeSource(source);
		const keywords = [...preorder(described.root)].flatMap((topic) => topic.keywords);
		expect(keywords).toContain('latency');
		expect(keywords).not.toContain('latenc');
	});
});
