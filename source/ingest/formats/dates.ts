/** A source's own date as ISO 8601, from the shapes sources write: ISO text, Date, epoch seconds or ms. */
export function factDate(value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let date: Date;
	if (value instanceof Date) date = value;
	else if (typeof value === 'number') date = new Date(value < 1e12 ? value * 1000 : value);
	else if (typeof value === 'string') date = /^\d+(?:\.\d+)?$/u.test(value.trim()) ? new Date(Number(value) < 1e12 ? Number(value) * 1000 : Number(value)) : new Date(value);
	else return undefined;
	const time = date.getTime();
	// Before 1990 or after 2200 is a wrong unit or a placeholder, not a real date.
	if (Number.isNaN(time) || time < 631_152_000_000 || time > 7_258_118_400_000) return undefined;
	return date.toISOString();
}

/** The later of two ISO dates (either may be missing). */
export function laterDate(a: string | undefined, b: string | undefined): string | undefined {
	if (!a) return b;
	if (!b) return a;
	return a > b ? a : b;
}

/** A time an agent wrote without a zone (Python's `datetime.now().isoformat()` in a container), read as UTC; a zoned one as it says. */
export function naiveUtc(value: unknown): string | undefined {
	return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/u.test(value) ? factDate(`${value}Z`) : factDate(value);
}
