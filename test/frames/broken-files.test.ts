import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {drillDown, drillUp, frameStatus, repairFrames} from '../../source/frames/index.js';
import {runCli} from '../helpers/cli.js';
import {action, project} from './helpers.js';

/** Breaks one line of a drill's front matter, as a hand edit would. */
function breakObjective(file: string): string {
	const text = readFileSync(file, 'utf8');
	const broken = text.replace(/^objective: .*$/mu, 'objective: [unclosed "yaml');
	writeFileSync(file, broken);
	return broken;
}

describe('a drill file whose front matter is malformed', () => {
	it('is a problem that status reports (with the line), not a wall', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'api', objective: 'Why 502?'});
		const b = await drillDown(config, {slug: 'db', objective: 'Which query exhausts the pool?'});
		breakObjective(path.join(config.drillsRoot, b.drill.file));
		const status = frameStatus(config);
		expect(status.cursor).toBe(b.drill.id);
		expect(status.current).toBeNull();
		expect(status.path.map((frame) => frame.id)).toEqual([a.drill.id]);
		expect(status.problems).toHaveLength(1);
		expect(status.problems[0]).toMatch(/has malformed front matter \(line \d+: /u);
		// The drill above it is on the path: not reported as a stray open drill.
		expect(status.problems.join('\n')).not.toContain('not on the cursor');
	});

	it('blocks up with a one-line error that says how to fix it, and closes nothing', async () => {
		const config = project();
		await drillDown(config, {slug: 'api', objective: 'Why 502?'});
		const b = await drillDown(config, {slug: 'db', objective: 'Which query?'});
		const broken = breakObjective(path.join(config.drillsRoot, b.drill.file));
		const result = runCli(['up', '--findings', 'x', '--plan', '[]', '--drills', config.drillsRoot, '--store', config.storePath]);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: .*db\.md has malformed front matter \(line \d+: .*\); fix the YAML between the --- lines \(or drill status --repair sets the file aside/u);
		expect(readFileSync(path.join(config.drillsRoot, b.drill.file), 'utf8')).toBe(broken);
	});

	it('status --repair keeps the file aside, rebuilds its front matter from what can be read, and up works again', async () => {
		const config = project();
		const a = await drillDown(config, {slug: 'api', objective: 'Why 502?'});
		const b = await drillDown(config, {slug: 'db', objective: 'Which query exhausts the pool?', scope: ['services/api/db']});
		const file = path.join(config.drillsRoot, b.drill.file);
		const broken = breakObjective(file);
		const result = await repairFrames(config);
		expect(result.repaired).toHaveLength(1);
		expect(result.repaired[0]).toMatch(new RegExp(`^rebuilt the front matter of drill ${b.drill.id} \\(db\\): .*kept at .*db\\.md\\.broken-\\d{8}T\\d{6}; objective could not be read`, 'u'));
		const folder = readdirSync(path.dirname(file));
		const aside = folder.find((name) => name.includes('.broken-'))!;
		expect(readFileSync(path.join(path.dirname(file), aside), 'utf8')).toBe(broken);
		expect(result.status.cursor).toBe(b.drill.id);
		expect(result.status.current).toMatchObject({id: b.drill.id, objective: 'Which query exhausts the pool?', scope: ['services/api/db'], parent: a.drill.id, depth: 2});
		expect(result.status.problems).toEqual([]);
		const up = await drillUp(config, {findings: 'The report query.', plan: [action()]});
		expect(up.closed.id).toBe(b.drill.id);
		expect(frameStatus(config).current?.id).toBe(a.drill.id);
	});

	it('a hand-made folder under .drills/ that is not named like a drill (slug "..") is reported, not silently ignored', async () => {
		const config = project();
		await drillDown(config, {slug: 'api', objective: 'Why 502?'});
		mkdirSync(path.join(config.drillsRoot, '.drills', '2026-01-01-000000-abcdef-..'));
		mkdirSync(path.join(config.drillsRoot, '.drills', 'notes'));
		const status = frameStatus(config);
		expect(status.counts.drills).toBe(1);
		expect(status.problems).toEqual([
			expect.stringMatching(/^ignored \.drills\/2026-01-01-000000-abcdef-\.\.: not a drill folder/u),
			expect.stringMatching(/^ignored \.drills\/notes: not a drill folder/u),
		]);
		const repair = await repairFrames(config);
		expect(repair.repaired).toEqual([expect.stringMatching(/^left \.drills\/2026-01-01-000000-abcdef-\.\. alone: not a drill folder/u), expect.stringMatching(/^left \.drills\/notes alone/u)]);
	});
});
