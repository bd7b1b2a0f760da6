import {describe, expect, it} from 'vitest';
import {sentencesOf} from '../../source/text/sentences.js';
import {clip, plainText} from '../../source/text/clean.js';

describe('sentencesOf', () => {
	it('does not end a sentence at a dot inside a file name or field path', () => {
		const sentences = sentencesOf('User prompts have `message.content` as a plain string on most lines. The lock sits on `prod/network.tfstate` in the bucket today.');
		expect(sentences).toEqual(['User prompts have message.content as a plain string on most lines.', 'The lock sits on prod/network.tfstate in the bucket today.']);
	});

	it('does not end a sentence at the dot that starts a dot file', () => {
		// A real Codex answer: "set .python-version to 3.10" was cut into "…, set" and "python-version to 3.10…".
		const sentences = sentencesOf('I will update go.mod to 1.24, set .python-version to 3.10 and remove TODO.md. Then I copy .env.example to .env for you.');
		expect(sentences).toEqual(['I will update go.mod to 1.24, set .python-version to 3.10 and remove TODO.md.', 'Then I copy .env.example to .env for you.']);
	});

	it('joins hard-wrapped lines but keeps list items apart', () => {
		const sentences = sentencesOf('The pickers move between the rooms\nconstantly during the shift.\n- First item of the list is here.\n- Second item of the list is here.');
		expect(sentences).toEqual(['The pickers move between the rooms constantly during the shift.', 'First item of the list is here.', 'Second item of the list is here.']);
	});

	it('leaves out code blocks and fragments that are not prose', () => {
		const text = 'Use the formatter instead of toFixed here.\n```ts\nexport const fmt = (cents: number) => cents / 100;\n```\nok';
		expect(sentencesOf(text)).toEqual(['Use the formatter instead of toFixed here.']);
	});

	it('finds no sentence in a run of symbols (sbd throws on "-----" alone: a text file of separated records failed to ingest)', () => {
		for (const rule of ['--------------------------', '========', '__________', '**********']) expect(sentencesOf(rule)).toEqual([]);
		expect(sentencesOf('what: hwclock --debug\nwhy: renamed to --verbose.')).not.toEqual([]);
	});

	it('strips markdown markup', () => {
		expect(plainText('## A **bold** move with [a link](http://x.y) and `code`')).toBe('A bold move with a link and code');
		expect(plainText("There's no ### Fixed under Unreleased yet, C# and #3 stay")).toBe("There's no Fixed under Unreleased yet, C# and #3 stay");
	});

	it('clips at a word boundary and says so', () => {
		expect(clip('one two three four five', 12)).toBe('one two…');
		expect(clip('short', 12)).toBe('short');
	});
});
