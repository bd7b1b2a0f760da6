import {describe, expect, it} from 'vitest';
import {containHeadings, parseDrillText, renderDrillDocument, sectionText} from '../../source/frames/files/drill-file.js';

const fallback = {id: 'a1b2c3', name: '2026-07-11-132105-a1b2c3-api-debug', slug: 'api-debug'};

const text = `---
id: a1b2c3
status: open
objective: Why 502?
owner_note: kept
---

# api-debug

> Why 502?

## Findings

The pool is capped.

\`\`\`md
## Evidence
not a section: inside a fence
\`\`\`

## Notes of my own
still part of Findings

## Evidence

- logs/api.log
`;

describe('the drill file', () => {
	it('reads front matter with defaults from the folder name', () => {
		const doc = parseDrillText(text, fallback);
		expect(doc.meta).toMatchObject({id: 'a1b2c3', name: fallback.name, slug: 'api-debug', parent: null, depth: 1, status: 'open', objective: 'Why 502?', scope: [], child_results: []});
		expect(doc.extra).toEqual({owner_note: 'kept'});
	});

	it('splits only at its own section headings, never inside a fence', () => {
		const doc = parseDrillText(text, fallback);
		expect([...doc.sections.keys()]).toEqual(['Findings', 'Evidence']);
		expect(sectionText(doc, 'Findings')).toContain('not a section: inside a fence');
		expect(sectionText(doc, 'Findings')).toContain('## Notes of my own');
		expect(sectionText(doc, 'Evidence')).toBe('- logs/api.log');
	});

	it('renders what it read, so hand edits survive a rewrite', () => {
		const doc = parseDrillText(text, fallback);
		const again = parseDrillText(renderDrillDocument(doc), fallback);
		expect(again.meta).toEqual(doc.meta);
		expect(again.extra).toEqual(doc.extra);
		expect(again.sections).toEqual(doc.sections);
		expect(again.preamble).toBe(doc.preamble);
	});

	it('demotes a line that would open one of its sections', () => {
		expect(containHeadings('## Evidence\n## Other\n### Findings')).toBe('### Evidence\n## Other\n### Findings');
	});

	it('refuses a file without front matter or with broken YAML, naming the file', () => {
		expect(() => parseDrillText('# just text', fallback, 'x.md')).toThrow(/x\.md has no front matter/u);
		expect(() => parseDrillText('---\nid: [\n---\n', fallback, 'x.md')).toThrow(/x\.md has malformed front matter/u);
	});
});
