import {afterEach, expect, it, vi} from 'vitest';
import type {AppController} from '../../source/ui/controller.js';
import {playKeys} from '../../source/record/playback.js';

afterEach(() => {
	vi.restoreAllMocks();
});

// `drill --keys` ends when the playback does: the timer that bounds the wait for the app to quit
// must not hold the process after the app quit (it held every `--keys` run 3 s longer).
it('once the app quits on ctrl-c, playback leaves no pending timer that keeps the process alive', async () => {
	const timers: Array<{timer: NodeJS.Timeout; fired: boolean}> = [];
	const setTimer = globalThis.setTimeout;
	vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
		const entry = {timer: undefined as unknown as NodeJS.Timeout, fired: false};
		entry.timer = setTimer(() => {
			entry.fired = true;
			callback(...args);
		}, ms);
		timers.push(entry);
		return entry.timer;
	}) as typeof setTimeout);
	const result = await playKeys({
		steps: [{kind: 'keys', bytes: 'j', label: 'j', line: 1, column: 1}],
		size: {columns: 20, rows: 4},
		runApp: ({stdin, stdout, onStart}) =>
			new Promise<number>((resolve) => {
				stdout.write('ready');
				(stdin as NodeJS.EventEmitter).on('data', (bytes: string) => {
					if (bytes === '\u0003') resolve(0);
					else stdout.write(`\r${bytes}`);
				});
				onStart?.({idle: async () => undefined} as unknown as AppController);
			}),
	});
	expect(result.exitCode).toBe(0);
	expect(result.finalScreen).toContain('j');
	expect(timers.length).toBeGreaterThan(0);
	expect(timers.filter((entry) => !entry.fired && entry.timer.hasRef())).toEqual([]);
});
