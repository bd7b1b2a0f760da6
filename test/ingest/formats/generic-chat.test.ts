import {describe, expect, it} from 'vitest';
import {GenericChatReader} from '../../../source/ingest/formats/generic-chat.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {allUnits, readWith, roles} from './read.js';

describe('GenericChatReader', () => {
	it('reads all four roles, string and array content', () => {
		const problems: SourceProblem[] = [];
		const source = readWith('fixtures/transcripts/generic-chat.jsonl', new GenericChatReader(problems));
		expect(problems).toEqual([]);
		expect(new Set(roles(source))).toEqual(new Set(['system', 'user', 'assistant', 'tool']));
		expect(roles(source)).toHaveLength(22);
		const blocks = allUnits(source).flatMap((unit) => unit.blocks);
		// Line 15 has two text parts: both kept.
		expect(blocks.some((block) => block.text.includes('\n\n'))).toBe(true);
	});

	it('reads the parts variant with its unicode intact', () => {
		const source = readWith('fixtures/transcripts/generic-chat-parts.jsonl', new GenericChatReader([]));
		const text = allUnits(source)
			.flatMap((unit) => unit.blocks)
			.map((block) => block.text)
			.join('\n');
		expect(text).toContain('￥1,500');
		expect(text).toContain('١٢٫٣٤٥');
		expect(roles(source)).toHaveLength(8);
	});

	it('reports broken lines 7, 13 and 18 and keeps the other 19', () => {
		const problems: SourceProblem[] = [];
		const source = readWith('fixtures/transcripts/broken-lines.jsonl', new GenericChatReader(problems));
		expect(problems.map((problem) => problem.line)).toEqual([7, 13, 18]);
		expect(problems[0]!.reason).toMatch(/line 7 is not valid JSON/u);
		expect(problems[2]!.reason).toMatch(/line 18 has no "role"/u);
		expect(roles(source)).toHaveLength(19);
	});
});
