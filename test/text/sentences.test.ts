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

	it('never ends a sentence at e.g., i.e., U.S. or a.k.a. (a summary read "…by service and version, e.g.")', () => {
		const text = 'Latency is broken down by service and version, e.g. checkout-api 2.3 against 2.4, with a p99 per route. We ship it i.e. the dashboard today, in the U.S. office. The daemon a.k.a. the agent restarts.';
		expect(sentencesOf(text)).toEqual([
			'Latency is broken down by service and version, e.g. checkout-api 2.3 against 2.4, with a p99 per route.',
			'We ship it i.e. the dashboard today, in the U.S. office.',
			'The daemon a.k.a. the agent restarts.',
		]);
		for (const sentence of sentencesOf(text)) expect(sentence).not.toMatch(/\b(?:e\.g|i\.e)\.$/u);
	});

	it('a clipped text never ends inside a word without "…", nor on a lead-in such as e.g.', () => {
		// As filed: a TLDR shown as "WAL archiving is enabl".
		const tldr = 'WAL archiving is enabled on the primary and the replicas replay it within a second, so a failover loses nothing that was committed.';
		for (let max = 10; max < tldr.length; max += 7) {
			const cut = clip(tldr, max);
			expect(cut.length).toBeLessThanOrEqual(max);
			expect(cut.endsWith('…')).toBe(true);
			// What is kept ends with a whole word of the text.
			const kept = cut.slice(0, -1);
			expect(tldr.startsWith(kept)).toBe(true);
			expect(kept.length === max - 1 || /[\s,.;:—-]/u.test(tldr[kept.length] ?? ' ')).toBe(true);
		}
		expect(clip('Latency is broken down by service and version, e.g. checkout-api against cart', 55)).toBe('Latency is broken down by service and version…');
		expect(clip('Pools sized by traffic, such as the checkout pool and the cart pool', 34)).toBe('Pools sized by traffic…');
		// One long word: cut inside it, but marked, and never through a character.
		expect(clip('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
		expect(clip(`${'a'.repeat(8)}😀😀`, 10)).toBe(`${'a'.repeat(8)}…`);
	});

	it('splits prose without a dot, or with dots but no abbreviation, as before (the dot patterns run only where a dot is)', () => {
		expect(sentencesOf('Retries back off exponentially up to a cap! Does the pool drain first?')).toEqual(['Retries back off exponentially up to a cap!', 'Does the pool drain first?']);
		expect(sentencesOf('Edit config.yaml and restart the worker now. Then check the .env file again.')).toEqual(['Edit config.yaml and restart the worker now.', 'Then check the .env file again.']);
		// Curly quotes and dashes are above U+1100 but no CJK letters: still read as a Latin sentence.
		expect(sentencesOf('It’s the pool — not the retries — that runs dry.')).toEqual(['It’s the pool — not the retries — that runs dry.']);
	});

	it('reads CJK sentences, written without spaces, and ends them at 。！？', () => {
		expect(sentencesOf('剛才的修正已經提交並推送到遠端了。目前沒有未提交的變更！')).toEqual(['剛才的修正已經提交並推送到遠端了。', '目前沒有未提交的變更！']);
		expect(sentencesOf('有的！Skill 的 references/llms-full.md 中有記載 useTemplateRef() 的用法與型別推斷。')).toContain('Skill 的 references/llms-full.md 中有記載 useTemplateRef() 的用法與型別推斷。');
		// A short exclamation or a line of code is still no sentence.
		expect(sentencesOf('好的！')).toEqual([]);
	});
});

