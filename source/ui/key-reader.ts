/** The parts of a stream the app reads keys from: a TTY, or any readable (key playback, tests). */
export interface KeySource {
	on(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
	off(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
	setEncoding?(encoding: BufferEncoding): unknown;
	resume?(): unknown;
	pause?(): unknown;
	isTTY?: boolean;
	setRawMode?(mode: boolean): unknown;
}

/**
 * Reads raw input and hands every chunk, whole, to `onInput`. On a terminal it switches raw mode
 * on (and off again when stopped); any other stream is read as it is. Returns the stop function.
 */
export function readKeys(source: KeySource, onInput: (raw: string) => void): () => void {
	const raw = Boolean(source.isTTY && source.setRawMode);
	if (raw) source.setRawMode!(true);
	source.setEncoding?.('utf8');
	const listener = (chunk: string | Buffer) => onInput(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
	source.on('data', listener);
	source.resume?.();
	let stopped = false;
	return () => {
		if (stopped) return;
		stopped = true;
		source.off('data', listener);
		if (raw) source.setRawMode!(false);
		source.pause?.();
	};
}
