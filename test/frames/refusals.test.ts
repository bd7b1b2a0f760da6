import {cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {drillDown, drillUp, frameStatus, repairFrames, retrospect} from '../../source/frames/index.js';
import {drillSha} from '../../source/frames/files/naming.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {action, project, refusal, writeFile} from './helpers.js';

/** The whole .drills tree as text, to prove a refusal wrote nothing. */
function snapshot(root: string): string {
	const out: string[] = [];
	const visit = (dir: string) => {
		if (!existsSync(dir)) return;
		for (const entry of readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) visit(full);
			else out.push(`${path.relative(root, full)}\n${readFileSync(full, 'utf8')}`);
		}
	};
	visit(path.join(root, '.drills'));
	return out.join('\n---\n');
}

describe('refusals', () => {
	it('refuses a frame that is not narrower, and writes nothing', async () => {
		const config = project();
		await drillDown(config, {slug: 'api-debug', objective: 'Why 502?', scope: ['services/api']});
		const before = snapshot(config.drillsRoot);
		const wider = await refusal(() => drillDown(config, {slug: 'db', objective: 'Which query?', scope: ['services']}));
		expect(wider.code).toBe('frame_not_narrower');
		expect(wider.line).toBe('scope "services" is not inside the current drill\'s scope (services/api); give a scope within services/api, or close this drill first');
		expect((await refusal(() => drillDown(config, {slug: 'API Debug', objective: 'Other'}))).code).toBe('frame_not_narrower');
		expect((await refusal(() => drillDown(config, {slug: 'other', objective: 'why 502'}))).code).toBe('frame_not_narrower');
		expect(snapshot(config.drillsRoot)).toBe(before);
	});

	it('refuses to nest deeper than the limit', async () => {
		const config = project({maxDepth: 2});
		await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillDown(config, {slug: 'b', objective: 'B?'});
		expect((await refusal(() => drillDown(config, {slug: 'c', objective: 'C?'}))).code).toBe('frame_too_deep');
	});

	it('refuses drill up when no frame is open', async () => {
		const config = project();
		const error = await refusal(() => drillUp(config, {findings: 'x', plan: []}));
		expect(error.code).toBe('frame_none_open');
		expect(error.hint).toContain('drill down');
		expect(existsSync(path.join(config.drillsRoot, '.drills'))).toBe(false);
		await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillUp(config, {findings: 'x', plan: []});
		expect((await refusal(() => drillUp(config, {findings: 'x', plan: []}))).code).toBe('frame_none_open');
	});

	it('refuses a malformed plan, naming the field and the words, and leaves the drill open', async () => {
		const config = project();
		await drillDown(config, {slug: 'a', objective: 'A?'});
		const before = snapshot(config.drillsRoot);
		const missing = await refusal(() => drillUp(config, {findings: 'x', plan: [{action: 'a', scope: 'project', sink: 'code', evidence: 'e'}]}));
		expect(missing.code).toBe('plan_invalid');
		expect(missing.message).toBe('prevention_plan[0]: "owner" is missing');
		const unknown = await refusal(() => drillUp(config, {findings: 'x', plan: [action({sink: 'jira'})]}));
		expect(unknown.message).toContain('"sink" is "jira", not one of: backlog, memory, knowledgebase, agentic-documents, upstream-issue, code, workaround');
		const none = await refusal(() => drillUp(config, {findings: 'x'}));
		expect(none.code).toBe('plan_invalid');
		expect(none.hint).toContain('[] when there are none');
		expect((await refusal(() => drillUp(config, {plan: []}))).message).toContain('has no findings to return');
		expect(snapshot(config.drillsRoot)).toBe(before);
		expect(frameStatus(config).current?.status).toBe('open');
	});

	it('refuses missing context or evidence before writing anything', async () => {
		const config = project();
		const context = await refusal(() => drillDown(config, {slug: 'a', objective: 'A?', context: ['nope.log'], cwd: config.drillsRoot}));
		expect(context.code).toBe('not_found');
		expect(context.message).toBe('context file "nope.log" does not exist');
		expect(snapshot(config.drillsRoot)).toBe('');
		await drillDown(config, {slug: 'a', objective: 'A?'});
		writeFile(config.drillsRoot, 'folder/x', 'x');
		expect((await refusal(() => drillUp(config, {findings: 'x', plan: [], evidence: ['missing.log'], cwd: config.drillsRoot}))).code).toBe('not_found');
		expect((await refusal(() => drillDown(config, {slug: 'b', objective: 'B?', context: ['folder'], cwd: config.drillsRoot}))).message).toContain('is a folder');
	});

	it('reports a cursor that points at a missing sha, with the fix', async () => {
		const config = project();
		await drillDown(config, {slug: 'a', objective: 'A?'});
		writeFileSync(path.join(config.drillsRoot, '.drills', 'cursor'), 'abcdef\n');
		const error = await refusal(() => frameStatus(config));
		expect(error.code).toBe('cursor_broken');
		expect(error.message).toContain('points at drill abcdef, but no folder *-abcdef-* exists under .drills/');
		expect(error.hint).toContain('drill status --repair');
		expect((await refusal(() => drillDown(config, {slug: 'b', objective: 'B?'}))).code).toBe('cursor_broken');
		expect((await refusal(() => drillUp(config, {findings: 'x', plan: []}))).code).toBe('cursor_broken');
	});

	it('reports a malformed cursor, and a cursor that names two folders', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		writeFileSync(path.join(config.drillsRoot, '.drills', 'cursor'), 'not a sha\n');
		expect((await refusal(() => frameStatus(config))).message).toContain('holds "not a sha", not the 6-hex short sha');
		writeFileSync(path.join(config.drillsRoot, '.drills', 'cursor'), `${a.cursor}\n`);
		const copy = path.join(config.drillsRoot, '.drills', a.drill.name.replace(/-a$/u, '-copy'));
		cpSync(path.join(config.drillsRoot, a.drill.path), copy, {recursive: true});
		const two = await refusal(() => frameStatus(config));
		expect(two.code).toBe('cursor_broken');
		expect(two.message).toContain(`which names 2 folders`);
	});

	it('recovers from a drill folder deleted by hand', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		const b = await drillDown(config, {slug: 'b', objective: 'B?'});
		rmSync(path.join(config.drillsRoot, b.drill.path), {recursive: true});
		expect((await refusal(() => frameStatus(config))).code).toBe('cursor_broken');
		const repaired = await repairFrames(config);
		expect(repaired.repaired).toEqual([`pointed the cursor at drill ${a.drill.id} (a) instead of "${b.drill.id}"`]);
		expect(repaired.status.cursor).toBe(a.drill.id);
		expect(frameStatus(config).path.map((frame) => frame.id)).toEqual([a.drill.id]);
		rmSync(path.join(config.drillsRoot, a.drill.path), {recursive: true});
		expect((await repairFrames(config)).status).toMatchObject({cursor: null, open: []});
	});

	it('writes nothing when the parent drill file cannot be read', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillDown(config, {slug: 'b', objective: 'B?'});
		writeFileSync(path.join(config.drillsRoot, a.drill.file), '---\nid: [\n---\n');
		const before = snapshot(config.drillsRoot);
		const outside = writeFile(project().drillsRoot, 'trace.txt', 'would be copied in');
		const error = await refusal(() => drillUp(config, {findings: 'x', plan: [], evidence: [outside]}));
		expect(error.code).toBe('frame_error');
		expect(error.message).toContain('has malformed front matter');
		expect(snapshot(config.drillsRoot)).toBe(before);
	});

	it('refuses to close a frame while a drill below it is open', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		const b = await drillDown(config, {slug: 'b', objective: 'B?'});
		writeFileSync(path.join(config.drillsRoot, '.drills', 'cursor'), `${a.cursor}\n`);
		const error = await refusal(() => drillUp(config, {findings: 'x', plan: []}));
		expect(error.code).toBe('frame_open');
		expect(error.message).toContain(`${b.drill.id} (b)`);
		expect(frameStatus(config).problems).toEqual([`drill ${b.drill.id} (b) is open but not on the cursor's path`]);
		await repairFrames(config);
		expect(frameStatus(config).cursor).toBe(b.drill.id);
	});

	it('refuses to start from the root level while a frame is open, and from a frame that does not exist (--from)', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?', from: 'root'});
		const error = await refusal(() => drillDown(config, {slug: 'b', objective: 'B?', from: 'root'}));
		expect(error.code).toBe('frame_moved');
		expect(error.message).toBe(`drill down from the root level expects no open frame, but one is open: ${a.drill.id} (a, current)`);
		expect(error.hint).toBe('give --new-root to open a top-level frame beside them, or --from to work in one of them');
		const missing = await refusal(() => drillUp(config, {findings: 'x', plan: [], from: 'abcdef'}));
		expect(missing.code).toBe('not_found');
		expect(missing.message).toBe(`frame "abcdef" does not exist under ${path.join(config.drillsRoot, '.drills')}; open: ${a.drill.id} (a, current)`);
		await drillDown(config, {slug: 'b', objective: 'B?', from: a.drill.id});
	});

	it('closes the drill and warns once when the store cannot be written', async () => {
		const config = project();
		writeFile(config.drillsRoot, 'blocker', 'a file where a folder should be');
		const blocked = path.join(config.drillsRoot, 'blocker', 'store.db');
		const unwritable = {...config, storePath: blocked, openStore: () => openIndexedStore(blocked)};
		await drillDown(unwritable, {slug: 'a', objective: 'A?'});
		const up = await drillUp(unwritable, {findings: 'x', plan: []});
		expect(up.closed.status).toBe('closed');
		expect(up.warnings).toHaveLength(1);
		expect(up.warnings[0]).toMatch(/^closed drill [0-9a-f]{6} not indexed in the store .*blocker\/store\.db/u);
		expect(frameStatus(config).counts.closed).toBe(1);
	});

	it('retrospects only closed roots', async () => {
		const config = project();
		expect((await refusal(() => retrospect(config))).code).toBe('not_found');
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		const b = await drillDown(config, {slug: 'b', objective: 'B?'});
		expect((await refusal(() => retrospect(config, {drill: a.drill.id}))).code).toBe('frame_open');
		await drillUp(config, {findings: 'x', plan: []});
		const nested = await refusal(() => retrospect(config, {drill: b.drill.id}));
		expect(nested.message).toContain('is nested');
		expect(nested.hint).toBe(`retrospect its root: drill retrospect --drill ${a.drill.id}`);
		expect((await refusal(() => retrospect(config, {drill: 'zz'}))).code).toBe('bad_argument');
	});

	it('checks sha collisions across the whole tree', async () => {
		let calls = 0;
		const config = project({now: () => new Date('2026-07-11T13:21:05Z'), randomBytes: (size) => Buffer.alloc(size, calls++ < 2 ? 7 : calls)});
		const first = await drillDown(config, {slug: 'same', objective: 'First?'});
		await drillUp(config, {findings: 'x', plan: []});
		const second = await drillDown(config, {slug: 'same', objective: 'Second?'});
		expect(calls).toBe(3);
		expect(second.drill.id).not.toBe(first.drill.id);
		expect(second.drill.name.slice(0, 17)).toBe(first.drill.name.slice(0, 17));
	});

	it('keeps shas that read as numbers in YAML (123456, 1e5678) as text', async () => {
		const now = new Date('2026-07-11T13:21:05Z');
		for (const looks of [/^\d{6}$/u, /^\d+e\d+$/u]) {
			let seed = 0;
			while (!looks.test(drillSha(now, 'num', null, Buffer.alloc(16, 0).fill(seed % 256, 0, 1).fill(Math.floor(seed / 256), 1, 2)))) seed++;
			const bytes = Buffer.alloc(16, 0).fill(seed % 256, 0, 1).fill(Math.floor(seed / 256), 1, 2);
			const config = project({now: () => now, randomBytes: () => bytes});
			const down = await drillDown(config, {slug: 'num', objective: 'Numbers?'});
			expect(down.drill.id).toMatch(looks);
			expect(frameStatus(config)).toMatchObject({cursor: down.drill.id, problems: []});
			await drillUp(config, {findings: 'x', plan: []});
			expect(frameStatus(config).problems).toEqual([]);
		}
	});

	it('never writes through a symbolic link that leads out of the root', async () => {
		const config = project();
		const outside = project().drillsRoot;
		await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillUp(config, {findings: 'x', plan: [action({sink: 'backlog'})]});
		symlinkSync(outside, path.join(config.drillsRoot, '.agents'));
		const error = await refusal(() => retrospect(config, {apply: true}));
		expect(error.code).toBe('outside_root');
		expect(readdirSync(outside)).toEqual([]);

		const linked = project();
		symlinkSync(outside, path.join(linked.drillsRoot, '.drills'));
		expect((await refusal(() => frameStatus(linked))).code).toBe('outside_root');
		expect((await refusal(() => drillDown(linked, {slug: 'a', objective: 'A?'}))).code).toBe('outside_root');
		expect(readdirSync(outside)).toEqual([]);
	});

	it('refuses a drills root that does not exist', async () => {
		const error = await refusal(() => frameStatus({drillsRoot: '/nonexistent/drills-root'}));
		expect(error.code).toBe('not_found');
		expect(error.hint).toContain('--drills');
	});
});
