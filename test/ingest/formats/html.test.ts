import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {readHtml} from '../../../source/ingest/formats/html.js';
import type {Section} from '../../../source/ingest/model.js';

function text(section: Section): string {
	return [section.heading ?? '', ...section.units.flatMap((unit) => unit.blocks.map((block) => block.text)), ...section.children.map(text)].join('\n');
}

describe('readHtml', () => {
	const source = readHtml(readFileSync('fixtures/docs/blog-post.html', 'utf8'), []);
	const all = text(source.root);

	it('keeps the article, with its h2 sections as the tree', () => {
		expect(source.facts.title).toBe('Moving 40 services to PgBouncer transaction mode');
		expect(source.facts.generatedAt).toBe('2026-09-16T00:00:00.000Z');
		const headings = (section: Section): string[] => [...(section.heading ? [section.heading] : []), ...section.children.flatMap(headings)];
		expect(headings(source.root).length).toBeGreaterThanOrEqual(5);
		expect(all).toContain('max_prepared_statements');
		expect(all).toContain('```');
	});

	it('leaves out the page around it: cookies, newsletter, sidebar, footer, scripts', () => {
		expect(all).not.toMatch(/cookie/iu);
		expect(all).not.toMatch(/newsletter|subscribe/iu);
		expect(all).not.toMatch(/related posts/iu);
		expect(all).not.toMatch(/gtag|dataLayer/u);
	});
});
