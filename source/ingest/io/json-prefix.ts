/**
 * Whether `text` is JSON up to where it stops: an array or an object, every token so far in a
 * place JSON allows it, possibly cut in the middle (a file's first 64 KB). Read with an explicit
 * stack, so an array nested 100 000 deep (`[[[[…`) is told apart from prose as fast as a flat one.
 * Prose that happens to start with `[` (a markdown link, a footnote `[1] …`) fails at its first word.
 */
export function isJsonPrefix(text: string): boolean {
	const stack: Array<'[' | '{'> = [];
	// What may come next: a value, an object key, a ':' after a key, or ',' / a closing bracket.
	let expect: 'value' | 'key' | 'colon' | 'after' = 'value';
	let i = 0;
	const n = text.length;
	const skipSpace = () => {
		while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
	};
	skipSpace();
	if (text[i] !== '[' && text[i] !== '{') return false;
	for (;;) {
		skipSpace();
		if (i >= n) return true;
		const c = text[i]!;
		if (expect === 'colon') {
			if (c !== ':') return false;
			i++;
			expect = 'value';
			continue;
		}
		if (expect === 'after') {
			if (stack.length === 0) return false;
			const top = stack.at(-1)!;
			if (c === ',') {
				i++;
				expect = top === '{' ? 'key' : 'value';
				continue;
			}
			if ((c === ']' && top === '[') || (c === '}' && top === '{')) {
				stack.pop();
				i++;
				if (stack.length === 0) {
					skipSpace();
					// One whole value, then nothing but (for JSON lines) the next value on a new line.
					return i >= n || text[i] === '[' || text[i] === '{';
				}
				continue;
			}
			return false;
		}
		// A value or a key.
		if (c === '"') {
			i++;
			while (i < n && text[i] !== '"') {
				const code = text.charCodeAt(i);
				if (code < 0x20) return false;
				i += text[i] === '\\' ? 2 : 1;
			}
			if (i >= n) return true;
			i++;
			expect = expect === 'key' ? 'colon' : 'after';
			continue;
		}
		if (expect === 'key') {
			if (c === '}' && stack.at(-1) === '{') {
				expect = 'after';
				continue;
			}
			return false;
		}
		if (c === '[' || c === '{') {
			stack.push(c);
			i++;
			expect = c === '{' ? 'key' : 'value';
			continue;
		}
		if (c === ']' && stack.at(-1) === '[') {
			// An empty array.
			expect = 'after';
			continue;
		}
		const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/u.exec(text.slice(i, i + 64));
		if (!literal) return i + 64 > n && /^(?:-|\d|t|f|n)/u.test(text.slice(i));
		i += literal[0].length;
		// A number cut in its exponent or fraction (`1.5e`, `2.`) at the end of what was read.
		if (n - i <= 2 && /^(?:[eE][+-]?|\.)$/u.test(text.slice(i))) return true;
		expect = 'after';
	}
}

/**
 * The value a JSON document cut short (a file's first 64 KB) starts with: what was read up to the
 * last whole member, with its open arrays and objects closed (`{"a": 1, "b": [2, {"c"` reads as
 * `{"a": 1, "b": [2]}`), so the shape of a document too long for its head can be looked at like
 * a whole one's. Undefined when the text is no JSON prefix or nothing whole was read.
 */
export function closedJsonPrefix(text: string): unknown {
	const end = lastWholeMember(text);
	if (end === undefined) return undefined;
	const kept = text.slice(0, end);
	const open: string[] = [];
	let inString = false;
	for (let i = 0; i < kept.length; i++) {
		const c = kept[i];
		if (inString) {
			if (c === '\\') i++;
			else if (c === '"') inString = false;
		} else if (c === '"') inString = true;
		else if (c === '[' || c === '{') open.push(c === '[' ? ']' : '}');
		else if (c === ']' || c === '}') open.pop();
	}
	try {
		return JSON.parse(kept.replace(/,\s*$/u, '') + open.reverse().join('')) as unknown;
	} catch {
		return undefined;
	}
}

/** Where the last whole member (or an opening bracket) of a cut JSON document ends. */
function lastWholeMember(text: string): number | undefined {
	const stack: string[] = [];
	let expect: 'value' | 'key' | 'colon' | 'after' = 'value';
	let whole: number | undefined;
	let i = 0;
	const n = text.length;
	const space = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t';
	while (i < n && space(text[i]!)) i++;
	if (text[i] !== '[' && text[i] !== '{') return undefined;
	while (i < n) {
		const c = text[i]!;
		if (space(c)) {
			i++;
		} else if (expect === 'colon') {
			if (c !== ':') return whole;
			i++;
			expect = 'value';
		} else if (expect === 'after' || c === ']' || c === '}') {
			if (c === ',' && expect === 'after') {
				i++;
				expect = stack.at(-1) === '{' ? 'key' : 'value';
			} else if ((c === ']' && stack.at(-1) === '[') || (c === '}' && stack.at(-1) === '{')) {
				i++;
				stack.pop();
				whole = i;
				expect = 'after';
				if (stack.length === 0) return whole;
			} else return whole;
		} else if (c === '"') {
			i++;
			while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
			if (i >= n) return whole;
			i++;
			if (expect === 'key') expect = 'colon';
			else {
				expect = 'after';
				whole = i;
			}
		} else if (expect === 'key') {
			return whole;
		} else if (c === '[' || c === '{') {
			stack.push(c);
			i++;
			whole = i;
			expect = c === '{' ? 'key' : 'value';
		} else {
			const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/u.exec(text.slice(i, i + 64));
			if (!literal || i + literal[0].length >= n) return whole;
			i += literal[0].length;
			expect = 'after';
			whole = i;
		}
	}
	return whole;
}
