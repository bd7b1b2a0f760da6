import {spawn} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../source/core/errors.js';
import type {FramesConfig} from '../../source/frames/config.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {cliPath, tempDir, type CliResult} from '../helpers/cli.js';

/** A clock that starts at `start` and moves one second each time it is read. */
export function steppingClock(start = '2026-07-11T13:21:05Z'): () => Date {
	let at = new Date(start).getTime();
	return () => {
		const now = new Date(at);
		at += 1000;
		return now;
	};
}

/**
 * A fresh project folder with a fixed clock, its own store and knowledge folder, and the store
 * writer a runtime hands the frames (closed drills are indexed through it).
 */
export function project(extra: Partial<FramesConfig> = {}): FramesConfig & {drillsRoot: string; storePath: string; knowledgeDir: string} {
	const root = tempDir('drill-frames-');
	const config = {
		drillsRoot: root,
		storePath: path.join(root, '.drill', 'store.db'),
		knowledgeDir: path.join(root, '.agents', 'knowledge'),
		now: steppingClock(),
		lockWaitMs: 2000,
		...extra,
	};
	return {openStore: () => openIndexedStore(config.storePath), ...config};
}

export function writeFile(root: string, rel: string, text: string): string {
	const file = path.join(root, rel);
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, text);
	return file;
}

export const action = (overrides: Record<string, string> = {}) => ({
	action: 'Add an index on orders(customer_id)',
	scope: 'project',
	sink: 'code',
	owner: 'drill',
	evidence: 'EXPLAIN output',
	...overrides,
});

/** Runs the built CLI without waiting, so several can run at once. */
export function spawnCli(args: string[], options: {cwd: string; env?: NodeJS.ProcessEnv}): Promise<CliResult> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [cliPath, ...args], {cwd: options.cwd, env: {...process.env, DRILL_STORE: '', NO_COLOR: '1', ...options.env}});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
		child.on('close', (code) => resolve({code: code ?? -1, stdout, stderr}));
		child.stdin.end();
	});
}

/** The DrillError a call refuses with (the test fails when it does not refuse). */
export async function refusal(run: () => unknown): Promise<DrillError> {
	try {
		await run();
	} catch (error) {
		if (!(error instanceof DrillError)) throw error;
		return error;
	}
	throw new Error('expected a refusal');
}
