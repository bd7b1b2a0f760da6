/**
 * Raw terminal input → key presses. A chunk may hold many keys ("jjj", a pasted "abc\r", an arrow
 * followed by letters); every one of them becomes its own key, in order. An escape sequence cut
 * at the end of a chunk is kept as `rest` and completed by the next chunk.
 */
export interface Key {
	/** A named key ("up", "enter", "ctrl-d", …), "mouse", or the printable character itself ("j", "G", "é"). */
	name: string;
	/** The text a printable key types; absent for named keys. */
	text?: string;
	/** A mouse report (name "mouse"). */
	mouse?: MouseEvent;
}

/** A mouse report, from SGR (1006) or legacy X10 encoding: 0-based cell, button, wheel. */
export interface MouseEvent {
	row: number;
	column: number;
	/** 0 left, 1 middle, 2 right, 3 release (legacy encoding); undefined for the wheel. */
	button?: number;
	wheel?: 'up' | 'down';
	/** A press (or a wheel notch), not a release or a motion. */
	press: boolean;
	/** When it arrived (ms, set by the controller): two presses close together are a double click. */
	at: number;
}

/** The mouse report of an SGR sequence `ESC [ < b ; x ; y M|m` (body without `<`), or of legacy bytes. */
function mouseOf(code: number, x: number, y: number, released: boolean): MouseEvent | undefined {
	if (!Number.isFinite(code) || !Number.isFinite(x) || !Number.isFinite(y) || x < 1 || y < 1) return undefined;
	const motion = (code & 32) !== 0;
	const low = code & 3;
	const event: MouseEvent = {row: y - 1, column: x - 1, press: !released && !motion, at: 0};
	if (code & 64) {
		if (low > 1) return {...event, press: false};
		return {...event, wheel: low === 0 ? 'up' : 'down'};
	}
	return {...event, button: low};
}

const csiNames: Record<string, string> = {
	A: 'up',
	B: 'down',
	C: 'right',
	D: 'left',
	H: 'home',
	F: 'end',
	Z: 'shift-tab',
	'1~': 'home',
	'2~': 'insert',
	'3~': 'delete',
	'4~': 'end',
	'5~': 'pageup',
	'6~': 'pagedown',
	'7~': 'home',
	'8~': 'end',
};

function namedControl(code: number): string | undefined {
	if (code === 0x0d || code === 0x0a) return 'enter';
	if (code === 0x09) return 'tab';
	if (code === 0x7f || code === 0x08) return 'backspace';
	if (code === 0x1b) return 'escape';
	if (code === 0x00) return 'ctrl-space';
	if (code >= 0x01 && code <= 0x1a) return `ctrl-${String.fromCharCode(code + 0x60)}`;
	return undefined;
}

/** Decodes as many whole keys as the text holds; an unfinished escape sequence is returned as `rest`. */
export function decodeKeys(text: string): {keys: Key[]; rest: string} {
	const keys: Key[] = [];
	let index = 0;
	while (index < text.length) {
		const code = text.charCodeAt(index);
		if (code === 0x1b) {
			const next = text[index + 1];
			if (next === undefined) return {keys, rest: text.slice(index)};
			if (next === '[' || next === 'O') {
				// CSI: parameters and intermediates, then one final byte.
				let end = index + 2;
				while (end < text.length && /[0-?]/u.test(text[end]!)) end++;
				while (end < text.length && /[ -/]/u.test(text[end]!)) end++;
				if (end >= text.length) return {keys, rest: text.slice(index)};
				const body = text.slice(index + 2, end + 1);
				const final = text[end]!;
				if (body.startsWith('<') && (final === 'M' || final === 'm')) {
					// SGR mouse report: never typed text, whatever it holds.
					const [code, x, y] = body.slice(1, -1).split(';').map(Number);
					const mouse = mouseOf(code!, x!, y!, final === 'm');
					if (mouse) keys.push({name: 'mouse', mouse});
					index = end + 1;
					continue;
				}
				if (body === 'M' && next === '[') {
					// Legacy X10 mouse report: three raw bytes follow (button, column, row, each + 32).
					if (end + 3 >= text.length) return {keys, rest: text.slice(index)};
					const [b, x, y] = [0, 1, 2].map((offset) => text.charCodeAt(end + 1 + offset) - 32);
					const mouse = mouseOf(b!, x!, y!, (b! & 3) === 3 && (b! & 64) === 0);
					if (mouse) keys.push({name: 'mouse', mouse});
					index = end + 4;
					continue;
				}
				// Bracketed paste markers and modified keys (ESC[1;5A) reduce to their plain key.
				const plain = body.replace(/^1;\d+/u, '').replace(/;\d+~$/u, '~');
				const name = csiNames[plain] ?? csiNames[final];
				if (body === '200~' || body === '201~') {
					// paste start/end: the text between arrives as ordinary keys
				} else if (name) keys.push({name});
				index = end + 1;
				continue;
			}
			if (next === '\u001b') {
				keys.push({name: 'escape'});
				index += 1;
				continue;
			}
			// ESC followed by a character is alt+character; we treat it as escape then the key.
			keys.push({name: 'escape'});
			index += 1;
			continue;
		}
		const control = code < 0x20 || code === 0x7f ? namedControl(code) : undefined;
		if (control) {
			// CR LF from a paste is one Enter.
			if (code === 0x0d && text.charCodeAt(index + 1) === 0x0a) index++;
			keys.push({name: control});
			index++;
			continue;
		}
		const character = String.fromCodePoint(text.codePointAt(index)!);
		if (code >= 0x80 && code < 0xa0) {
			index += character.length;
			continue;
		}
		keys.push({name: character, text: character});
		index += character.length;
	}
	return {keys, rest: ''};
}

/** How a key is written in the help overlay and the status line. */
export function keyLabel(name: string): string {
	const labels: Record<string, string> = {
		up: '↑',
		down: '↓',
		left: '←',
		right: '→',
		enter: 'Enter',
		escape: 'Esc',
		tab: 'Tab',
		'shift-tab': 'S-Tab',
		backspace: 'Bksp',
		pageup: 'PgUp',
		pagedown: 'PgDn',
		home: 'Home',
		end: 'End',
		' ': 'Space',
	};
	return labels[name] ?? name;
}
