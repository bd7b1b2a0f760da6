import {stem} from '../../text/index-words.js';

/**
 * Which words of a text are query terms: a word's Porter stem keeps its first letter, so a word
 * whose first letter no term starts with is skipped without stemming (most words of a text, for a
 * query of a few terms). Stems found are kept per matcher (one query).
 */
export class TermMatcher {
	private readonly initials: Set<string>;
	private readonly seen = new Map<string, string | null>();

	constructor(readonly terms: ReadonlySet<string>) {
		this.initials = new Set([...terms].map((term) => term[0] ?? ''));
	}

	/** The term `word` (lowercased, as `words` gives it) stems to, or undefined when it is none of them. */
	term(word: string): string | undefined {
		if (!this.initials.has(word[0] ?? '')) return undefined;
		let found = this.seen.get(word);
		if (found === undefined) {
			const stemmed = stem(word);
			found = this.terms.has(stemmed) ? stemmed : null;
			this.seen.set(word, found);
		}
		return found ?? undefined;
	}
}
