import {cpSync, existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {frameStatus, retrospect} from '../../source/frames/index.js';
import {createRuntime} from '../../source/runtime.js';
import {tempDir} from '../helpers/cli.js';
import {buildDrillsFixture} from './fixture-tree.js';

const fixture = path.resolve('fixtures/drills');

function tree(root: string): Map<string, string> {
	const out = new Map<string, string>();
	const visit = (rel: string) => {
		for (const entry of readdirSync(path.join(root, rel), {withFileTypes: true})) {
			const child = rel ? `${rel}/${entry.name}` : entry.name;
			if (entry.isDirectory()) visit(child);
			else out.set(child, readFileSync(path.join(root, child), 'utf8'));
		}
	};
	visit('');
	return out;
}

describe('fixtures/drills', () => {
	it('is exactly what the fixture builder makes (UPDATE_DRILLS_FIXTURE=1 rewrites it)', async () => {
		const built = tempDir('drill-fixture-');
		await buildDrillsFixture(built);
		if (process.env.UPDATE_DRILLS_FIXTURE) {
			rmSync(fixture, {recursive: true, force: true});
			cpSync(built, fixture, {recursive: true});
		}
		expect(existsSync(fixture)).toBe(true);
		const expected = tree(built);
		const actual = tree(fixture);
		expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
		for (const [file, text] of expected) expect(actual.get(file), file).toBe(text);
	});

	it('shows an open frame with a path, an objective and a pending plan', () => {
		const status = frameStatus(fixture);
		expect(status.path.map((frame) => frame.slug)).toEqual(['release-notes', 'changelog-gaps']);
		expect(status.objective).toBe('Which merged PRs are missing from CHANGELOG.md?');
		expect(status.pending_plan).toMatchObject({source: 'open-frames', by_sink: {'agentic-documents': 1}});
		expect(status.counts).toEqual({drills: 7, open: 2, closed: 5});
		expect(status.problems).toEqual([]);
	});

	it('holds a closed root whose merged plan deduped one action from three depths', async () => {
		const result = await retrospect(fixture);
		expect(result.objective).toBe('Why does GET /orders return 502 under load?');
		const code = result.actions.find((action) => action.sink === 'code' && /index/u.test(action.action))!;
		expect(code.from).toHaveLength(3);
		expect(code.evidence).toBe('services/api/db/schema.sql:3');
		expect(result.actions.map((action) => action.sink)).toEqual(['workaround', 'code', 'memory', 'backlog', 'code', 'agentic-documents']);
		expect(result.applied).toBe(false);
	});

	it('walks as the drills domain', () => {
		const config = {storePath: path.join(tempDir(), 'none.db'), knowledgeDir: fixture, drillsRoot: fixture};
		const roots = createRuntime(config).domains.walk('drills', '', 'summary');
		expect(roots.children.map((child) => child.name)).toEqual(['api-debug', 'release-notes (open)']);
		expect(roots.children[0]!.summary).toContain('Missing index on orders.customer_id');
		expect(roots.children[1]!.summary).toBe('Draft the 2.4 release notes');
	});
});
