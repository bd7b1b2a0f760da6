import {DrillError} from './errors.js';
import {defaultLimit, defaultMaxChars, maxLimit, type ViewOptions} from './tree-view.js';

export interface Paging {
	offset: number;
	limit: number;
	maxChars: number;
}

function wholeNumber(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
	if (value === undefined) return fallback;
	if (!Number.isInteger(value) || value < min || value > max) {
		throw new DrillError('bad_argument', `${name} must be a whole number from ${min} to ${max}, got ${String(value)}`);
	}
	return value;
}

/** Validated paging and bounds for a view; every domain uses the same rules. */
export function resolvePaging(options: ViewOptions = {}): Paging {
	return {
		offset: wholeNumber('offset', options.offset, 0, 0, Number.MAX_SAFE_INTEGER),
		limit: wholeNumber('limit', options.limit, defaultLimit, 1, maxLimit),
		maxChars: wholeNumber('max-chars', options.maxChars, defaultMaxChars, 1, 100_000_000),
	};
}

/** Appends pieces of text up to a character budget; remembers whether anything was cut. */
export class BoundedText {
	private readonly parts: string[] = [];
	private used = 0;
	truncated = false;

	constructor(private readonly budget: number) {}

	get full(): boolean {
		return this.truncated || this.used >= this.budget;
	}

	/** Returns false once the budget is spent, so callers can stop reading. */
	add(text: string): boolean {
		if (this.full) {
			if (text.length > 0) this.truncated = true;
			return false;
		}
		const room = this.budget - this.used;
		if (text.length > room) {
			this.parts.push(text.slice(0, room));
			this.used = this.budget;
			this.truncated = true;
			return false;
		}
		this.parts.push(text);
		this.used += text.length;
		return true;
	}

	toString(): string {
		return this.parts.join('');
	}
}
