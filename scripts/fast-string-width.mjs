// Ink measures every line of every frame with string-width, whose grapheme segmentation is the
// slowest step of a frame once a line holds any non-ASCII character (a border, an arrow). Text
// made only of characters that are one column wide and never combine is as wide as it is long;
// everything else still goes to string-width. The bundle aliases `string-width` to this file.
import stringWidth from '../node_modules/string-width/index.js';

const narrow = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u25fc\u25ff\u2800-\u28ff]*$/u;
// SGR and other CSI sequences, and OSC strings: what Ink's own styling puts into a line.
const ansi = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/gu;

export default function fastStringWidth(text, options = {}) {
	if (typeof text !== 'string' || options.countAnsiEscapeCodes || options.ambiguousIsNarrow === false) return stringWidth(text, options);
	const plain = text.includes('\u001b') ? text.replace(ansi, '') : text;
	if (!plain.includes('\u001b') && !plain.includes('\u009b') && narrow.test(plain)) return plain.length;
	return stringWidth(text, options);
}
