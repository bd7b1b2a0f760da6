// `from` names the frame a call acts on; `newRoot` opens a top-level frame beside open ones; a
// refusal says what is true, and "another command moved the cursor" only when one did.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {drillDown, drillUp, frameStatus, repairFrames} from '../../source/frames/index.js';
import {runCli} from '../helpers/cli.js';
import {project, refusal} from './helpers.js';

describe('the frame a call acts on', () => {
	it('opens a top-level frame beside an open one; both stay workable by from, and status sees no problem', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		const b = await drillDown(config, {slug: 'b', objective: 'B?', newRoot: true});
		expect(b.drill).toMatchObject({depth: 1, parent: null});
		expect(b.set_aside?.map((frame) => frame.id)).toEqual([a.drill.id]);
		let status = frameStatus(config);
		expect(status).toMatchObject({cursor: b.drill.id, problems: []});
		expect(status.open.map((frame) => frame.id).sort()).toEqual([a.drill.id, b.drill.id].sort());
		// Work goes on in the frame set aside, by naming it.
		const child = await drillDown(config, {slug: 'a-child', objective: 'A deeper?', from: a.drill.id});
		expect(child.drill.parent).toBe(a.drill.id);
		expect(frameStatus(config).problems).toEqual([]);
		const up = await drillUp(config, {findings: 'Found.', plan: [], from: child.drill.id});
		expect(up.parent?.id).toBe(a.drill.id);
		// Closing b, a root, hands the cursor to the frame set aside.
		const closeB = await drillUp(config, {findings: 'B done.', plan: [], from: b.drill.id});
		expect(closeB).toMatchObject({parent: null, cursor: a.drill.id});
		expect(closeB.path.map((frame) => frame.id)).toEqual([a.drill.id]);
		status = frameStatus(config);
		expect(status).toMatchObject({cursor: a.drill.id, problems: []});
		expect((await repairFrames(config)).repaired).toEqual([]);
	});

	it('refuses from a closed frame and from one with an open frame below it, saying which', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		const b = await drillDown(config, {slug: 'b', objective: 'B?', from: a.drill.id});
		const below = await refusal(() => drillDown(config, {slug: 'c', objective: 'C?', from: a.drill.id}));
		expect(below.code).toBe('frame_moved');
		expect(below.message).toBe(`frame ${a.drill.id} (a) has an open frame below it: ${b.drill.id} (b, current)`);
		expect(below.hint).toBe(`work in it with --from ${b.drill.id}, or see every open frame with drill status`);
		await drillUp(config, {findings: 'B found.', plan: [], from: b.drill.id});
		const closed = await refusal(() => drillUp(config, {findings: 'again', plan: [], from: b.drill.id}));
		expect(closed.code).toBe('frame_closed');
		expect(closed.message).toMatch(new RegExp(`^frame ${b.drill.id} \\(b\\) is closed \\(at \\S+\\); open: ${a.drill.id} \\(a, current\\)$`, 'u'));
		expect(closed.message).not.toContain('another command');
	});

	it('says another command moved the cursor only when the caller last saw it at the frame it names', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'a', objective: 'A?'});
		// Someone else opens b under a.
		const b = await drillDown(config, {slug: 'b', objective: 'B?'});
		const moved = await refusal(() => drillDown(config, {slug: 'c', objective: 'C?', from: a.drill.id, seen: a.drill.id}));
		expect(moved.message).toBe(`frame ${a.drill.id} (a) has an open frame below it: ${b.drill.id} (b, current); another command opened ${b.drill.id} since your last call`);
		const unseen = await refusal(() => drillDown(config, {slug: 'c', objective: 'C?', from: a.drill.id, seen: b.drill.id}));
		expect(unseen.message).not.toContain('another command');
		const root = await refusal(() => drillDown(config, {slug: 'd', objective: 'D?', from: 'root', seen: null}));
		expect(root.message).toContain(`; another command opened ${b.drill.id} (b) since your last call`);
		const ownRoot = await refusal(() => drillDown(config, {slug: 'd', objective: 'D?', from: 'root', seen: b.drill.id}));
		expect(ownRoot.message).not.toContain('another command');
		expect((await refusal(() => drillDown(config, {slug: 'e', objective: 'E?', newRoot: true, from: 'root'}))).message).toBe('a new top-level frame descends from no frame, so it takes no from');
		expect((await refusal(() => drillUp(config, {findings: 'x', plan: [], from: 'root'}))).code).toBe('bad_argument');
	});

	it('drill down --new-root on the command line', () => {
		const config = project();
		const first = runCli(['down', 'first', '--objective', 'First?', '--drills', config.drillsRoot, '--json']);
		expect(first.code).toBe(0);
		const second = runCli(['down', 'second', '--objective', 'Second?', '--new-root', '--drills', config.drillsRoot]);
		expect(second.code).toBe(0);
		expect(second.stdout).toMatch(/set aside {2}[0-9a-f]{6} first \(still open; --from SHA works in one\)/u);
		const status = frameStatus(config.drillsRoot);
		expect(status.open).toHaveLength(2);
		expect(status.path.map((frame) => frame.slug)).toEqual(['second']);
		expect(path.basename(status.root)).toBe(path.basename(config.drillsRoot));
	});
});
