import {spawnSync} from 'node:child_process';
import {describe, expect, test} from 'vitest';
import {benchmarks} from '../../bench/registry.js';
import {terminalEnv} from '../helpers/pty-screen.js';

// Every benchmark runs here at its smoke sizes (`--smoke`): a bench that no longer runs fails CI
// instead of waiting to be found broken. Figures are printed by the benches, never judged here.
const run = (file: string, args: string[]) => spawnSync(process.execPath, [file, ...args], {encoding: 'utf8', timeout: 240_000, env: terminalEnv()});

describe('every benchmark runs in its smoke mode', () => {
	test.each(Object.keys(benchmarks))('npm run bench -- %s --smoke', (name) => {
		const result = run('dist/bench.js', [name, '--smoke']);
		expect(result.stderr.split('\n').filter((line) => /Error|at .+:\d+:\d+/u.test(line)), result.stderr).toEqual([]);
		expect(result.status, result.stderr).toBe(0);
		expect(result.stdout.trim().split('\n').length).toBeGreaterThan(2);
	}, 300_000);

	test('npm run eval -- --smoke', () => {
		const result = run('dist/eval.js', ['--smoke']);
		expect(result.status, result.stderr).toBe(0);
		expect(result.stdout).toMatch(/\| keyword,semantic \| \d\.\d{3} \|/u);
	}, 300_000);

	test('an unknown benchmark is a usage error naming the benchmarks', () => {
		const result = run('dist/bench.js', ['nope']);
		expect(result.status).toBe(2);
		expect(result.stderr).toContain(`benchmarks: ${Object.keys(benchmarks).join(', ')}`);
	});
});
