import {execFileSync} from 'node:child_process';

/** Makes a named pipe at `file` (node has no mkfifo of its own). */
export function makeFifo(file: string): void {
	const mkfifo = '/usr/bin/mkfifo';
	execFileSync(mkfifo, [file]);
}
