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
