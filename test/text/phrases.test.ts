import {describe, expect, it} from 'vitest';
import {clauseTitle, keyPhrases} from '../../source/text/phrases.js';
import {termOf} from '../../source/text/summary-words.js';

describe('clauseTitle', () => {
	it('uses the first sentence that names something', () => {
		expect(clauseTitle('Nice. Can you add a changelog entry? We use Keep a Changelog.')).toBe('Can you add a changelog entry?');
	});

	it('cuts a long first sentence at a clause', () => {
		expect(clauseTitle('The `convert.test.ts` suite in payments keeps failing on CI, maybe 1 run in 10 — always "converts EUR→BRL using the cached rate".')).toBe(
			'The convert.test.ts suite in payments keeps failing on CI',
		);
	});

	it('cuts before a small word when there is no clause, and drops asides in parentheses', () => {
		expect(clauseTitle('terraform plan in infra/prod has been failing since this morning with a state lock error. Nobody admits to it.')).toBe(
			'Terraform plan in infra/prod has been failing since this morning',
		);
		expect(clauseTitle('I need weekly active users for the last 12 weeks from the events table (user_id, event_name, occurred_at).')).toBe(
			'I need weekly active users for the last 12 weeks from the events table',
		);
	});

	it('gives nothing for chatter and for code', () => {
		expect(clauseTitle('ok so what do we do')).toBeUndefined();
		expect(clauseTitle('perfect, thanks 🙏')).toBeUndefined();
		expect(clauseTitle('{"role": "user", "content": "x"}')).toBeUndefined();
	});
});

describe('keyPhrases', () => {
	it('finds runs of topic words as written, preferring a phrase of several words', () => {
		const weight = (term: string) => (term === termOf('connection') ? 3 : term === termOf('pool') ? 3 : 1);
		const phrases = keyPhrases(['The connection pool was exhausted by the importer.', 'Another connection pool limit was hit.'], weight);
		expect(phrases[0]!.text).toBe('connection pool');
	});
});
