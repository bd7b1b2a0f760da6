/**
 * Secrets a text holds in another spelling: JSON-escaped (`\"password\": \"…\"`, `\n` between
 * lines), URL-encoded (`https%3A%2F%2Fhooks.slack.com…`), base64 (`base64 .env`, wrapped at 76
 * columns) or a key a terminal wrapped over two lines. Each view is a decoded text with, for each
 * of its characters, where it came from in the original, so a secret found in the view is masked
 * where it stands in the original. Every view is built in one linear pass; a text that shows no
 * sign of an encoding gets none.
 */
export interface View {
	text: string;
	/** `from[i]`: where the view's character `i` starts in the original; `from[text.length]` is where the last one ends. */
	from: number[];
	/** A finding in this view masks the whole encoded run it lies in (base64: its characters do not map one to one). */
	whole?: {start: number; end: number};
	/**
	 * Only a secret known by its shape counts here (a provider's key, a JWT), not one known by the
	 * name before it: joining two lines makes `PASSWORD=changeme` + `curl` a new "value".
	 */
	shapesOnly?: boolean;
}

const jsonEscapes: Readonly<Record<string, string>> = {'"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t'};

/** The text with its JSON string escapes decoded (`\"`, `\\`, `\n`, `\uXXXX`), or undefined when it has none. */
export function jsonUnescaped(text: string): View | undefined {
	if (!/\\["\\/bfnrtu]/u.test(text)) return undefined;
	let out = '';
	const from: number[] = [];
	for (let index = 0; index < text.length; ) {
		const char = text[index]!;
		if (char === '\\' && index + 1 < text.length) {
			const next = text[index + 1]!;
			if (next === 'u' && /^[0-9a-fA-F]{4}$/u.test(text.slice(index + 2, index + 6))) {
				out += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
				from.push(index);
				index += 6;
				continue;
			}
			const plain = jsonEscapes[next];
			if (plain !== undefined) {
				out += plain;
				from.push(index);
				index += 2;
				continue;
			}
		}
		out += char;
		from.push(index);
		index++;
	}
	from.push(text.length);
	return {text: out, from};
}

/** The text with its `%XX` escapes decoded byte by byte (as Latin-1: secrets are ASCII), or undefined when it has none. */
export function percentDecoded(text: string): View | undefined {
	if (!/%[0-9A-Fa-f]{2}/u.test(text)) return undefined;
	let out = '';
	const from: number[] = [];
	for (let index = 0; index < text.length; ) {
		if (text[index] === '%' && /^[0-9A-Fa-f]{2}$/u.test(text.slice(index + 1, index + 3))) {
			out += String.fromCharCode(Number.parseInt(text.slice(index + 1, index + 3), 16));
			from.push(index);
			index += 3;
			continue;
		}
		out += text[index];
		from.push(index);
		index++;
	}
	from.push(text.length);
	return {text: out, from};
}

/**
 * Runs of base64 (standard or URL-safe, lines of one block joined), at least 24 characters:
 * `base64 .env` wraps at 76 columns. The lookbehind keeps each run's start at a run's start, so
 * the scan is linear.
 */
const base64Run = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}(?:\r?\n[A-Za-z0-9+/_-]{4,})*={0,2}/gu;

/** How much of a decoded run must be printable for it to be text (a `.env`, a config) rather than bytes. */
const printableShare = 0.95;

/** The decoded text of each base64 run that decodes to text, as a view masking the whole run. */
export function base64Views(text: string): View[] {
	const views: View[] = [];
	base64Run.lastIndex = 0;
	for (let match = base64Run.exec(text); match; match = base64Run.exec(text)) {
		const run = match[0].replace(/\r?\n/gu, '');
		// A hex digest, a path or a word is no base64 text: it needs both cases, and length a multiple of 4 once padded.
		if (!/[a-z]/u.test(run) || !/[A-Z]/u.test(run) || run.replace(/=+$/u, '').length % 4 === 1) continue;
		const decoded = Buffer.from(run.replace(/-/gu, '+').replace(/_/gu, '/'), 'base64').toString('latin1');
		if (decoded.length < 12) continue;
		let printable = 0;
		for (let index = 0; index < decoded.length; index++) {
			const code = decoded.charCodeAt(index);
			if ((code >= 0x20 && code < 0x7f) || code === 0x0a || code === 0x0d || code === 0x09) printable++;
		}
		if (printable / decoded.length < printableShare) continue;
		const start = match.index;
		const end = start + match[0].length;
		views.push({text: decoded, from: [], whole: {start, end}});
	}
	return views;
}

/** A line break between two runs of key characters: the end of one line and the start of the next. */
const wrappedBreak = /(?<![A-Za-z0-9_+/-])[A-Za-z0-9_+/-]{16,}\r?\n[A-Za-z0-9_+/=-]{4,}/gu;

/**
 * A key a terminal (or a person) wrapped over two lines: each break between a run of at least 16
 * key characters and the run on the next line, joined, as a small view of its own. Only the
 * pieces around such breaks are looked at again, not the whole text.
 */
export function unwrappedViews(text: string): View[] {
	const views: View[] = [];
	wrappedBreak.lastIndex = 0;
	for (let match = wrappedBreak.exec(text); match; match = wrappedBreak.exec(text)) {
		// Back up over the key characters before the run (a key's prefix such as `sk-ant-` or `hf_`).
		let start = match.index;
		while (start > 0 && match.index - start < 200 && /[A-Za-z0-9_+/=.-]/u.test(text[start - 1]!)) start--;
		const piece = text.slice(start, match.index + match[0].length);
		const breakAt = piece.search(/\r?\n/u);
		const breakLength = piece[breakAt] === '\r' ? 2 : 1;
		const joined = piece.slice(0, breakAt) + piece.slice(breakAt + breakLength);
		const from: number[] = [];
		for (let index = 0; index < joined.length; index++) from.push(start + (index < breakAt ? index : index + breakLength));
		from.push(start + piece.length);
		views.push({text: joined, from, shapesOnly: true});
		// The next line's run may itself end in a break: go on from its start.
		wrappedBreak.lastIndex = start + breakAt + breakLength;
	}
	return views;
}
