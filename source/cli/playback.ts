import {existsSync, readFileSync, statSync} from 'node:fs';
import {checkWriteTarget, writeFileAtomic} from '../frames/files/atomic.js';
import path from 'node:path';
import type {DrillConfig} from '../core/registry.js';
import type {Depth} from '../core/depth.js';
import type {FramesConfig} from '../frames/config.js';
import {usageError} from './output.js';

export interface PlaybackFlags {
	keys: string;
	record?: string;
	size?: string;
	theme: 'dark' | 'light';
	color: boolean;
	depth: Depth;
	initial: {domain?: string; node?: string; query?: string};
	maxChars?: number;
}

export const defaultRecordingSize = {columns: 100, rows: 30};

export function parseSize(text: string | undefined): {columns: number; rows: number} {
	if (text === undefined) return defaultRecordingSize;
	const match = /^(\d{2,3})x(\d{1,3})$/u.exec(text);
	const columns = Number(match?.[1]);
	const rows = Number(match?.[2]);
	if (!match || columns < 40 || columns > 400 || rows < 10 || rows > 200) {
		throw usageError(`--size ${JSON.stringify(text)} is not COLSxROWS`, 'e.g. --size 100x30 (40–400 columns, 10–200 rows)');
	}
	return {columns, rows};
}

/**
 * Frames opened during a recording get names from a fixed clock and seeded entropy, so the same
 * script on the same store records the same screens, drill shas included.
 */
function recordingConfig(config: DrillConfig): DrillConfig & Pick<FramesConfig, 'now' | 'randomBytes'> {
	let tick = 0;
	let seed = 0x9e3779b9;
	return {
		...config,
		now: () => new Date(Date.UTC(2026, 10, 29, 12, 0, tick++)),
		randomBytes: (size: number) => {
			const bytes = Buffer.alloc(size);
			for (let i = 0; i < size; i++) {
				seed ^= seed << 13;
				seed ^= seed >>> 17;
				seed ^= seed << 5;
				bytes[i] = seed & 0xff;
			}
			return bytes;
		},
	};
}

/** A script file's text, or the argument itself when no such file exists. */
function scriptText(keys: string): string {
	if (keys.length < 4096 && existsSync(keys) && statSync(keys).isFile()) return readFileSync(keys, 'utf8');
	return keys;
}

/**
 * `drill --keys SCRIPT [--record FILE.cast] [--size COLSxROWS]`: plays the script against the app
 * in a headless terminal (no terminal needed, so it works in CI), writes the recording, and
 * prints the last screen.
 */
export async function playScript(flags: PlaybackFlags, config: DrillConfig, stdout: NodeJS.WritableStream): Promise<number> {
	const size = parseSize(flags.size);
	if (flags.record !== undefined && !flags.record.endsWith('.cast')) throw usageError(`--record ${JSON.stringify(flags.record)} should name a .cast file`, 'e.g. --record demo/browse.cast');
	if (flags.record !== undefined) checkWriteTarget(path.resolve(flags.record));
	// Ink draws only its last frame when it believes it runs in CI (it reads CI once, on load);
	// a recording wants every frame, and has a terminal of its own. Set before Ink loads.
	process.env.CI = '0';
	process.env.CONTINUOUS_INTEGRATION = '0';
	// Ink's cursor restorer writes ESC[?25h to stderr at exit even though it drew into the
	// recording, not into our stderr: keep that byte noise out of pipes and logs.
	if (!process.stderr.isTTY) {
		const write = process.stderr.write.bind(process.stderr);
		const quiet = (chunk: unknown, ...rest: unknown[]): boolean => (chunk === '\u001B[?25h' ? true : write(chunk as string, ...(rest as [])));
		process.stderr.write = quiet as typeof process.stderr.write;
	}
	const [{parseKeyScript}, {playKeys}, {createRuntime}, {createServices}, {actOver}, {runApp}] = await Promise.all([
		import('../record/key-script.js'),
		import('../record/playback.js'),
		import('../runtime.js'),
		import('../ui/services.js'),
		import('../act/node-actions.js'),
		import('../ui/load-app.js').then((module) => module.loadRunApp()),
	]);
	const steps = parseKeyScript(scriptText(flags.keys));
	const runtime = createRuntime(recordingConfig(config));
	const services = createServices(runtime, actOver(runtime));
	try {
		const title = flags.record ? path.basename(flags.record, '.cast') : 'drill';
		const result = await playKeys({
			steps,
			size,
			title,
			// No measured times on screen: the same script on the same store records the same bytes.
			runApp: (options) => runApp({...options, services, theme: flags.theme, color: flags.color, depth: flags.depth, initial: flags.initial, maxChars: flags.maxChars, showTimings: false}),
		});
		if (flags.record) {
			// Whole or not at all, and never over a device, a folder or a link (`--record /dev/null`).
			writeFileAtomic(path.resolve(flags.record), result.cast);
		}
		stdout.write(`${result.finalScreen.replace(/\s+$/u, '')}\n`);
		return 0;
	} finally {
		services.close();
	}
}
