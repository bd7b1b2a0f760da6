// Ink measures every line of every frame with string-width, whose grapheme segmentation is the
// slowest step of a frame once a line holds any non-ASCII character (a border, an arrow). Text
// made only of characters that are one column wide and never combine is as wide as it is long;
// everything else still goes to string-width. The bundle resolves `string-width` to this file for
// every importer but this one (see scripts/build.mjs).
import stringWidth from 'string-width';
import {isNarrow} from '../source/text/narrow.ts';

// SGR and other CSI sequences, and OSC strings: what Ink's own styling puts into a line.
const ansi = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/gu;

export default function fastStringWidth(text, options = {}) {
	if (typeof text !== 'string' || options.countAnsiEscapeCodes || options.ambiguousIsNarrow === false) return stringWidth(text, options);
	const plain = text.includes('\u001b') ? text.replace(ansi, '') : text;
	if (!plain.includes('\u001b') && !plain.includes('\u009b') && isNarrow(plain)) return plain.length;
	return stringWidth(text, options);
}
