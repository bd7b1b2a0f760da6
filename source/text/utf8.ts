const strictUtf8 = new TextDecoder('utf-8', {fatal: true});

/** The bytes as text, or undefined when they hold a NUL byte or are not UTF-8: binary input. */
export function utf8Text(bytes: Uint8Array): string | undefined {
	if (bytes.includes(0)) return undefined;
	try {
		return strictUtf8.decode(bytes);
	} catch {
		return undefined;
	}
}

/** Where the first invalid UTF-8 sequence in `head` starts; a sequence cut by the end of an incomplete head is not counted. */
export function invalidUtf8At(head: Uint8Array, complete: boolean): number | undefined {
	let i = 0;
	while (i < head.length) {
		const byte = head[i]!;
		if (byte < 0x80) {
			i++;
			continue;
		}
		const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
		if (length === 0) return i;
		if (i + length > head.length) {
			if (!complete) {
				// Cut at the end of what was read: fine if what is there so far is valid.
				for (let k = i + 1; k < head.length; k++) if ((head[k]! & 0xc0) !== 0x80) return i;
				return undefined;
			}
			return i;
		}
		for (let k = 1; k < length; k++) if ((head[i + k]! & 0xc0) !== 0x80) return i;
		const second = head[i + 1]!;
		// Overlong forms, surrogates and code points past U+10FFFF.
		if ((byte === 0xe0 && second < 0xa0) || (byte === 0xed && second > 0x9f) || (byte === 0xf0 && second < 0x90) || (byte === 0xf4 && second > 0x8f)) return i;
		i += length;
	}
	return undefined;
}
