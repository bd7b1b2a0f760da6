import {writeFileSync} from 'node:fs';
import path from 'node:path';

/** The 300 lines of the build log in `writeLongOutputSession`; line 151 holds a rare word. */
export const buildLog = Array.from({length: 300}, (_, i) => (i === 150 ? '    zanzibarite crystal found in line 151' : `    build step ${i + 1} ok`));

/** A Claude Code session whose one tool call printed the 300-line `buildLog`; returns its path. */
export function writeLongOutputSession(folder: string): string {
	const base = {sessionId: 'b4c1d2e3-0000-4000-8000-000000000151', cwd: '/home/ana/src/geo', version: '2.0.14'};
	const records = [
		{...base, type: 'user', uuid: 'u1', timestamp: '2026-10-14T09:00:00.000Z', message: {role: 'user', content: 'Run the build and tell me which step mentions a mineral'}},
		{...base, type: 'assistant', uuid: 'a1', timestamp: '2026-10-14T09:00:05.000Z', message: {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {command: 'make build'}}]}},
		{...base, type: 'user', uuid: 'u2', timestamp: '2026-10-14T09:00:09.000Z', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: buildLog.join('\n')}]}},
		{...base, type: 'assistant', uuid: 'a2', timestamp: '2026-10-14T09:00:12.000Z', message: {role: 'assistant', content: [{type: 'text', text: 'The build passed; one step names a crystal.'}]}},
	];
	const file = path.join(folder, 'session.jsonl');
	writeFileSync(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
	return file;
}
