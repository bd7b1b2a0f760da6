import {existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {parseDrillText, renderDrillDocument} from '../../source/frames/files/drill-file.js';
import {drillDown, drillUp, frameStatus, repairFrames} from '../../source/frames/index.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {action, project} from './helpers.js';

function statusError(run: () => unknown): DrillError {
	try {
		run();
	} catch (error) {
		return error as DrillError;
	}
	throw new Error('expected an error');
}

describe('drill status --repair', () => {
	it('finishes an up that stopped before the parent heard of it and before the cursor moved', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		const b = await drillDown(config, {slug: 'b', objective: 'B?'});
		const parentFile = path.join(config.drillsRoot, a.drill.file);
		const parentBefore = readFileSync(parentFile, 'utf8');
		await drillUp(config, {findings: 'B found.', plan: [action()]});
		// The crash: the child's file was written, the parent's and the cursor were not.
		writeFileSync(parentFile, parentBefore);
		writeFileSync(path.join(config.drillsRoot, '.drills', 'cursor'), `${b.drill.id}\n`);
		const error = statusError(() => frameStatus(config));
		expect(error.code).toBe('cursor_broken');
		expect(error.message).toBe(`the cursor points at drill ${b.drill.id}, which is already closed`);

		const result = await repairFrames(config);
		expect(result.repaired).toEqual([`handed closed drill ${b.drill.id} (b) over to its parent ${a.drill.id}`, `pointed the cursor at drill ${a.drill.id} (a) instead of "${b.drill.id}"`]);
		expect(result.status.problems).toEqual([]);
		expect(result.status.pending_plan.actions.map((merged) => merged.from)).toEqual([[b.drill.id]]);
		expect(readFileSync(parentFile, 'utf8')).toContain('B found.');
		expect((await repairFrames(config)).repaired).toEqual([]);
	});

	it('points the cursor at a drill created just before a crash, and sweeps temporary files', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		unlinkSync(path.join(config.drillsRoot, '.drills', 'cursor'));
		mkdirSync(path.join(config.drillsRoot, '.drills', '.tmp-2026-07-11-132106-abcdef-b-1-0'));
		writeFileSync(path.join(config.drillsRoot, a.drill.path, '.tmp-note.md-1-2'), 'half');
		const error = statusError(() => frameStatus(config));
		expect(error.message).toBe(`there is no .drills/cursor, but 1 drill is open (${a.drill.id})`);
		const result = await repairFrames(config);
		expect(result.repaired).toHaveLength(3);
		expect(result.repaired[2]).toBe(`pointed the cursor at drill ${a.drill.id} (a)`);
		expect(existsSync(path.join(config.drillsRoot, '.drills', '.tmp-2026-07-11-132106-abcdef-b-1-0'))).toBe(false);
		expect(frameStatus(config)).toMatchObject({cursor: a.drill.id, problems: []});
	});

	it('runs a missing post-drill merge, and indexes closed drills in the store again', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillUp(config, {findings: 'A found.', plan: [action()]});
		const file = path.join(config.drillsRoot, a.drill.file);
		const doc = parseDrillText(readFileSync(file, 'utf8'), a.drill);
		delete doc.meta.post_drill;
		doc.sections.delete('Merged Prevention Plan');
		writeFileSync(file, renderDrillDocument(doc));
		rmSync(path.dirname(config.storePath), {recursive: true});
		expect(frameStatus(config).problems).toEqual([`closed root drill ${a.drill.id} (a) has no merged prevention plan`]);

		const result = await repairFrames(config);
		expect(result.repaired).toEqual([`merged the prevention plans of root drill ${a.drill.id} (a)`]);
		expect(result.warnings).toEqual([]);
		expect(result.status.pending_plan).toMatchObject({source: 'closed-root', by_sink: {code: 1}});
		const store = SummaryStore.open(config.storePath);
		try {
			expect(store.item('drill', a.drill.id)?.title).toBe('a: A?');
		} finally {
			store.close();
		}
	});

	it('reports a drill file that cannot be read, without failing the status', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillUp(config, {findings: 'x', plan: []});
		writeFileSync(path.join(config.drillsRoot, a.drill.file), '---\nid: [\n---\n');
		const status = frameStatus(config);
		expect(status.problems).toHaveLength(1);
		expect(status.problems[0]).toContain('has malformed front matter');
	});
});
