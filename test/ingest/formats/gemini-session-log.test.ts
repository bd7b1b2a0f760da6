import {describe, expect, it} from 'vitest';
import {GeminiChatReader} from '../../../source/ingest/formats/gemini-chat.js';
import {allUnits} from './read.js';

/** Gemini CLI's newer session-*.jsonl (google-gemini/gemini-cli 5411f11, chatRecordingService.ts). */
describe('Gemini CLI session logs', () => {
	it('takes a $set of messages as a checkpoint: the messages before it are replaced, not kept twice', () => {
		const reader = new GeminiChatReader([]);
		const lines = [
			{sessionId: 's1', projectHash: 'p', startTime: '2026-08-01T10:00:00Z', lastUpdated: '2026-08-01T10:00:00Z', kind: 'main'},
			{id: 'm1', type: 'user', timestamp: '2026-08-01T10:00:01Z', content: 'first request'},
			{id: 'm2', type: 'gemini', timestamp: '2026-08-01T10:00:05Z', content: 'first answer'},
			{$set: {messages: [{id: 'c1', type: 'user', timestamp: '2026-08-01T10:00:30Z', content: 'the first exchange, compressed'}]}},
			{id: 'm3', type: 'user', timestamp: '2026-08-01T10:01:00Z', content: 'second request'},
		];
		lines.forEach((line, index) => reader.push(JSON.stringify(line), index + 1));
		const texts = allUnits(reader.finish()).flatMap((unit) => unit.blocks.map((block) => block.text));
		expect(texts).toEqual(['the first exchange, compressed', 'second request']);
	});
});
