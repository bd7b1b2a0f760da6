import {mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {drillDown, drillUp, frameStatus, repairFrames} from '../../source/frames/index.js';
import {createRuntime} from '../../source/runtime.js';
import {tempDir} from '../helpers/cli.js';
import {action, project} from '../frames/helpers.js';
import {drillErrorOf} from '../helpers/errors.js';

async function sample() {
	const config = project();
	const root = await drillDown(config, {slug: 'api-debug', objective: 'Why 502?'});
	const child = await drillDown(config, {slug: 'db-optim', objective: 'Which query?'});
	await drillUp(config, {findings: 'The orders query scans 4M rows.', plan: [action()]});
	const open = await drillDown(config, {slug: 'retry', objective: 'Do retries amplify?'});
	const drillables = createRuntime({storePath: path.join(tempDir(), 'unused.db'), knowledgeDir: tempDir(), drillsRoot: config.drillsRoot}).domains;
	return {config, root, child, open, drillables};
}

const refusal = drillErrorOf;

describe('the drills domain', () => {
	it('lists root drills at "" and nested drills under a sha', async () => {
		const {root, child, open, drillables} = await sample();
		expect(drillables.availableDomains()).toContain('drills');
		const top = drillables.walk('drills', '');
		expect(top).toMatchObject({domain: 'drills', node_id: '', title: 'drills', kind: 'root', parent_id: null, breadcrumbs: [], children_total: 1});
		expect(top.children).toEqual([{node_id: root.drill.id, name: 'api-debug (open)', has_children: true, child_count: 2}]);
		const view = drillables.walk('drills', root.drill.id, 'summary');
		expect(view).toMatchObject({node_id: root.drill.id, title: 'api-debug', kind: 'drill', parent_id: '', summary: 'Why 502?', breadcrumbs: [{node_id: '', title: 'drills'}]});
		expect(view.children).toEqual([
			{node_id: child.drill.id, name: 'db-optim', has_children: false, child_count: 0, summary: 'The orders query scans 4M rows.'},
			{node_id: open.drill.id, name: 'retry (open)', has_children: false, child_count: 0, summary: 'Do retries amplify?'},
		]);
		const leaf = drillables.walk('drills', child.drill.id.toUpperCase(), 'summary');
		expect(leaf).toMatchObject({node_id: child.drill.id, parent_id: root.drill.id, breadcrumbs: [{node_id: '', title: 'drills'}, {node_id: root.drill.id, title: 'api-debug'}]});
	});

	it('shows the drill file, its documents and nested drills at full depth, bounded', async () => {
		const {config, root, child, drillables} = await sample();
		mkdirSync(path.join(config.drillsRoot, root.drill.path, 'notes'));
		writeFileSync(path.join(config.drillsRoot, root.drill.path, 'notes', 'notes.md'), '# Notes\n\npool max 10\n');
		const full = drillables.walk('drills', root.drill.id, 'full');
		expect(full.content).toMatch(/^---\nid: /u);
		expect(full.content).toContain(`--- document ${root.drill.path}/notes/notes.md ---\n# Notes`);
		expect(full.content).toContain(`--- drill ${child.drill.id} ${child.drill.path} ---`);
		expect(full.truncated).toBe(false);
		const cut = drillables.walk('drills', root.drill.id, 'full', {maxChars: 50});
		expect(cut.content).toHaveLength(50);
		expect(cut.truncated).toBe(true);
	});

	it('refuses ids that are not shas, and shas that are not there', async () => {
		const {drillables} = await sample();
		for (const id of ['../../etc', 'a1b2c3/..', '/tmp', 'a1b2c', 'g1b2c3', 'a1b2c3#n1']) expect(refusal(() => drillables.walk('drills', id)).code, id).toBe('bad_node_id');
		const missing = refusal(() => drillables.walk('drills', 'abcdef'));
		expect(missing.code).toBe('not_found');
		expect(missing.hint).toContain("drill walk drills ''");
	});

	it('never follows a link out of the tree', async () => {
		const {config, drillables} = await sample();
		const outside = tempDir();
		mkdirSync(path.join(outside, '2026-01-01-000000-fedcba-secret'));
		writeFileSync(path.join(outside, '2026-01-01-000000-fedcba-secret', '2026-01-01-000000-fedcba-secret.md'), '---\nid: fedcba\n---\nsecret\n');
		symlinkSync(path.join(outside, '2026-01-01-000000-fedcba-secret'), path.join(config.drillsRoot, '.drills', '2026-01-01-000000-fedcba-secret'));
		expect(drillables.walk('drills', '').children.map((child) => child.node_id)).not.toContain('fedcba');
		expect(refusal(() => drillables.walk('drills', 'fedcba')).code).toBe('not_found');
	});

	it('reads no file through a link that leads out of the drills root: documents, drill files, the cursor', async () => {
		const {config, root, child, open, drillables} = await sample();
		const secret = path.join(tempDir(), 'secret.txt');
		writeFileSync(secret, 'the-secret-line\n');
		const ctx = path.join(config.drillsRoot, root.drill.path, 'ctx');
		mkdirSync(ctx);
		symlinkSync(secret, path.join(ctx, 'ctx.md'));
		const childFile = path.join(config.drillsRoot, child.drill.file);
		rmSync(childFile);
		symlinkSync(secret, childFile);
		const full = drillables.walk('drills', root.drill.id, 'full');
		expect(full.content).not.toContain('the-secret-line');
		expect(full.content).toContain(`--- document ${root.drill.path}/ctx/ctx.md ---\n(not shown: `);
		expect(full.content).toContain('is a symbolic link to a file outside the drills root');
		expect(drillables.walk('drills', child.drill.id, 'summary').summary).not.toContain('the-secret-line');
		// A link that stays inside the root is read as the file it points at.
		symlinkSync(path.join(config.drillsRoot, root.drill.file), path.join(ctx, 'inside.md'));
		mkdirSync(path.join(config.drillsRoot, root.drill.path, 'inside'));
		symlinkSync(path.join(config.drillsRoot, root.drill.file), path.join(config.drillsRoot, root.drill.path, 'inside', 'inside.md'));
		expect(drillables.walk('drills', root.drill.id, 'full').content).toMatch(/--- document [^\n]*inside\/inside\.md ---\n---\nid: /u);
		// The cursor's line is never echoed from a file outside the root either.
		const cursor = path.join(config.drillsRoot, '.drills', 'cursor');
		rmSync(cursor);
		symlinkSync(secret, cursor);
		expect(JSON.stringify(drillables.walk('drills', '', 'full'))).not.toContain('the-secret-line');
		const broken = refusal(() => frameStatus(config));
		expect(broken.code).toBe('cursor_broken');
		expect(broken.message).toContain('is a symbolic link to a file outside the drills root');
		expect(broken.message).not.toContain('the-secret-line');
		const repaired = await repairFrames(config);
		expect(repaired.repaired.join('\n')).toContain('removed the cursor');
		expect(repaired.status.cursor).toBe(open.drill.id);
		expect(readFileSync(secret, 'utf8')).toBe('the-secret-line\n');
	});

	it('is empty, not an error, before the first drill', () => {
		const drillables = createRuntime({storePath: '', knowledgeDir: '', drillsRoot: tempDir()}).domains;
		expect(drillables.walk('drills', '', 'summary')).toMatchObject({children: [], children_total: 0, summary: '0 drills, 0 at the root'});
	});
});
