import {open} from 'node:fs/promises';

export interface ArrayElement {
	index: number;
	/** The line the element starts on (1-based). */
	line: number;
	/** The element's JSON text, undecoded. */
	bytes: Buffer;
}

export interface ArrayProblem {
	line: number;
	reason: string;
}

const chunkBytes = 1 << 20;
export const maxElementBytes = 256 << 20;

/**
 * Yields the elements of a top-level JSON array one at a time, as raw bytes, by scanning for
 * where each element ends (tracking strings, escapes and nesting): a multi-gigabyte export never
 * has to be parsed as a whole.
 */
export async function* jsonArrayElements(file: string, onBytes?: (bytes: number) => void, onProblem?: (problem: ArrayProblem) => void): AsyncGenerator<ArrayElement> {
	const handle = await open(file, 'r');
	try {
		const buffer = Buffer.allocUnsafe(chunkBytes);
		let depth = 0;
		let inString = false;
		let escaped = false;
		let started = false;
		let line = 1;
		let index = 0;
		let parts: Buffer[] = [];
		let partBytes = 0;
		let elementLine = 0;
		let elementStart = -1;
		let tooBig = false;
		for (;;) {
			const {bytesRead} = await handle.read(buffer, 0, chunkBytes, null);
			if (bytesRead === 0) break;
			onBytes?.(bytesRead);
			const chunk = buffer.subarray(0, bytesRead);
			const ready: ArrayElement[] = [];
			for (let i = 0; i < bytesRead; i++) {
				const byte = chunk[i]!;
				if (byte === 10) line++;
				if (inString) {
					if (escaped) escaped = false;
					else if (byte === 92) escaped = true;
					else if (byte === 34) inString = false;
					continue;
				}
				if (byte === 34) {
					inString = true;
					if (depth === 1 && elementStart < 0 && parts.length === 0) {
						elementStart = i;
						elementLine = line;
					}
					continue;
				}
				if (byte === 91 || byte === 123) {
					if (!started) {
						if (byte !== 91) throw new Error('the file is not a JSON array');
						started = true;
						depth = 1;
						continue;
					}
					if (depth === 1 && elementStart < 0 && parts.length === 0) {
						elementStart = i;
						elementLine = line;
					}
					depth++;
				} else if (byte === 93 || byte === 125) {
					depth--;
					if (depth === 1 && (elementStart >= 0 || parts.length > 0)) {
						const tail = chunk.subarray(Math.max(0, elementStart), i + 1);
						if (!tooBig) ready.push({index, line: elementLine, bytes: parts.length > 0 ? Buffer.concat([...parts, tail]) : Buffer.from(tail)});
						else onProblem?.({line: elementLine, reason: `element ${index} (line ${elementLine}) is larger than ${maxElementBytes >> 20} MB and was skipped`});
						index++;
						parts = [];
						partBytes = 0;
						elementStart = -1;
						tooBig = false;
					} else if (depth === 0) {
						started = false;
					}
				}
			}
			// An element still open at the chunk's end is carried over.
			if (elementStart >= 0 || parts.length > 0) {
				const piece = chunk.subarray(Math.max(0, elementStart), bytesRead);
				if (!tooBig) {
					parts.push(Buffer.from(piece));
					partBytes += piece.length;
					if (partBytes > maxElementBytes) {
						tooBig = true;
						parts = [Buffer.alloc(0)];
					}
				}
				elementStart = -1;
			}
			for (const element of ready) yield element;
		}
		if (partBytes > 0 || depth > 0) onProblem?.({line, reason: `the JSON array is cut off: element ${index} (from line ${elementLine || line}) is incomplete`});
	} finally {
		await handle.close();
	}
}
