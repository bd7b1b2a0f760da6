import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {KnowledgeDrillable} from '../../source/domains/knowledge.js';
import {firstParagraph, parseMarkdownUnit} from '../../source/text/markdown-unit.js';
import {tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {fixturesDir} from '../helpers/fixture-store.js';

function knowledge(files: Record<string, string>): KnowledgeDrillable {
	const root = tempDir();
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
		writeFileSync(path.join(root, file), text);
	}
	return new KnowledgeDrillable(root);
}

describe('markdown units', () => {
	it('takes the summary from front matter, else the first paragraph', () => {
		expect(parseMarkdownUnit('---\ntitle: Pools\nsummary: How we size pools.\n---\n# Ignored\n\nBody.').summary).toBe('How we size pools.');
		expect(parseMarkdownUnit('---\ndescription: >\n  Folded\n  text.\n---\nBody.').summary).toBe('Folded text.');
		expect(parseMarkdownUnit('# Title\n\n<!-- note -->\n```sh\ncode\n```\nThe **first** [real](x.md) paragraph\ncontinues.\n\nSecond.').summary).toBe('The first real paragraph continues.');
		expect(parseMarkdownUnit('# Title\n\nBody').title).toBe('Title');
	});

	it('keeps text whole when the front matter is not YAML', () => {
		const unit = parseMarkdownUnit('---\n: : [unclosed\n---\nBody text.');
		expect(unit.meta).toEqual({});
		expect(unit.body).toContain('Body text.');
	});

	it('bounds a summary', () => {
		expect(firstParagraph('word '.repeat(500)).length).toBeLessThanOrEqual(400);
	});
});

describe('the knowledge domain', () => {
	it('treats folders as units with their own text and children, and files and folders of one name as one unit', () => {
		const domain = knowledge({
			'runbooks/index.md': '# Runbooks\n\nHow we operate.',
			'runbooks/postgres.md': '---\nsummary: Postgres pages.\n---\n# Postgres\n',
			'runbooks/postgres/pool.md': '# Pool\n\nSizing the pool.',
			'glossary.md': 'Terms we use.',
			'notes/plain.md': 'Plain.',
			'.hidden.md': 'hidden',
			'image.png': 'not markdown',
		});
		const root = domain.get('', 'summary');
		expect(root.children.map((child) => [child.node_id, child.has_children])).toEqual([
			['glossary', false],
			['notes', true],
			['runbooks', true],
		]);
		const runbooks = domain.get('runbooks', 'summary');
		expect(runbooks).toMatchObject({kind: 'folder', title: 'Runbooks', summary: 'How we operate.', parent_id: ''});
		expect(runbooks.children).toEqual([{node_id: 'runbooks/postgres', name: 'Postgres', has_children: true, child_count: 1, summary: 'Postgres pages.'}]);
		const pool = domain.get('runbooks/postgres/pool', 'full');
		expect(pool.breadcrumbs).toEqual([
			{node_id: '', title: 'knowledge'},
			{node_id: 'runbooks', title: 'Runbooks'},
			{node_id: 'runbooks/postgres', title: 'Postgres'},
		]);
		expect(pool.content).toContain('Sizing the pool.');
		expect(domain.get('runbooks/postgres/pool.md', 'index').node_id).toBe('runbooks/postgres/pool');
		expect(domain.get('runbooks', 'full').content).toContain('--- runbooks/postgres/pool ---');
	});

	it.each([
		['../x', 'outside_root'],
		['/etc/passwd', 'outside_root'],
		['a/../../b', 'outside_root'],
		['C:/Windows', 'outside_root'],
		['a\u0000b', 'bad_node_id'],
		['a\\..\\b', 'bad_node_id'],
		['./a', 'bad_node_id'],
		['a//b', 'bad_node_id'],
		['missing', 'not_found'],
	])('refuses %j with %s', (id, code) => {
		expect(drillErrorOf(() => knowledge({'a.md': 'A'}).get(id, 'index')).code).toBe(code);
	});

	it('says when the folder itself is missing', () => {
		expect(drillErrorOf(() => new KnowledgeDrillable('/nonexistent/knowledge').get('', 'index')).line).toMatch(/knowledge folder .* does not exist; point --knowledge at a folder/u);
	});

	it('walks the whole fixture knowledge base', () => {
		const domain = new KnowledgeDrillable(path.join(fixturesDir, 'knowledge'));
		const queue = [''];
		let units = 0;
		let deepest = 0;
		while (queue.length > 0) {
			const view = domain.get(queue.shift()!, 'summary');
			units++;
			deepest = Math.max(deepest, view.breadcrumbs.length);
			for (const child of view.children) queue.push(child.node_id);
		}
		expect(units).toBeGreaterThan(20);
		expect(deepest).toBeGreaterThanOrEqual(2);
	});
});
