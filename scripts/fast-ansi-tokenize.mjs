// Ink turns every line of every frame into styled characters and back with this package, one
// character at a time: after string widths, the costliest steps of drawing a frame. Same results,
// less work:
// - `tokenize` walks a line grapheme by grapheme with Intl.Segmenter; a line made only of SGR codes
//   and characters that are one column wide and never combine (see fast-string-width.mjs) is
//   tokenized here character by character, every other line still by the package;
// - characters in a run of the same style share one styles array instead of a copy each, and
//   turning them back into text skips the style difference (three Sets per character) when two
//   neighbours have the same codes.
// The bundle resolves `@alcalzone/ansi-tokenize` to this file for every importer but this one
// (see scripts/build.mjs), which uses the package's public exports only: test/scripts/fast-paths
// checks that they still give the same tokens and text.
import {diffAnsiCodes, ansiCodesToString, reduceAnsiCodesIncremental, tokenize as graphemeTokenize} from '@alcalzone/ansi-tokenize';
import {isNarrow} from '../source/text/narrow.ts';

export * from '@alcalzone/ansi-tokenize';

const sgrCodes = /\u001b\[[0-9;]*m/gu;
const sgrAt = /\u001b\[[0-9;]*m/uy;
const codeTokens = new Map();

export function tokenize(text, endChar = Number.POSITIVE_INFINITY) {
	if (!isNarrow(text.includes('\u001b') ? text.replace(sgrCodes, '') : text)) return graphemeTokenize(text, endChar);
	const tokens = [];
	let visible = 0;
	for (let index = 0; index < text.length; ) {
		if (text.charCodeAt(index) === 0x1b) {
			sgrAt.lastIndex = index;
			const code = sgrAt.exec(text)[0];
			let parsed = codeTokens.get(code);
			if (!parsed) {
				parsed = graphemeTokenize(code);
				codeTokens.set(code, parsed);
			}
			for (const token of parsed) tokens.push({type: 'ansi', code: token.code, endCode: token.endCode});
			index += code.length;
			continue;
		}
		tokens.push({type: 'char', value: text[index], fullWidth: false});
		index++;
		if (++visible >= endChar) break;
	}
	return tokens;
}

export function styledCharsFromTokens(tokens) {
	let codes = [];
	const chars = [];
	for (const token of tokens) {
		if (token.type === 'ansi') codes = reduceAnsiCodesIncremental(codes, [token]);
		// A literal, not a spread: one object shape for every character, several times faster.
		else if (token.type === 'char') chars.push({type: 'char', value: token.value, fullWidth: token.fullWidth, styles: codes});
	}
	return chars;
}

function sameCodes(a, b) {
	if (a === b) return true;
	if (a.length !== b.length) return false;
	for (let index = 0; index < a.length; index++) if (a[index].code !== b[index].code) return false;
	return true;
}

export function styledCharsToString(chars) {
	let text = '';
	for (let index = 0; index < chars.length; index++) {
		const char = chars[index];
		if (index === 0) text += ansiCodesToString(char.styles);
		else if (!sameCodes(chars[index - 1].styles, char.styles)) text += ansiCodesToString(diffAnsiCodes(chars[index - 1].styles, char.styles));
		text += char.value;
		if (index === chars.length - 1 && char.styles.length > 0) text += ansiCodesToString(diffAnsiCodes(char.styles, []));
	}
	return text;
}
