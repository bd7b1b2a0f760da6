import os from 'node:os';
import {createRuntime, type Runtime} from '../source/runtime.js';

export function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return Number.NaN;
	const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[index]!;
}

export interface Summary {
	n: number;
	p50: number;
	p95: number;
	max: number;
}

export function summarize(samples: number[]): Summary {
	const sorted = [...samples].sort((a, b) => a - b);
	return {n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN};
}

/** Times `action` `runs` times (after `warmup` untimed runs), in milliseconds. */
export function timeSync(action: (run: number) => void, runs: number, warmup = 5): Summary {
	for (let i = 0; i < warmup; i++) action(i);
	const samples: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		action(i);
		samples.push(performance.now() - start);
	}
	return summarize(samples);
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

export function machine(): string {
	const cpus = os.cpus();
	return `${cpus[0]?.model ?? 'unknown cpu'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** A runtime over one store file, as the benchmarks start: the knowledge and drills folders are unused. */
export function benchRuntime(storePath: string): Runtime {
	return createRuntime({storePath, knowledgeDir: os.tmpdir(), drillsRoot: os.tmpdir()});
}
