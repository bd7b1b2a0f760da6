import {describe, expect, it} from 'vitest';
import {IdSet} from '../../../source/ingest/formats/id-set.js';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';

const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-9ca7-4a7f-8f97-${(n * 7919).toString(16).padStart(12, '0')}`;

describe('a set of message ids kept as words', () => {
	it('holds exactly the ids added: UUIDs as words, any other id as its string', () => {
		const set = new IdSet();
		// More than the first array holds: it grows and keeps what it had.
		for (let n = 0; n < 3000; n++) set.add(uuid(n));
		set.add('a1');
		set.add('D91BF178-9CA7-4A7F-8F97-9A823F1DE76D');
		const asked = [uuid(0), uuid(2999), uuid(3000), 'a1', 'a2', 'd91bf178-9ca7-4a7f-8f97-9a823f1de76d', 'D91BF178-9CA7-4A7F-8F97-9A823F1DE76D', `${uuid(5).slice(0, -1)}x`];
		expect([...set.hasOf(asked)].sort()).toEqual([uuid(0), uuid(2999), 'D91BF178-9CA7-4A7F-8F97-9A823F1DE76D', 'a1'].sort());
		// Ids that share a first word are told apart by the rest.
		const twins = new IdSet();
		twins.add('00000001-0000-0000-0000-000000000001');
		expect([...twins.hasOf(['00000001-0000-0000-0000-000000000002', '00000001-0000-0000-0000-000000000001'])]).toEqual(['00000001-0000-0000-0000-000000000001']);
		expect(new IdSet().hasOf([uuid(1)]).size).toBe(0);
	});

	it('Claude Code: a summary whose leaf UUID is a message of the session titles it, before or after that message', () => {
		const records = (summaryFirst: boolean, leaf: string) => {
			const summary = {type: 'summary', summary: 'Billing API staging deploy', leafUuid: leaf};
			const lines = [
				{type: 'user', uuid: uuid(1), sessionId: 's', timestamp: '2026-10-14T09:00:00.000Z', message: {role: 'user', content: 'How do I run this?'}},
				{type: 'assistant', uuid: uuid(2), sessionId: 's', timestamp: '2026-10-14T09:00:05.000Z', message: {role: 'assistant', content: [{type: 'text', text: 'Run npm start.'}]}},
			];
			return summaryFirst ? [summary, ...lines] : [...lines, summary];
		};
		const read = (lines: object[]) => {
			const reader = new ClaudeCodeReader([]);
			lines.forEach((line, index) => reader.push(JSON.stringify(line), index + 1));
			return reader.finish().facts.provenance?.agent_title;
		};
		expect(read(records(true, uuid(2)))).toBe('Billing API staging deploy');
		expect(read(records(false, uuid(1)))).toBe('Billing API staging deploy');
		// A leaf in another session (a resumed session carries its predecessor's summary) names nothing here.
		expect(read(records(true, uuid(3)))).toBeUndefined();
	});
});
