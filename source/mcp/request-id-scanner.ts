const quote = 0x22;
const backslash = 0x5c;
const maxCaptured = 256;

/**
 * Finds the top-level `"id"` of a JSON-RPC message too large to keep, reading it byte by byte as
 * it streams past (the SDK's client writes `id` after `params`, so the end must be read too) and
 * holding only the id's own few bytes. JSON's structural characters are ASCII, so bytes of
 * multi-byte UTF-8 characters never look like quotes or brackets.
 */
export class RequestIdScanner {
	private depth = 0;
	private inString = false;
	private escaped = false;
	/** At the top level: the next string is a key (after `{` or `,`). */
	private expectKey = false;
	private stringRole: 'key' | 'id' | 'other' = 'other';
	private key = '';
	private lastKey = '';
	private capture: number[] | undefined;
	private captureKind: 'string' | 'bare' | undefined;
	private found: {value: string | number | null} | undefined;

	feed(bytes: Uint8Array): void {
		let at = 0;
		while (at < bytes.length) {
			if (this.inString && !this.escaped && this.stringRole === 'other') {
				// Inside a string that is neither a key nor the id (the bulk of a big request): jump to its next quote or backslash.
				const nextQuote = bytes.indexOf(quote, at);
				const nextBackslash = bytes.indexOf(backslash, at);
				const next = nextQuote === -1 ? nextBackslash : nextBackslash === -1 ? nextQuote : Math.min(nextQuote, nextBackslash);
				if (next === -1) return;
				at = next;
			}
			this.step(bytes[at]!);
			at++;
		}
	}

	private step(byte: number): void {
		if (this.inString) {
			if (this.escaped) this.escaped = false;
			else if (byte === backslash) this.escaped = true;
			else if (byte === quote) {
				this.inString = false;
				if (this.stringRole === 'key') this.lastKey = this.key;
				else if (this.stringRole === 'id') this.finish();
				return;
			}
			if (this.stringRole === 'key' && this.key.length <= 8) this.key += String.fromCharCode(byte);
			else if (this.stringRole === 'id') this.keep(byte);
			return;
		}
		if (this.captureKind === 'bare' && (byte === 0x2c || byte === 0x7d || byte === 0x5d || byte <= 0x20)) this.finish();
		switch (byte) {
			case quote: {
				this.inString = true;
				const top = this.depth === 1;
				this.stringRole = top && this.expectKey ? 'key' : top && this.lastKey === 'id' ? 'id' : 'other';
				if (this.stringRole === 'key') this.key = '';
				if (this.stringRole === 'id') this.begin('string');
				return;
			}
			case 0x7b: // {
			case 0x5b: // [
				this.depth++;
				if (this.depth === 1) this.expectKey = byte === 0x7b;
				return;
			case 0x7d: // }
			case 0x5d: // ]
				this.depth--;
				return;
			case 0x3a: // :
				if (this.depth === 1) this.expectKey = false;
				return;
			case 0x2c: // ,
				if (this.depth === 1) {
					this.expectKey = true;
					this.lastKey = '';
				}
				return;
			default:
				if (byte > 0x20 && this.depth === 1 && !this.expectKey && this.lastKey === 'id' && !this.captureKind) this.begin('bare');
				if (this.captureKind === 'bare') this.keep(byte);
		}
	}

	private begin(kind: 'string' | 'bare'): void {
		this.capture = [];
		this.captureKind = kind;
	}

	private keep(byte: number): void {
		if (this.capture && this.capture.length < maxCaptured) this.capture.push(byte);
		else this.capture = undefined;
	}

	private finish(): void {
		const bytes = this.capture;
		const kind = this.captureKind;
		this.capture = undefined;
		this.captureKind = undefined;
		this.lastKey = '';
		if (!bytes || this.found) return;
		const text = Buffer.from(bytes).toString('utf8');
		try {
			const value: unknown = JSON.parse(kind === 'string' ? `"${text}"` : text);
			if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || value === null) this.found = {value};
		} catch {
			// Not a valid id: answer with id null.
		}
	}

	/** The top-level id seen so far (null when there was none, or it could not be read). */
	get id(): string | number | null {
		if (this.captureKind === 'bare') this.finish();
		return this.found?.value ?? null;
	}
}
