import type {BlockKind, Unit} from '../model.js';

/** Raw text kept per span: documents are split into spans of at most this size. */
export const maxSpanChars = 32 * 1024;
/** A block bigger than this is split at line boundaries into units of about `pieceChars`, for segmentation. */
const splitAboveChars = 8 * 1024;
const pieceChars = 4 * 1024;
/** Tool output is kept up to this size, the cut stated. */
export const maxToolChars = 64 * 1024;

/** Cuts text into pieces of about `size` characters, at a newline, else at a space, else anywhere. */
export function pieces(text: string, size: number, hardMax = maxSpanChars): string[] {
	const out: string[] = [];
	let start = 0;
	while (text.length - start > size) {
		// Look for a cut only inside this piece's window: searching back from the end of a huge
		// line with no newline would rescan it from the start for every piece.
		const window = text.slice(start, start + Math.min(size, hardMax) + 1);
		let cut = window.lastIndexOf('\n');
		if (cut <= size / 4) cut = window.lastIndexOf(' ');
		if (cut <= size / 4) cut = window.length - 1;
		out.push(text.slice(start, start + cut));
		start += cut;
		while (start < text.length && (text.charCodeAt(start) === 10 || text.charCodeAt(start) === 32)) start++;
	}
	if (start < text.length) out.push(text.slice(start));
	return out;
}

/** Units for one block of a document: one, or several when the block is long. */
export function documentUnits(role: string, kind: BlockKind, text: string): Unit[] {
	if (text.length <= splitAboveChars) return [{blocks: [{role, kind, text}]}];
	return pieces(text, pieceChars).map((piece) => ({blocks: [{role, kind, text: piece}]}));
}

/** Tool output up to the cap, saying how much was cut. */
export function capToolText(text: string): string {
	if (text.length <= maxToolChars) return text;
	return `${text.slice(0, maxToolChars)}\n[… cut: ${(text.length - maxToolChars).toLocaleString('en-US')} more characters of tool output not kept]`;
}
