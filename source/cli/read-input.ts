import {readFileSync, statSync} from 'node:fs';
import {DrillError} from '../core/errors.js';

/** Reads a file, or standard input for "-", as UTF-8 text, with one-line errors. */
export async function readInput(file: string): Promise<string> {
	if (file === '-') {
		if (process.stdin.isTTY) throw new DrillError('bad_argument', 'reading from - but standard input is a terminal', 'pipe the JSON in, e.g. drill import - < items.json');
		const chunks: Buffer[] = [];
		for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
		return Buffer.concat(chunks).toString('utf8');
	}
	try {
		if (statSync(file).isDirectory()) throw new DrillError('bad_argument', `${file} is a folder`, 'give a JSON file, or - for standard input');
		return readFileSync(file, 'utf8');
	} catch (error) {
		if (error instanceof DrillError) throw error;
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT') throw new DrillError('not_found', `no file ${file}`, 'check the path');
		throw new DrillError('io_error', `cannot read ${file} (${(error as Error).message})`, 'check its permissions');
	}
}
