/**
 * Characters that are one column wide on their own and never combine: ASCII, Latin-1 and Latin
 * extended, general punctuation, arrows, box drawing, geometric shapes (less two emoji) and braille.
 * Text made only of these is as wide as it is long; string-width's grapheme segmentation, the
 * slowest part of drawing a frame, is needed only for the rest. The soft hyphen (U+00AD), the
 * line and paragraph separators and the bidi controls (U+2028–U+202F) are left out on purpose.
 */
const narrow = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u25fc\u25ff\u2800-\u28ff]*$/u;

/** True when every character of `text` is one column wide and combines with nothing. */
export function isNarrow(text: string): boolean {
	return narrow.test(text);
}
