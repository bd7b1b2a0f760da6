import {createReadStream, statSync} from 'node:fs';
import {DrillError} from '../core/errors.js';
import {utf8Text} from '../text/utf8.js';

function describe(file: string): string {
	return file === '-' ? 'standard input' : file;
}

function ioError(file: string, error: unknown): DrillError {
	if (error instanceof DrillError) return error;
	const code = (error as NodeJS.ErrnoException).code;
	if (code === 'ENOENT') return new DrillError('not_found', `no file ${file}`, 'check the path');
	return new DrillError('io_error', `cannot read ${describe(file)} (${code ?? (error as Error).message})`, 'check its permissions');
}

/**
 * The bytes of a file, or of standard input for "-", as they arrive. A regular file or a pipe
 * (`drill import <(cmd)`) is read; a folder or a device (/dev/zero would never end) is refused
 * before anything is read.
 */
export async function* inputChunks(file: string): AsyncGenerator<Buffer> {
	if (file === '-') {
		if (process.stdin.isTTY) throw new DrillError('bad_argument', 'reading from - but standard input is a terminal', 'pipe the JSON in, e.g. drill import - < items.json');
		for await (const chunk of process.stdin) yield chunk as Buffer;
		return;
	}
	let stat;
	try {
		stat = statSync(file);
	} catch (error) {
		throw ioError(file, error);
	}
	if (stat.isDirectory()) throw new DrillError('bad_argument', `${file} is a folder`, 'give a file, or - for standard input');
	if (!stat.isFile() && !stat.isFIFO()) throw new DrillError('bad_argument', `${file} is a device or a socket, not a file`, 'give a file, a pipe, or - for standard input');
	try {
		for await (const chunk of createReadStream(file)) yield chunk as Buffer;
	} catch (error) {
		throw ioError(file, error);
	}
}

const maxTextBytes = 64 * 1024 * 1024;

/** Reads a file, or standard input for "-", as UTF-8 text (at most 64 MB), with one-line errors. */
export async function readInput(file: string): Promise<string> {
	const chunks: Buffer[] = [];
	let bytes = 0;
	for await (const chunk of inputChunks(file)) {
		bytes += chunk.length;
		if (bytes > maxTextBytes) throw new DrillError('bad_input', `${describe(file)} is over ${maxTextBytes / 1024 / 1024} MB`, 'give a smaller file');
		chunks.push(chunk);
	}
	const text = utf8Text(Buffer.concat(chunks));
	if (text === undefined) throw new DrillError('bad_input', `${describe(file)} is not UTF-8 text (it looks binary)`, 'give a UTF-8 text file');
	return text;
}
