import {utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {fileDate} from '../../source/ingest/file-date.js';
import {runCli, tempDir} from '../helpers/cli.js';

const now = Date.parse('2026-12-06T00:00:00Z');
const mtime = '2026-12-06T08:00:00.000Z';

describe('the date of a session that records none', () => {
	it('is a date its file or folder name carries, else the file time, and says which', () => {
		expect(fileDate('/x/rollout-2025-10-14T10-00-03-5f1e.jsonl', mtime, now)).toEqual({date: '2025-10-14T10:00:03.000Z', from: 'file-name'});
		expect(fileDate('/x/.specstory/history/2025-04-26_23-34-fixing-changelog.md', mtime, now)).toEqual({date: '2025-04-26T23:34:00.000Z', from: 'file-name'});
		expect(fileDate('/x/tasks/1764310284518/ui_messages.json', mtime, now)).toEqual({date: new Date(1764310284518).toISOString(), from: 'file-name'});
		expect(fileDate('/x/chat-20240301.json', mtime, now)).toEqual({date: '2024-03-01T00:00:00.000Z', from: 'file-name'});
		// Numbers that are no dates: a version, a day 32, a year to come, a 13-digit id far off.
		for (const name of ['/x/v2.1.226.json', '/x/2025-13-40.json', '/x/2031-01-01-plan.json', '/x/9999999999999/a.json', '/x/chat.json']) {
			expect(fileDate(name, mtime, now), name).toEqual({date: mtime, from: 'file-time'});
		}
	});

	it('a session file with no times is listed at its file time, and the detail says it is the file’s', () => {
		const folder = tempDir();
		const file = path.join(folder, 'chat.jsonl');
		writeFileSync(file, `${JSON.stringify({role: 'user', content: 'Why does the nightly export time out?'})}\n${JSON.stringify({role: 'assistant', content: 'The export query scans the whole orders table; an index on created_at fixed it.'})}\n`);
		utimesSync(file, new Date('2025-02-03T04:05:06Z'), new Date('2025-02-03T04:05:06Z'));
		const store = path.join(folder, 's.db');
		expect(runCli(['ingest', file, '--store', store]).code).toBe(0);
		const listed = JSON.parse(runCli(['walk', 'summary', 'conversation_session', '--store', store, '--json']).stdout) as {children: Array<{node_id: string}>};
		const id = listed.children[0]!.node_id;
		const item = JSON.parse(runCli(['walk', 'summary', id, '--store', store, '--json']).stdout) as {source: Record<string, unknown>};
		expect(item.source).toMatchObject({dated_from: 'file-time', file_date: '2025-02-03T04:05:06.000Z'});
		expect(item.source.started_at).toBeUndefined();
		expect(runCli(['walk', 'summary', id, '--store', store]).stdout).toMatch(/2025-02-03 \(file's date\)/u);
	});
});
