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
	from: ArrayLike<number>;
	/** A finding in this view masks the whole encoded run it lies in (base64: its characters do not map one to one). */
	whole?: {start: number; end: number};
	/**
	 * Only a secret known by its shape counts here (a provider's key, a JWT), not one known by the
	 * name before it: joining two lines makes `PASSWORD=changeme` + `curl` a new "value".
	 */
	shapesOnly?: boolean;
}

const jsonEscapes: Readonly<Record<string, string>> = {'"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t'};

/**
 * A view built by replacing some spans of the text: `decode` is called at each index where
 * `marker` is found and gives the decoded text and how many characters it replaced (or undefined
 * to keep the character). Runs between markers are copied whole, so the cost is linear.
 */
function decodedView(text: string, marker: string, decode: (at: number) => {text: string; length: number} | undefined): (View & {from: Int32Array}) | undefined {
	let at = text.indexOf(marker);
	if (at === -1) return undefined;
	const parts: string[] = [];
	// A view is never longer than its text: each decoded piece is shorter than what it replaces.
	const from = new Int32Array(text.length + 1);
	let size = 0;
	let copied = 0;
	while (at !== -1) {
		const decoded = decode(at);
		if (decoded) {
			parts.push(text.slice(copied, at), decoded.text);
			for (let index = copied; index < at; index++) from[size++] = index;
			for (let index = 0; index < decoded.text.length; index++) from[size++] = at;
			copied = at + decoded.length;
			at = text.indexOf(marker, copied);
		} else at = text.indexOf(marker, at + 1);
	}
	if (parts.length === 0) return undefined;
	parts.push(text.slice(copied));
	for (let index = copied; index <= text.length; index++) from[size++] = index;
	return {text: parts.join(''), from: from.subarray(0, size)};
}

const hex = (text: string, at: number, length: number): boolean => {
	for (let index = at; index < at + length; index++) {
		const code = text.charCodeAt(index);
		if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102))) return false;
	}
	return at + length <= text.length;
};

/** How far around an escape a view reaches: a secret near an escape, not the whole text, is what an escape can hide. */
const reach = 400;

/**
 * Views of the windows of `text` around each place `pattern` matches (merged where they touch):
 * a long text with a few escapes is decoded and scanned again only around them.
 */
function windowed(text: string, pattern: RegExp, decode: (slice: string) => (View & {from: Int32Array}) | undefined): View[] {
	const views: View[] = [];
	let windowStart = -1;
	let windowEnd = -1;
	const flush = () => {
		if (windowStart < 0) return;
		const view = decode(text.slice(windowStart, windowEnd));
		if (!view) return;
		const {from} = view;
		if (windowStart > 0) for (let index = 0; index < from.length; index++) from[index]! += windowStart;
		views.push(view);
	};
	pattern.lastIndex = 0;
	for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
		const start = Math.max(0, match.index - reach);
		const end = Math.min(text.length, match.index + match[0].length + reach);
		if (start <= windowEnd) windowEnd = Math.max(windowEnd, end);
		else {
			flush();
			windowStart = start;
			windowEnd = end;
		}
	}
	flush();
	return views;
}

function jsonUnescapedWhole(text: string): (View & {from: Int32Array}) | undefined {
	return decodedView(text, '\\', (at) => {
		const next = text[at + 1];
		if (next === undefined) return undefined;
		if (next === 'u') return hex(text, at + 2, 4) ? {text: String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16)), length: 6} : undefined;
		const plain = jsonEscapes[next];
		return plain === undefined ? undefined : {text: plain, length: 2};
	});
}

/** The text around its JSON string escapes (`\"`, `\\`, `\n`, `\uXXXX`), decoded. */
export function jsonUnescaped(text: string): View[] {
	return windowed(text, /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/gu, jsonUnescapedWhole);
}

function percentDecodedWhole(text: string): (View & {from: Int32Array}) | undefined {
	return decodedView(text, '%', (at) => (hex(text, at + 1, 2) ? {text: String.fromCharCode(Number.parseInt(text.slice(at + 1, at + 3), 16)), length: 3} : undefined));
}

/**
 * The text around its URL-encoded separators (`%3A`, `%2F`, `%3D`, `%40`, `%26`, `%20`: what
 * encodes a URL, a query or a command), decoded byte by byte as Latin-1 (secrets are ASCII).
 */
export function percentDecoded(text: string): View[] {
	return windowed(text, /%(?:3[AaDd]|2[0Ff6]|40)/gu, percentDecodedWhole);
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
