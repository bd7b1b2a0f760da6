import {open} from 'node:fs/promises';

export interface Line {
	/** 1-based. */
	number: number;
	text: string;
	/** Why the line could not be read as text (invalid UTF-8, too long); `text` is then ''. */
	problem?: string;
	/** What to do about the problem: the two have different cures. */
	fix?: string;
}


const chunkBytes = 1 << 20;
export const maxLineBytes = 32 << 20;
const maxLineLabel = `${maxLineBytes >> 20} MB`;
const encodingFix = 'convert the file to UTF-8 (e.g. iconv -f LATIN1 -t UTF-8)';
const lengthFix = `break it into lines or paragraphs (e.g. fold -s -w 120) or split the file: one line may hold at most ${maxLineLabel}`;

/**
 * Reads a file as UTF-8 lines, a batch per chunk, without holding the file in memory. A line
 * with invalid UTF-8 or longer than 32 MB comes back with a `problem` instead of text, so one bad
 * line never costs the rest. `onBytes` hears of every chunk read (for progress); `sizeHint`, the
 * file's size when known, sizes the read buffer (a file that grew since is still read whole).
 */
export async function* readLines(file: string | Uint8Array, onBytes?: (bytes: number) => void, sizeHint?: number): AsyncGenerator<Line[]> {
	// A file's bytes already read (a small file sniffed whole) are read as one chunk.
	const handle = typeof file === 'string' ? await open(file, 'r') : undefined;
	let given = typeof file === 'string' ? undefined : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
	const strict = new TextDecoder('utf-8', {fatal: true, ignoreBOM: false});
	try {
		let pending: Buffer[] = [];
		let pendingBytes = 0;
		let skipping = false;
		let number = 0;
		// A small file gets a small buffer: a thousand pages must not cost a thousand megabytes of garbage.
		const buffer = handle ? Buffer.allocUnsafe(sizeHint === undefined ? chunkBytes : Math.min(chunkBytes, Math.max(16 << 10, sizeHint + 1))) : Buffer.alloc(0);
		const decodeLines = (bytes: Buffer, out: Line[]) => {
			// Fast path: the whole run of lines decodes at once.
			let text: string | undefined;
			try {
				text = strict.decode(bytes);
			} catch {
				text = undefined;
			}
			if (text !== undefined) {
				if (number === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
				const parts = text.split('\n');
				for (const part of parts) out.push({number: ++number, text: part.endsWith('\r') ? part.slice(0, -1) : part});
				return;
			}
			let start = 0;
			for (;;) {
				const end = bytes.indexOf(10, start);
				const slice = bytes.subarray(start, end === -1 ? bytes.length : end);
				number++;
				try {
					let line = strict.decode(slice);
					if (number === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
					out.push({number, text: line.endsWith('\r') ? line.slice(0, -1) : line});
				} catch {
					out.push({number, text: '', problem: 'is not valid UTF-8', fix: encodingFix});
				}
				if (end === -1) break;
				start = end + 1;
			}
		};
		for (;;) {
			let chunk: Buffer;
			if (handle) {
				const {bytesRead} = await handle.read(buffer, 0, buffer.length, null);
				chunk = buffer.subarray(0, bytesRead);
			} else {
				chunk = given ?? Buffer.alloc(0);
				given = undefined;
			}
			const bytesRead = chunk.length;
			if (bytesRead === 0) break;
			onBytes?.(bytesRead);
			const out: Line[] = [];
			let start = 0;
			const lastNewline = chunk.lastIndexOf(10);
			if (skipping) {
				const end = chunk.indexOf(10);
				if (end === -1) continue;
				skipping = false;
				start = end + 1;
			}
			if (lastNewline >= start) {
				const head = chunk.subarray(start, lastNewline);
				const whole = pendingBytes > 0 ? Buffer.concat([...pending, head]) : head;
				pending = [];
				pendingBytes = 0;
				decodeLines(whole, out);
				start = lastNewline + 1;
			}
			if (start < bytesRead) {
				const rest = Buffer.from(chunk.subarray(start));
				pending.push(rest);
				pendingBytes += rest.length;
				if (pendingBytes > maxLineBytes) {
					out.push({number: ++number, text: '', problem: `is longer than the limit of ${maxLineLabel} for one line`, fix: lengthFix});
					pending = [];
					pendingBytes = 0;
					skipping = true;
				}
			}
			if (out.length > 0) yield out;
		}
		if (pendingBytes > 0) {
			const out: Line[] = [];
			decodeLines(Buffer.concat(pending), out);
			yield out;
		}
	} finally {
		await handle?.close();
	}
}
