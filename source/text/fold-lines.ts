/**
 * Long text shown folded: its head and tail with the number of lines left out between them. The
 * store keeps every line (search finds words from the middle); only what is shown is folded.
 */

/** Text of more than this many lines is folded to its first `headLines` and last `tailLines`. */
export const foldAboveLines = 80;
const headLines = 50;
const tailLines = 20;

export function foldLines(text: string): string {
	let newlines = 0;
	for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
		if (++newlines >= foldAboveLines) break;
	}
	if (newlines < foldAboveLines) return text;
	const lines = text.split('\n');
	if (lines.length <= foldAboveLines) return text;
	const left = lines.length - headLines - tailLines;
	return [...lines.slice(0, headLines), `[… ${left.toLocaleString('en-US')} lines left out …]`, ...lines.slice(-tailLines)].join('\n');
}
