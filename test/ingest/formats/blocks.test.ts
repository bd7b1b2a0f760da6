import {describe, expect, it} from 'vitest';
import {capToolText, documentUnits, maxToolChars, pieces} from '../../../source/ingest/formats/blocks.js';

describe('pieces', () => {
	it('cuts at newlines, else spaces, else anywhere, losing only the separators', () => {
		const lines = Array.from({length: 200}, (_, i) => `line ${i} with some words`).join('\n');
		const parts = pieces(lines, 500);
		expect(parts.every((part) => part.length <= 501)).toBe(true);
		expect(parts.join('\n')).toBe(lines);
		const blob = 'x'.repeat(10_000);
		expect(pieces(blob, 1000).join('')).toBe(blob);
	});

	it('cuts a huge line with no break in linear time', () => {
		const blob = 'A'.repeat(8_000_000);
		const started = process.cpuUsage();
		const parts = pieces(blob, 4096);
		const used = process.cpuUsage(started);
		expect(parts.join('')).toBe(blob);
		// Not a timing assertion: quadratic scanning took minutes here.
		expect((used.user + used.system) / 1e6).toBeLessThan(20);
	});

	it('splits a long block into several units and keeps a short one whole', () => {
		expect(documentUnits('text', 'prose', 'short')).toHaveLength(1);
		expect(documentUnits('text', 'prose', 'word '.repeat(5000)).length).toBeGreaterThan(4);
	});

	it('keeps tool output up to the cap and says how much was cut', () => {
		const text = capToolText('y'.repeat(maxToolChars + 10));
		expect(text.startsWith('y'.repeat(maxToolChars))).toBe(true);
		expect(text.endsWith('[… cut: 10 more characters of tool output not kept]')).toBe(true);
		expect(capToolText('small')).toBe('small');
	});
});
