import {DrillError} from '../core/errors.js';
import {utf8Text} from '../text/utf8.js';
import {parseItems, validateItem, type ItemRecord} from './interchange.js';

export interface ItemFailure {
	line?: number;
	index?: number;
	reason: string;
}

export type ReadEntry = {item: ItemRecord} | {failure: ItemFailure};

/** The most an input that is not JSON lines (one object or an array over many lines) may hold: it is parsed whole. */
const maxWholeBytes = 256 * 1024 * 1024;
const shape = 'give one item object, an array of items, or JSON lines of items';

/** An item of JSON lines (`line`), or the input's one item (`undefined`: reported as index 0, as parseItems does). */
function entryOf(value: unknown, line: number | undefined): ReadEntry {
	try {
		return {item: validateItem(value, line === undefined ? 'item' : `line ${line}`)};
	} catch (error) {
		if (!(error instanceof DrillError)) throw error;
		return {failure: line === undefined ? {index: 0, reason: error.line} : {line, reason: error.line}};
	}
}

/**
 * Reads interchange input as it arrives. JSON lines (what `drill export` writes) are validated
 * and handed on one line at a time, so memory holds one line however long the input is; anything
 * else (one object or an array spread over lines) is gathered and read whole, up to 256 MB, with
 * the same answers as `parseItems`. Binary input (a NUL byte, bytes that are not UTF-8) ends the
 * reading at its first line with one failure, instead of one per line of noise.
 */
export async function* readItems(chunks: AsyncIterable<Buffer>): AsyncGenerator<ReadEntry> {
	let mode = 'undecided' as 'undecided' | 'lines' | 'whole';
	let held: {value: unknown; line: number} | undefined;
	const whole: string[] = [];
	let wholeBytes = 0;
	let partial: Buffer[] = [];
	let partialBytes = 0;
	let lineNumber = 0;

	const binary = (line: number): DrillError =>
		new DrillError('bad_input', `line ${line} of the input is not UTF-8 text (a NUL byte or bytes that are not UTF-8): the input looks binary`, shape);

	// Handles one complete line; returns false when the reading must stop.
	function* takeLine(bytes: Buffer): Generator<ReadEntry, boolean> {
		lineNumber++;
		const decoded = utf8Text(bytes);
		if (decoded === undefined) {
			if (mode === 'lines') {
				yield {failure: {line: lineNumber, reason: binary(lineNumber).line}};
				return false;
			}
			throw binary(lineNumber);
		}
		const text = lineNumber === 1 ? decoded.replace(/^\uFEFF/u, '') : decoded;
		if (mode === 'whole') {
			wholeBytes += bytes.length + 1;
			if (wholeBytes > maxWholeBytes) throw tooLarge();
			whole.push(text);
			return true;
		}
		if (text.trim() === '') {
			if (mode === 'undecided') whole.push(text);
			return true;
		}
		let value: unknown;
		let parsed = true;
		try {
			value = JSON.parse(text);
		} catch (error) {
			parsed = false;
			value = (error as Error).message;
		}
		if (mode === 'undecided') {
			if (held === undefined && parsed && typeof value === 'object' && value !== null && !Array.isArray(value)) {
				held = {value, line: lineNumber};
				whole.push(text);
				return true;
			}
			if (held === undefined) {
				// Not an item on its first line: one document over many lines, read whole.
				mode = 'whole';
				whole.push(text);
				wholeBytes = whole.reduce((sum, part) => sum + Buffer.byteLength(part) + 1, 0);
				return true;
			}
			// A second line of JSON after an item: JSON lines.
			mode = 'lines';
			whole.length = 0;
			yield entryOf(held.value, held.line);
		}
		if (!parsed) yield {failure: {line: lineNumber, reason: `line ${lineNumber} is not valid JSON (${value as string})`}};
		else yield entryOf(value, lineNumber);
		return true;
	}

	const tooLarge = (): DrillError =>
		new DrillError('bad_input', `the input is over ${maxWholeBytes / 1024 / 1024} MB and is not JSON lines`, 'write the items as JSON lines, one item per line (as drill export does): those are read a line at a time, with no limit');

	for await (const chunk of chunks) {
		let start = 0;
		for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
			const piece = chunk.subarray(start, newline);
			const line = partial.length === 0 ? piece : Buffer.concat([...partial, piece]);
			partial = [];
			partialBytes = 0;
			start = newline + 1;
			if (!(yield* takeLine(line))) return;
		}
		if (start < chunk.length) {
			partial.push(chunk.subarray(start));
			partialBytes += chunk.length - start;
			if (partialBytes > maxWholeBytes) {
				if (mode !== 'lines') throw tooLarge();
				yield {failure: {line: lineNumber + 1, reason: `line ${lineNumber + 1} is over ${maxWholeBytes / 1024 / 1024} MB; no item is that large`}};
				return;
			}
		}
	}
	if (partial.length > 0 && !(yield* takeLine(Buffer.concat(partial)))) return;
	if (mode === 'lines') return;
	if (mode === 'undecided' && held !== undefined) {
		// The input was one line holding one item: the same answer parseItems gives.
		yield entryOf(held.value, undefined);
		return;
	}
	const parsed = parseItems(whole.join('\n'));
	for (const failure of parsed.failed) yield {failure};
	for (const item of parsed.items) yield {item};
}
