import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {jsonArrayElements, type ArrayProblem} from '../../../source/ingest/io/json-array.js';
import {tempDir} from '../../helpers/cli.js';

describe('jsonArrayElements', () => {
	it('yields each element of a top-level array, with brackets and quotes inside strings', async () => {
		const values = Array.from({length: 3000}, (_, i) => ({id: i, text: `a "quoted" {brace} [bracket] \\ back ${'x'.repeat(i % 900)}`, nested: {list: [1, [2, {three: ']'}]]}}));
		const file = path.join(tempDir(), 'array.json');
		writeFileSync(file, JSON.stringify(values, null, 2));
		const seen: unknown[] = [];
		for await (const element of jsonArrayElements(file)) seen.push(JSON.parse(element.bytes.toString('utf8')));
		expect(seen).toEqual(values);
	});

	it('gives the line each element starts on, and reports a cut-off array', async () => {
		const file = path.join(tempDir(), 'cut.json');
		writeFileSync(file, '[\n  {"a": 1},\n  {"b": 2},\n  {"c": ');
		const lines: number[] = [];
		const problems: ArrayProblem[] = [];
		for await (const element of jsonArrayElements(file, undefined, (problem) => problems.push(problem))) lines.push(element.line);
		expect(lines).toEqual([2, 3]);
		expect(problems).toHaveLength(1);
		expect(problems[0]!.reason).toMatch(/cut off/u);
	});
});
