import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingestPhases} from '../../source/ingest/phase-times.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {generatedMarkdown} from '../helpers/markdown.js';

describe('drill ingest --profile', () => {
	it('writes the phase breakdown to stderr and puts it in the --json report; without it the report keeps its keys', () => {
		const folder = tempDir();
		const docs = path.join(folder, 'docs');
		mkdirSync(docs);
		for (let i = 0; i < 3; i++) writeFileSync(path.join(docs, `page-${i}.md`), generatedMarkdown(i, 3_000));
		const profiled = runCli(['ingest', docs, '--store', path.join(folder, 'a.db'), '--json', '--profile']);
		expect(profiled.code).toBe(0);
		const report = JSON.parse(profiled.stdout) as {phases: Record<string, number>; bytes: number; seconds: number};
		expect(Object.keys(report.phases)).toEqual([...ingestPhases, 'wall']);
		const counted = ingestPhases.reduce((sum, phase) => sum + report.phases[phase]!, 0);
		expect(counted).toBeLessThanOrEqual(report.phases.wall! + 0.001);
		expect(report.bytes).toBeGreaterThan(9_000);
		for (const phase of ingestPhases) expect(profiled.stderr).toMatch(new RegExp(`^  ${phase} +\\d+\\.\\d{3} s`, 'mu'));
		const plain = runCli(['ingest', docs, '--store', path.join(folder, 'b.db'), '--json']);
		expect(Object.keys(JSON.parse(plain.stdout) as object)).not.toContain('phases');
		expect(plain.stderr).toBe('');
	});
});
