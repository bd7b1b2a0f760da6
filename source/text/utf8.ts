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
