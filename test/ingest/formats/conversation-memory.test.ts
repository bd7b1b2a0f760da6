import {describe, expect, it} from 'vitest';
import {ConversationBuilder} from '../../../source/ingest/formats/conversation.js';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import type {Block} from '../../../source/ingest/model.js';

// A session of a million lines keeps every block until it is summarized: a copy per block (with a
// hidden class of its own in V8) cost ~300 bytes each, more than most blocks' text.
describe('a conversation keeps the blocks its reader made', () => {
	it('stamps the time on the block given, not on a copy', () => {
		const builder = new ConversationBuilder('claude-code');
		builder.time('2026-10-14T09:00:00.000Z');
		const prompt: Block = {role: 'user', kind: 'prose', text: 'Why does the retry storm start?'};
		const answer: Block = {role: 'assistant', kind: 'prose', text: 'The pool is exhausted.', time: '2026-10-14T09:00:05.000Z'};
		builder.prompt([prompt]);
		builder.answer([answer]);
		// A prompt and its first answer are one unit.
		const [unit] = builder.finish().root.units;
		expect(unit!.blocks).toHaveLength(2);
		expect(unit!.blocks[0]).toBe(prompt);
		expect(prompt.time).toBe('2026-10-14T09:00:00.000Z');
		expect(unit!.blocks[1]).toBe(answer);
		expect(answer.time).toBe('2026-10-14T09:00:05.000Z');
	});

	it('counts a Claude Code message once, with its time and model, as before', () => {
		const reader = new ClaudeCodeReader([]);
		const line = (output: number) => JSON.stringify({type: 'assistant', sessionId: 's1', uuid: `u${output}`, timestamp: '2026-10-14T09:00:00.000Z', message: {id: 'msg_1', model: ' claude-sonnet-4-5 ', role: 'assistant', content: [{type: 'text', text: 'Done.'}], usage: {input_tokens: 10, output_tokens: output}}});
		reader.push(line(3), 1);
		reader.push(line(7), 2);
		expect(reader.finish().usage).toEqual([{at: '2026-10-14T09:00:00.000Z', model: 'claude-sonnet-4-5', input: 10, output: 7, cache_read: 0, cache_write: 0, cache_write_1h: 0}]);
	});
});
