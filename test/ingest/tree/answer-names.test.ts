import {describe, expect, it} from 'vitest';
import type {Unit} from '../../../source/ingest/model.js';
import {answerNames} from '../../../source/ingest/tree/answer-names.js';
import {sessionTldr} from '../../../source/ingest/tree/session-tldr.js';

const answer = (text: string): Unit => ({blocks: [{role: 'assistant', kind: 'prose', text}]});
const outcome = (report: string[], commits: {subject: string; hash?: string}[] = []) => ({report, commits, endingNamesWork: false, endingNamesRequest: false});

describe('the names the answers quote', () => {
	it('keeps files and identifiers quoted in two answers or more, the most quoted first; code in fences and words in backticks are not names', () => {
		const units = [
			answer("Let's update the `politipo.py` file: the `TypeConverter` class compares types twice."),
			answer('```python\nclass `NotAName`:\n    `inFence` = `politipo.py`\n```\nNow `TypeConverter` returns early. Run `pytest` again.'),
			answer('All 27 tests pass: `TypeConverter` and `politipo.py` are fixed, and `to_pydantic` too. Run `pytest`.'),
			answer('`to_pydantic` keeps its signature.'),
			answer('Only once: `sqlmodel_helpers.py`.'),
		];
		expect(answerNames(units, 3)).toEqual(['TypeConverter', 'politipo.py', 'to_pydantic']);
		expect(answerNames(units, 1)).toEqual(['TypeConverter']);
		// The person's text is no answer.
		expect(answerNames([{blocks: [{role: 'user', kind: 'prose', text: '`TypeConverter` `TypeConverter`'}]}, answer('`TypeConverter`')], 3)).toEqual([]);
	});

	it('a TLDR names them only when no edited file is known, and the commits come first when both do not fit', () => {
		const report = ['All 27 tests are now passing.'];
		expect(sessionTldr({others: 0, files: [], names: ['TypeConverter', 'politipo.py'], outcome: outcome(report)})).toBe('All 27 tests are now passing. About TypeConverter, politipo.py.');
		expect(sessionTldr({others: 0, files: ['rates.ts'], names: ['TypeConverter', 'src/rates.ts'], outcome: outcome(report)})).toBe('All 27 tests are now passing. Edited rates.ts; about TypeConverter.');
		// A name the TLDR already says is not said again.
		expect(sessionTldr({others: 0, files: [], names: ['pytest'], outcome: outcome(['pytest passes now.'])})).toBe('pytest passes now.');
		const long = 'The report goes on about the fix for a long while, word after word, until little room is left'.split(' ');
		const tight = sessionTldr({others: 0, files: [], names: ['TypeConverter', 'politipo.py', 'to_pydantic'], outcome: outcome([`${[...long, ...long, ...long].slice(0, 52).join(' ')}.`], [{subject: 'Fix TypeConverter comparison', hash: '1a2b3c4d'}])});
		expect(tight).toMatch(/Committed Fix TypeConverter comparison \(1a2b3c4\)\.$/u);
		expect(tight).not.toMatch(/About/u);
	});
});
