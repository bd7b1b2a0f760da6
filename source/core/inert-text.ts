/**
 * Text from stores and files is untrusted. Before it reaches a terminal, every control and
 * escape sequence is made inert: ESC-introduced sequences are removed whole, and the remaining
 * C0/C1 controls, DEL and bidirectional overrides are dropped. Newlines and tabs survive unless
 * `singleLine` folds them to spaces.
 */
// ESC [ … final, ESC ] … BEL/ST, ESC P/X/^/_ … ST, and two-byte ESC sequences.
const escapeSequence = /\u001b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|[@-Z\\-_]|.)?/gu;
// C1 string introducers (8-bit OSC, DCS, …) and their payload up to the 8-bit ST or BEL.
const c1String = /[\u0090\u0098\u009d\u009e\u009f][^\u0007\u009c]*(?:\u0007|\u009c)?/gu;
const c1Csi = /\u009b[0-?]*[ -/]*[@-~]?/gu;
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

// Anything inertText would change (a quick test, so clean text costs one scan).
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function inertText(text: string, options: {singleLine?: boolean} = {}): string {
	if (!unsafe.test(text) && !(options.singleLine && /[\n\t]/u.test(text))) return text;
	let clean = text.replace(escapeSequence, '').replace(c1String, '').replace(c1Csi, '').replace(/\r\n?/gu, '\n').replace(controls, '');
	if (options.singleLine) clean = clean.replace(/[\n\t]+/gu, ' ');
	return clean;
}

const pathUnsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/**
 * A path (or a uri) as a terminal may show it: a control character in a file name is written out
 * (`\x1b`, `\u202e`), not removed, so that what is shown names the file that exists, and a
 * backslash is doubled then, so the spelling stays unambiguous (bash reads it back in $'…').
 */
export function inertPath(text: string): string {
	if (!pathUnsafe.test(text)) return text;
	return text.replace(/[\\\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu, (ch) => {
		if (ch === '\\') return '\\\\';
		const code = ch.charCodeAt(0);
		return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
	});
}

/** True when the text holds nothing that a terminal could act on. */
export function isInert(text: string): boolean {
	return inertText(text) === text.replace(/\r\n?/gu, '\n');
}

const jsonUnsafe = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

/**
 * JSON.stringify escapes C0 controls but passes C1 controls and bidi overrides through raw.
 * Escaping them keeps the JSON identical in meaning and inert on a terminal.
 */
export function inertJson(value: unknown, space?: number): string {
	return JSON.stringify(value, null, space).replace(jsonUnsafe, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
