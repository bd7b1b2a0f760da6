import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {readChatGptConversation} from '../../../source/ingest/formats/chatgpt.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {allUnits} from './read.js';

const conversations = JSON.parse(readFileSync('fixtures/transcripts/chatgpt-conversations.json', 'utf8')) as unknown[];

function read(index: number) {
	const problems: SourceProblem[] = [];
	const conversation = readChatGptConversation(conversations[index], `conversation ${index}`, problems)!;
	return {conversation, problems, blocks: allUnits(conversation.source).flatMap((unit) => unit.blocks)};
}

describe('readChatGptConversation', () => {
	it('reads each conversation with its title, id and start time', () => {
		expect(conversations).toHaveLength(3);
		const {conversation, problems} = read(0);
		expect(problems).toEqual([]);
		expect(conversation.source.facts.title).toBe('Redis memory at maxmemory');
		expect(conversation.id).toBeTruthy();
		const start = (conversations[0] as {create_time: number}).create_time;
		expect(conversation.source.facts.generatedAt).toBe(new Date(start * 1000).toISOString());
		expect(conversation.source.facts.provenance).toMatchObject({agent: 'chatgpt', started_at: new Date(start * 1000).toISOString(), ended_at: new Date(1775015062.603311 * 1000).toISOString(), turns: 2});
	});

	it('shows an image part as [image] and keeps the text beside it', () => {
		const {blocks} = read(0);
		expect(blocks[0]!.role).toBe('user');
		expect(blocks[0]!.text).toMatch(/^\[image\]\n\nThis is our Redis dashboard/u);
	});

	it('keeps code sent to a tool as a tool call and its output as a tool result', () => {
		const {blocks} = read(1);
		const calls = blocks.filter((block) => block.role === 'tool_call');
		const results = blocks.filter((block) => block.role === 'tool');
		expect(calls).toHaveLength(2);
		expect(calls[0]!.text.startsWith('python\n')).toBe(true);
		expect(results).toHaveLength(2);
		expect(results[0]!.text.startsWith('python: ')).toBe(true);
	});

	it('follows current_node, leaving the abandoned branch out', () => {
		const {blocks} = read(2);
		const text = blocks.map((block) => block.text).join('\n');
		expect(text).not.toMatch(/how do i make sure a cron job only runs once/u);
		expect(blocks.filter((block) => block.role === 'system').length).toBeGreaterThanOrEqual(1);
	});

	it('reports a value that is not a conversation', () => {
		const problems: SourceProblem[] = [];
		expect(readChatGptConversation({title: 'x'}, 'conversation 9', problems)).toBeUndefined();
		expect(problems[0]!.reason).toMatch(/conversation 9 is not a conversation/u);
	});
});
