/**
 * Words in scripts written without spaces (Chinese, Japanese; Korean's spaced words too, and
 * Thai, Lao, Khmer and Burmese): a run of their letters is split into words by the platform's
 * `Intl.Segmenter` (ICU's dictionaries), so "修复登录页面" is 修复 · 登录 · 页面, not one word.
 * The segmenter is made on first use (the bundle makes every one lazy: scripts/lazy-segmenter.mjs).
 */

/** Han, kana, Hangul, Thai, Lao, Khmer, Myanmar: where a run of letters is not one word. */
const unspaced = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

export function hasUnspacedScript(text: string): boolean {
	return unspaced.test(text);
}

let segmenter: Intl.Segmenter | undefined;

type RunWords = ReadonlyArray<{readonly start: number; readonly end: number}>;

/**
 * The words of runs already split. An ingest reads each text more than once (the summarizer, the
 * semantic counts, the keyword rows each split it into words), and the segmenter, the costliest
 * part of reading Chinese or Japanese, gives the same words for the same run every time.
 */
const splitRuns = new Map<string, RunWords>();
const maxSplitRuns = 20_000;
/** Longer runs are split again each time: the cache holds at most 20 000 runs of 64 characters. */
const maxSplitRunLength = 64;

/**
 * The words of one run of letters (a word as the scanners see it) with their offsets in it: the
 * run itself when it has no unspaced script.
 */
export function splitRun(run: string): RunWords {
	if (!unspaced.test(run)) return [{start: 0, end: run.length}];
	const known = splitRuns.get(run);
	if (known) return known;
	segmenter ??= new Intl.Segmenter(undefined, {granularity: 'word'});
	const parts: Array<{start: number; end: number}> = [];
	for (const part of segmenter.segment(run)) {
		if (part.isWordLike === false) continue;
		parts.push({start: part.index, end: part.index + part.segment.length});
	}
	const words = parts.length > 0 ? parts : [{start: 0, end: run.length}];
	if (run.length <= maxSplitRunLength) {
		if (splitRuns.size >= maxSplitRuns) splitRuns.clear();
		// A copy: the run may be a slice of a whole text, which the key would keep alive.
		splitRuns.set([...run].join(''), words);
	}
	return words;
}

const letterRun = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The text with a space between the words of each Chinese or Japanese run, for a tokenizer that
 * splits at spaces and punctuation only (SQLite FTS5's unicode61): "修复登录" → "修复 登录".
 * Other text is returned as it is.
 */
export function spacedWords(text: string): string {
	if (!unspaced.test(text)) return text;
	return text.replace(letterRun, (run) => {
		if (!unspaced.test(run)) return run;
		return splitRun(run)
			.map(({start, end}) => run.slice(start, end))
			.join(' ');
	});
}

/** True when a word is written in an unspaced script: its length says nothing of whether it is a word. */
export const isUnspacedWord = (word: string) => unspaced.test(word);

/**
 * `text` cut to at most `max` characters at a word boundary: the last space in its second half,
 * else the last word boundary the segmenter finds (Chinese, Japanese, Thai have no spaces) past
 * its first third, else at `max`; never inside a character.
 * Returns the text whole when it fits; the caller adds its own ellipsis.
 */
export function cutAtWord(text: string, max: number): string {
	if (text.length <= max) return text;
	let cut = text.slice(0, max);
	// Not half of a surrogate pair.
	if (/[\uD800-\uDBFF]$/u.test(cut)) cut = cut.slice(0, -1);
	const space = cut.lastIndexOf(' ');
	if (space > max * 0.5) return cut.slice(0, space);
	segmenter ??= new Intl.Segmenter(undefined, {granularity: 'word'});
	let boundary = 0;
	for (const part of segmenter.segment(text.slice(0, max + 40))) {
		const end = part.index + part.segment.length;
		if (end > cut.length) break;
		boundary = end;
	}
	return (boundary > max * 0.3 ? cut.slice(0, boundary) : cut).trimEnd();
}
