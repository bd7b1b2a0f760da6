import {expect, it} from 'vitest';
import {markdownToHtml} from '../../source/act/export/markdown-html.js';
import {escapeMarkdownLine, nestHeadings} from '../../source/act/export/markdown.js';

it('the Markdown export keeps && as written and puts an answer’s own headings below the request they answer', () => {
	expect(escapeMarkdownLine('cd api && npm test')).toBe('cd api && npm test');
	expect(escapeMarkdownLine('a &amp; b')).toBe('a &amp;amp; b');
	expect(nestHeadings('## Run locally\n\n```sh\n# a comment, not a heading\n```\n### Notes', 2)).toBe('#### Run locally\n\n```sh\n# a comment, not a heading\n```\n##### Notes');
	expect(nestHeadings('##### Deep', 2)).toBe('**Deep**');
});

it('the HTML export renders an agent’s Markdown: headings below the section, clickable links, no raw HTML, no script links, images never loaded', () => {
	const html = markdownToHtml('## Run locally\n**1. Drag-and-drop** the file, see [the docs](https://example.com/docs).\n<img src=x onerror=alert(1)> [x](javascript:alert(1)) ![logo](https://tracker.example/p.gif)', 2);
	expect(html).toContain('<h4>Run locally</h4>');
	expect(html).toContain('<strong>1. Drag-and-drop</strong>');
	expect(html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer nofollow">the docs</a>');
	expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
	expect(html).not.toMatch(/href="javascript:|<img/u);
	expect(html).toContain('[image: logo]');
});
