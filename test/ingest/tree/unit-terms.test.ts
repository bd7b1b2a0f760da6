import {describe, expect, it} from 'vitest';
import {unitTerms} from '../../../source/ingest/tree/unit-terms.js';

describe('unitTerms', () => {
	it("counts a tool call's argument values, not its argument names", () => {
		// Real Claude Code sessions call TodoWrite with many todos: "content", "status" and "activeForm" became keywords.
		const call = 'TodoWrite\ntodos:\n  - content: Fix the tokenizer for quoted identifiers\n    status: pending\n    activeForm: Fixing the tokenizer\n  - content: Add a regression test\n    status: pending\n    activeForm: Adding a regression test';
		const {bag} = unitTerms({blocks: [{role: 'tool_call', kind: 'tool', text: call}]});
		const terms = [...bag.keys()];
		expect(terms).toEqual(expect.arrayContaining(['token', 'regress', 'pend']));
		expect(terms.filter((term) => /^(?:activeform|statu|content|todo$)/u.test(term))).toEqual([]);
		// The same words in what a person wrote still count.
		const prose = unitTerms({blocks: [{role: 'user', kind: 'prose', text: 'status: the content is pending'}]}).bag;
		expect([...prose.keys()]).toEqual(expect.arrayContaining(['statu', 'content']));
	});
});
