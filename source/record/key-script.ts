import {DrillError} from '../core/errors.js';

/**
 * A key script drives the app for demos and tests:
 *   plain text        typed as is (newlines in the script are layout, not keys)
 *   <enter> <esc> <tab> <space> <backspace> <up> <down> <left> <right>
 *   <pgup> <pgdn> <home> <end> <c-X> (ctrl + letter)  <lt> (a literal "<")
 *   <wait 600ms>  <wait 1.5s>     pause
 *   <wait-for "text">  <wait-for "text" 5s>   pause until the text is on screen (default 5 s)
 *   # at the start of a line      a comment to the end of the line
 */
export type ScriptStep =
	| {kind: 'keys'; bytes: string; label: string; line: number; column: number}
	| {kind: 'wait'; ms: number; line: number; column: number}
	| {kind: 'wait-for'; text: string; timeoutMs: number; line: number; column: number};

export const namedKeys: Record<string, string> = {
	enter: '\r',
	return: '\r',
	esc: '\u001b',
	escape: '\u001b',
	tab: '\t',
	'shift-tab': '\u001b[Z',
	space: ' ',
	backspace: '\u007f',
	bs: '\u007f',
	delete: '\u001b[3~',
	up: '\u001b[A',
	down: '\u001b[B',
	right: '\u001b[C',
	left: '\u001b[D',
	home: '\u001b[H',
	end: '\u001b[F',
	pgup: '\u001b[5~',
	pageup: '\u001b[5~',
	pgdn: '\u001b[6~',
	pagedown: '\u001b[6~',
	lt: '<',
};

export const defaultWaitForMs = 5000;

function scriptError(message: string, line: number, column: number): DrillError {
	return new DrillError('bad_argument', `key script line ${line}, column ${column}: ${message}`, 'see drill --help for the key-script syntax (<enter>, <wait 600ms>, <wait-for "text">, …)');
}

function duration(text: string, line: number, column: number): number {
	const match = /^(\d+(?:\.\d+)?)(ms|s)$/u.exec(text);
	if (!match) throw scriptError(`${JSON.stringify(text)} is not a duration`, line, column);
	const ms = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
	if (ms > 600_000) throw scriptError(`${text} is longer than 10 minutes`, line, column);
	return Math.round(ms);
}

function tag(body: string, line: number, column: number): ScriptStep {
	const lower = body.toLowerCase();
	if (lower in namedKeys) return {kind: 'keys', bytes: namedKeys[lower]!, label: `<${lower}>`, line, column};
	const ctrl = /^c-([a-z])$/u.exec(lower);
	if (ctrl) return {kind: 'keys', bytes: String.fromCharCode(ctrl[1]!.charCodeAt(0) - 96), label: `<c-${ctrl[1]}>`, line, column};
	const wait = /^wait\s+(\S+)$/u.exec(body);
	if (wait) return {kind: 'wait', ms: duration(wait[1]!, line, column), line, column};
	const waitFor = /^wait-for\s+"((?:[^"\\]|\\.)*)"(?:\s+(\S+))?$/u.exec(body);
	if (waitFor) {
		const text = waitFor[1]!.replace(/\\(.)/gu, '$1');
		if (text === '') throw scriptError('<wait-for ""> needs some text to wait for', line, column);
		return {kind: 'wait-for', text, timeoutMs: waitFor[2] ? duration(waitFor[2], line, column) : defaultWaitForMs, line, column};
	}
	if (/^wait-for\b/u.test(body)) throw scriptError('write <wait-for "text"> or <wait-for "text" 5s>', line, column);
	if (/^wait\b/u.test(body)) throw scriptError('write <wait 600ms> or <wait 1.5s>', line, column);
	throw scriptError(`unknown key <${body}>`, line, column);
}

export function parseKeyScript(source: string): ScriptStep[] {
	const steps: ScriptStep[] = [];
	let text = '';
	let textLine = 1;
	let textColumn = 1;
	const flush = () => {
		if (text) steps.push({kind: 'keys', bytes: text, label: text, line: textLine, column: textColumn});
		text = '';
	};
	const lines = source.replace(/\r\n?/gu, '\n').split('\n');
	lines.forEach((raw, index) => {
		const line = index + 1;
		if (/^\s*#/u.test(raw)) return;
		let column = 0;
		while (column < raw.length) {
			const char = raw[column]!;
			if (char === '<') {
				const close = raw.indexOf('>', column);
				if (close === -1) throw scriptError('"<" opens a tag that is never closed (write <lt> for a literal "<")', line, column + 1);
				const body = raw.slice(column + 1, close).trim();
				if (body === '') throw scriptError('empty tag <>', line, column + 1);
				flush();
				steps.push(tag(body, line, column + 1));
				column = close + 1;
				continue;
			}
			if (char.charCodeAt(0) < 0x20) throw scriptError(`control character U+${char.charCodeAt(0).toString(16).padStart(4, '0')} in the script; use a named key`, line, column + 1);
			if (!text) {
				textLine = line;
				textColumn = column + 1;
			}
			text += char;
			column++;
		}
	});
	flush();
	return steps;
}
