import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {benchmarkHelp, benchmarks} from '../../bench/registry.js';
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

	// The search guard in CI: on a real collection (known-item search over fixtures/, where no method
	// is perfect), keyword must reach plain bm25 and the hybrid the better of keyword and semantic.
	test('npm run eval -- --smoke-guard --guard', () => {
		const result = run('dist/eval.js', ['--smoke-guard', '--guard', '--json']);
		expect(result.stderr).not.toMatch(/guard/u);
		expect(result.status, result.stderr).toBe(0);
		const report = JSON.parse(result.stdout);
		expect(report.queries).toBeGreaterThan(40);
		expect(report.plain_bm25.ndcg10).toBeLessThan(0.9);
		expect(report.methods.keyword.vs_plain_bm25.ndcg10).toBeGreaterThanOrEqual(0);
		expect(report.hybrid_vs_max.ndcg10).toBeGreaterThanOrEqual(0);
	}, 120_000);

	test.each(Object.keys(benchmarks))('npm run bench -- %s --help prints its usage and runs nothing', (name) => {
		const result = run('dist/bench.js', [name, '--smoke', '--help']);
		expect(result.status, result.stderr).toBe(0);
		expect(result.stderr).toBe('');
		expect(result.stdout.split('\n')[0]).toBe(`usage: npm run bench -- ${name} ${benchmarks[name]!.synopsis}`);
		// Nothing ran: the help is all there is.
		expect(result.stdout).toBe(benchmarkHelp(name, benchmarks[name]!));
	});

	test.each(Object.keys(benchmarks))('the usage of %s is the one its file gives', (name) => {
		// The header comment, its comment marks and line breaks taken out.
		const header = readFileSync(`bench/${name}.ts`, 'utf8').replace(/^\s*(?:\/\/|\/\*\*|\*\/?)[ \t]?/gmu, '').replace(/\s+/gu, ' ');
		expect(header).toContain(`\`npm run bench -- ${name} ${benchmarks[name]!.synopsis}\``);
	});

	test('npm run bench -- --help lists every benchmark with its usage', () => {
		const result = run('dist/bench.js', ['--help']);
		expect(result.status).toBe(0);
		const lines = result.stdout.split('\n').map((line) => line.trim());
		for (const [name, benchmark] of Object.entries(benchmarks)) expect(lines.some((line) => line.startsWith(`${name} `) && line.endsWith(`  ${benchmark.synopsis}`)), name).toBe(true);
	});

	test('an unknown benchmark is a usage error naming the benchmarks', () => {
		const result = run('dist/bench.js', ['nope']);
		expect(result.status).toBe(2);
		expect(result.stderr).toContain(`benchmarks: ${Object.keys(benchmarks).join(', ')}`);
	});
});
