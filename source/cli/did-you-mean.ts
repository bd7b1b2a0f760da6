import {editDistance} from '../core/edit-distance.js';

/**
 * The one candidate a mistyped word most likely meant (`wlak` → `walk`, `--dept` → `--depth`,
 * `--groupby` → `--group-by`, `--Depth` → `--depth`, `--max-char` → `--max-chars`), or undefined
 * when none is close or two are equally close.
 */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
	const plain = (text: string) => text.toLowerCase().replace(/^-+/u, '').replace(/[-_]/gu, '');
	const wanted = plain(word);
	if (wanted === '') return undefined;
	// The same word but for case, dashes or underscores.
	const same = candidates.filter((candidate) => plain(candidate) === wanted);
	if (same.length === 1) return same[0];
	// Typos: an edit distance of one in four letters at most (transpositions count one).
	const limit = Math.max(1, Math.floor(wanted.length / 4));
	let best: string | undefined;
	let bestDistance = limit + 1;
	let tied = false;
	for (const candidate of candidates) {
		const distance = editDistance(wanted, plain(candidate));
		if (distance < bestDistance) [best, bestDistance, tied] = [candidate, distance, false];
		else if (distance === bestDistance && candidate !== best) tied = true;
	}
	if (best !== undefined && !tied) return best;
	// Cut short: the start of exactly one candidate.
	const longer = wanted.length >= 3 ? candidates.filter((candidate) => plain(candidate).startsWith(wanted)) : [];
	return longer.length === 1 ? longer[0] : undefined;
}

/** `did you mean walk? ` (with the trailing space), or '' when nothing is close. */
export function suggestion(word: string, candidates: readonly string[]): string {
	const meant = didYouMean(word, candidates);
	return meant === undefined ? '' : `did you mean ${meant}? `;
}
