import {describe, expect, it} from 'vitest';
import {addTerms} from '../../source/text/summary-words.js';
import {stemmedTerms} from '../../source/text/index-words.js';
import {forgetIndexTerms, indexBagOf, keepIndexTerms, keptIndexTexts, type IndexTerm} from '../../source/text/shared-terms.js';
import {bagMap, bagOfTerms, TermIds} from '../../source/text/term-bags.js';
import {unitTerms} from '../../source/ingest/tree/unit-terms.js';

/** The index terms the summarizer takes of an ASCII text as it reads it for its topics. */
function sharedTerms(text: string): string[] {
	const index: IndexTerm[] = [];
	addTerms(text, new Map(), 1, undefined, index);
	return index.map((term) => term.term);
}

describe('a text tokenized once for the summary and the index', () => {
	it('gives the index terms stemmedTerms gives, joined words split as FTS5 splits them', () => {
		const texts = [
			"Raise max_connections; single-flight retries don't help. The DB's pool (2048 slots) is 12345678 wide.",
			'convert.test.ts --watch a_b_c x-y I O 0x7f3a 99999 connections_were_pooled',
			"it's the 'quoted' words-- and -dangling_ joiners' ___ ---",
			'',
		];
		for (const text of texts) expect(sharedTerms(text)).toEqual(stemmedTerms(text));
	});

	it('leaves a block’s terms for its span’s counts, which take them once and give the same bag', () => {
		forgetIndexTerms();
		const text = 'Retry storms traced to max_connections: the pool-size limit, retried.';
		const ids = new TermIds();
		const expected = bagMap(bagOfTerms(stemmedTerms(text), ids), ids);
		unitTerms({blocks: [{kind: 'prose', role: 'user', text}]} as never);
		expect(keptIndexTexts()).toBe(1);
		const other = new TermIds();
		other.id('pool');
		expect(bagMap(indexBagOf(text, other), other)).toEqual(expected);
		expect(keptIndexTexts()).toBe(0);
		// Read again: counted from the text, the same.
		expect(bagMap(indexBagOf(text, ids), ids)).toEqual(expected);
	});

	it('does not share text of other scripts, a tool call’s arguments, or a cut digest', () => {
		forgetIndexTerms();
		unitTerms({blocks: [{kind: 'prose', role: 'user', text: 'naïve café'}, {kind: 'tool', role: 'tool_call', text: 'status: done'}, {kind: 'tool', role: 'tool_result', text: 'x '.repeat(400)}]} as never);
		expect(keptIndexTexts()).toBe(0);
	});

	it('a kept text forgotten when the next source starts is read again', () => {
		forgetIndexTerms();
		const terms = sharedTermObjects('kept words here');
		keepIndexTerms('kept words here', terms);
		expect(keptIndexTexts()).toBe(1);
		forgetIndexTerms();
		expect(keptIndexTexts()).toBe(0);
		const ids = new TermIds();
		expect(bagMap(indexBagOf('kept words here', ids), ids)).toEqual(new Map([['kept', 1], ['word', 1]]));
	});
});

function sharedTermObjects(text: string): IndexTerm[] {
	const index: IndexTerm[] = [];
	addTerms(text, new Map(), 1, undefined, index);
	return index;
}

describe('which sources share', () => {
	it('a source described with sharing off keeps nothing', () => {
		forgetIndexTerms(false);
		unitTerms({blocks: [{kind: 'prose', role: 'assistant', text: 'Plain ASCII prose of a session.'}]} as never);
		expect(keptIndexTexts()).toBe(0);
		forgetIndexTerms();
		unitTerms({blocks: [{kind: 'prose', role: 'user', text: 'Plain ASCII prose of a page.'}]} as never);
		expect(keptIndexTexts()).toBe(1);
		forgetIndexTerms();
	});
});
