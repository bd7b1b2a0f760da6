import {appendFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {FileTracker, settleMs} from '../../../source/ingest/live/file-tracker.js';
import {tempDir} from '../../helpers/cli.js';

const seen = (file: string) => {
	const info = statSync(file);
	return {path: file, size: info.size, mtimeMs: info.mtime.getTime()};
};

describe('FileTracker', () => {
	it('tells a log that grew by whole lines from one still writing its last line, which it waits for', async () => {
		const file = path.join(tempDir(), 'log.jsonl');
		writeFileSync(file, '{"a":1}\n{"b":2}\n');
		const tracker = new FileTracker();
		await tracker.remember(file);
		expect(await tracker.changes([seen(file)])).toEqual([]);
		appendFileSync(file, '{"c":3}\n{"d":');
		const now = Date.now();
		expect(await tracker.changes([seen(file)], now)).toEqual([]);
		expect(tracker.waiting).toBe(true);
		// Still unfinished after settleMs: read anyway, and said so.
		expect(await tracker.changes([seen(file)], now + settleMs)).toEqual([{path: file, change: 'grown', bytes: 13, lines: 1, unfinished: true}]);
		appendFileSync(file, '4}\n');
		expect(await tracker.changes([seen(file)], now + 1)).toEqual([{path: file, change: 'grown', bytes: 16, lines: 2}]);
		await tracker.remember(file);
		expect(tracker.waiting).toBe(false);
	});

	it('tells a rewritten file (its head changed), a cut one, a new one and a deleted one', async () => {
		const folder = tempDir();
		const log = path.join(folder, 'a.jsonl');
		const notes = path.join(folder, 'notes.md');
		writeFileSync(log, '{"session":"one"}\n{"turn":1}\n');
		writeFileSync(notes, '# Notes\n');
		const tracker = new FileTracker();
		await tracker.remember(log);
		writeFileSync(log, '{"session":"two"}\n{"turn":1}\n{"turn":2}\n');
		const other = path.join(folder, 'b.jsonl');
		writeFileSync(other, '{}\n');
		expect(await tracker.changes([seen(log), seen(other)])).toEqual([
			{path: log, change: 'rewritten', bytes: 40},
			{path: other, change: 'new', bytes: 3},
		]);
		await tracker.remember(log);
		writeFileSync(log, '{"session":"two"}\n');
		expect(await tracker.changes([seen(log)])).toEqual([{path: log, change: 'cut', bytes: 18}]);
		await tracker.remember(notes);
		appendFileSync(notes, 'More.\n');
		rmSync(log);
		expect(await tracker.changes([seen(notes)])).toEqual([
			{path: notes, change: 'grown', bytes: 6},
			{path: log, change: 'deleted', bytes: 40},
		]);
	});
});
