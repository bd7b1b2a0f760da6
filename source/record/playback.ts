import {EventEmitter} from 'node:events';
import xterm from '@xterm/headless';
import {DrillError} from '../core/errors.js';
import type {RunAppOptions} from '../ui/run-app.js';
import type {AppController} from '../ui/controller.js';
import {formatAsciicast, type AsciicastEvent} from './asciicast.js';
import type {ScriptStep} from './key-script.js';
import {redrawChangedRows, screenRows, screenText, serializeScreen} from './screen.js';

const {Terminal} = xterm;

/** Script time each key press takes in a recording: typing looks typed, commands look deliberate. */
export const typedKeySeconds = 0.08;
export const namedKeySeconds = 0.6;
/**
 * How long the output must stay quiet before a step counts as drawn. Ink draws a state change
 * within a frame (about 16 ms); the margin covers a loaded machine, where a late frame would
 * otherwise land in the next step and make two recordings of one script differ.
 */
const quietMs = 120;
const maxSettleMs = 10_000;

export interface PlaybackOptions {
	steps: ScriptStep[];
	size: {columns: number; rows: number};
	/** Runs the app; playback passes it streams of its own (a fake terminal). */
	runApp(options: Pick<RunAppOptions, 'stdin' | 'stdout' | 'size' | 'alternateScreen' | 'onStart'>): Promise<number>;
	title?: string;
}

export interface PlaybackResult {
	/** The asciicast v2 text: identical for the same script, store and size. */
	cast: string;
	/** The last screen, as plain text. */
	finalScreen: string;
	exitCode: number;
}

/** Keys fed to the app the way a terminal would deliver them. */
class ScriptedKeys extends EventEmitter {
	readonly isTTY = false;
	send(bytes: string): void {
		this.emit('data', bytes);
	}
}

/**
 * Plays a key script against the app in a headless terminal of a fixed size. After each key the
 * app is left to finish its work (searches, loads) and draw; the screen is then taken whole, so
 * the recording depends on what the app shows, not on how fast this machine drew it.
 */
export async function playKeys(options: PlaybackOptions): Promise<PlaybackResult> {
	const {columns, rows} = options.size;
	const terminal = new Terminal({cols: columns, rows, allowProposedApi: true, scrollback: 0, convertEol: true});
	let lastWrite = performance.now();
	let pendingWrites = 0;
	const sink = {
		columns,
		rows,
		isTTY: true,
		write(data: string) {
			lastWrite = performance.now();
			pendingWrites++;
			terminal.write(data, () => pendingWrites--);
			return true;
		},
	};
	const keys = new ScriptedKeys();
	let controller: AppController | undefined;
	let exited: Promise<number> = Promise.resolve(0);
	const started = new Promise<void>((resolve, reject) => {
		const exit = options
			.runApp({stdin: keys, stdout: sink, size: options.size, alternateScreen: false, onStart: (value) => {
				controller = value;
				resolve();
			}})
			.then(
				(code) => code,
				(error: unknown) => {
					reject(error);
					return 1;
				},
			);
		exited = exit;
	});

	const settle = async () => {
		const deadline = performance.now() + maxSettleMs;
		for (;;) {
			await controller?.idle();
			await new Promise((resolve) => setTimeout(resolve, quietMs / 2));
			if (pendingWrites === 0 && performance.now() - lastWrite >= quietMs) return;
			if (performance.now() > deadline) return;
		}
	};

	const events: AsciicastEvent[] = [];
	let previous: string[] = [];
	let clock = 0;
	const snapshot = () => {
		const rows = screenRows(terminal);
		const frame = events.length === 0 ? `\u001b[2J${serializeScreen(terminal)}` : redrawChangedRows(previous, rows);
		if (frame) events.push([Number(clock.toFixed(3)), 'o', frame]);
		previous = rows;
	};

	await started;
	await settle();
	snapshot();
	for (const step of options.steps) {
		if (step.kind === 'wait') {
			clock += step.ms / 1000;
			continue;
		}
		if (step.kind === 'wait-for') {
			const deadline = performance.now() + step.timeoutMs;
			while (!screenText(terminal).includes(step.text)) {
				if (performance.now() > deadline) {
					keys.send('\u0003');
					await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
					const last = screenText(terminal).split('\n').map((line) => line.trimEnd()).filter(Boolean).slice(-3).join(' / ');
					throw new DrillError('bad_input', `key script line ${step.line}, column ${step.column}: waited ${step.timeoutMs / 1000} s for ${JSON.stringify(step.text)}, which never appeared (the screen ends: ${last.slice(0, 160)})`, 'check the text, or give a longer timeout: <wait-for "text" 10s>');
				}
				await new Promise((resolve) => setTimeout(resolve, 25));
				await settle();
			}
			continue;
		}
		// Typed text goes in one key at a time, so a recording shows it being typed.
		const presses = step.label === step.bytes && step.bytes.length > 1 ? [...step.bytes] : [step.bytes];
		for (const press of presses) {
			keys.send(press);
			clock += presses.length > 1 || step.label.length === 1 ? typedKeySeconds : namedKeySeconds;
			await settle();
			snapshot();
		}
	}
	const finalScreen = screenText(terminal);
	// Quit if the script did not: ctrl-c works from any mode of the app.
	keys.send('\u0003');
	// The timer only bounds the wait: unreferenced, it does not keep the process alive 3 s after the app quit.
	const exitCode = await Promise.race([exited, new Promise<number>((resolve) => setTimeout(() => resolve(0), 3000).unref())]);
	clock += 0.5;
	events.push([Number(clock.toFixed(3)), 'o', '\u001b[?25h']);
	terminal.dispose();
	const cast = formatAsciicast({version: 2, width: columns, height: rows, title: options.title ?? 'drill', env: {TERM: 'xterm-256color', SHELL: '/bin/sh'}}, events);
	return {cast, finalScreen, exitCode};
}
