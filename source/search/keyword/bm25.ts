/** BM25's saturation and length normalization, as FTS5's bm25() uses them. */
const k1 = 1.2;
const b = 0.75;

export interface CountedText {
	/** Query terms (stems) found in the text, with their (possibly field-weighted) counts. */
	frequencies: ReadonlyMap<string, number>;
	/** All the words of the text. */
	length: number;
}

/** BM25 of each text against the others given (their mean length stands for the collection's). */
export function bm25Scores(texts: readonly CountedText[], idf: ReadonlyMap<string, number>): number[] {
	const average = Math.max(1, texts.reduce((sum, text) => sum + text.length, 0) / Math.max(1, texts.length));
	return texts.map(({frequencies, length}) => {
		let score = 0;
		for (const [term, tf] of frequencies) score += ((idf.get(term) ?? 0) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / average));
		return score;
	});
}
