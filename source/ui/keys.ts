/**
 * Raw terminal input → key presses. A chunk may hold many keys ("jjj", a pasted "abc\r", an arrow
 * followed by letters); every one of them becomes its own key, in order. An escape sequence cut
 * at the end of a chunk is kept as `rest` and completed by the next chunk.
 */
export interface Key {
	/** A named key ("up", "enter", "ctrl-d", …) or the printable character itself ("j", "G", "é"). */
	name: string;
	/** The text a printable key types; absent for named keys. */
	text?: string;
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
