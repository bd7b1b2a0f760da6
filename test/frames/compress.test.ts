import {describe, expect, it} from 'vitest';
import {compressFindings, detectIssue} from '../../source/frames/plan/compress.js';

describe('compressing findings into a return payload', () => {
	it('keeps the lead paragraphs and drops the detail sections after a heading', () => {
		expect(compressFindings('<!-- note -->\nFirst.\n\nSecond.\n\n## Detail\n\nLong detail.')).toBe('First.\n\nSecond.');
		expect(compressFindings('## Summary\n\nThe lead.\n\n## More\n\nDetail.')).toBe('The lead.');
	});

	it('cuts at the last sentence that fits the budget', () => {
		const text = `${'A short sentence. '.repeat(50)}`;
		const payload = compressFindings(text, 200);
		expect(payload.length).toBeLessThanOrEqual(200);
		expect(payload.endsWith('sentence.')).toBe(true);
	});

	it('cuts a sentence longer than the budget at a word, with an ellipsis', () => {
		const payload = compressFindings(`${'word '.repeat(200)}`, 120);
		expect(payload.length).toBeLessThanOrEqual(121);
		expect(payload).toMatch(/^word( word)*…$/u);
	});

	it('notices findings that report an error or a surprise', () => {
		expect(detectIssue('The job failed twice.')).toBe('findings mention "failed"');
		expect(detectIssue('Unexpectedly, the cache was cold.')).toBe('findings mention "unexpectedly"');
		expect(detectIssue('All good: the cache is warm.')).toBeUndefined();
	});
});
