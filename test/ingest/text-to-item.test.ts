import {describe, expect, it} from 'vitest';
import {textToItem} from '../../source/ingest/text-to-item.js';

const text = `Glaciers advance and retreat with the balance between snowfall and melt. In the Alps most glaciers have lost a third of their volume since 2000, and the moraines they left mark where the ice stood.

Invoices in Portugal must be certified by the tax authority's software rules. A credit note can only refer to an invoice that was already certified, and partial credit notes must name the lines they correct.`;

describe('textToItem', () => {
	it('makes a valid item through the text path, with the given title, id and time', () => {
		const item = textToItem({namespace: 'eval', itemId: 'doc-17', title: 'Two unrelated notes', text, generatedAt: '2024-05-01T00:00:00Z'});
		expect(item).toMatchObject({namespace: 'eval', item_id: 'doc-17', title: 'Two unrelated notes', generated_at: '2024-05-01T00:00:00.000Z'});
		expect(item.nodes[0]!.title).toBe('Two unrelated notes');
		expect(item.tldr.length).toBeGreaterThan(30);
		expect(item.nodes[0]!.keywords.length).toBeGreaterThan(3);
		expect(item.spans.map((span) => span.text).join('\n\n')).toBe(text);
	});

	it('is deterministic, and dates an undated document at the epoch', () => {
		const a = textToItem({namespace: 'eval', itemId: 'x', title: 'T', text});
		const b = textToItem({namespace: 'eval', itemId: 'x', title: 'T', text});
		expect(a).toEqual(b);
		expect(a.generated_at).toBe('1970-01-01T00:00:00.000Z');
	});

	it('is cheap enough for thousands of documents', () => {
		const started = process.cpuUsage();
		for (let i = 0; i < 200; i++) textToItem({namespace: 'eval', itemId: `d${i}`, title: `Doc ${i}`, text});
		const used = process.cpuUsage(started);
		// Not a timing assertion: a sanity bound two orders of magnitude above what it takes.
		expect((used.user + used.system) / 1000 / 200).toBeLessThan(100);
	});

	it('reads a markdown page as drill ingest reads a .md file: its headings are sections, its lead its TLDR', () => {
		const page = '# Glaciers\n\nGlaciers advance and retreat with the balance between snowfall and melt.\n\n## Invoices\n\nInvoices in Portugal must be certified by the tax authority\'s software rules. A credit note can only refer to an invoice that was already certified.';
		const item = textToItem({namespace: 'eval', itemId: 'm', title: '', text: page, format: 'markdown'});
		expect(item.title).toBe('Glaciers');
		expect(item.tldr).toBe('Glaciers advance and retreat with the balance between snowfall and melt.');
		expect(item.nodes.map((node) => node.title)).toContain('Invoices');
	});
});

