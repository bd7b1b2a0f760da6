/** asciicast v2: a JSON header line, then one `[seconds, "o", data]` line per output event. */
export interface AsciicastHeader {
	version: 2;
	width: number;
	height: number;
	timestamp?: number;
	title?: string;
	env?: Record<string, string>;
}

export type AsciicastEvent = [number, 'o' | 'i', string];

export function formatAsciicast(header: AsciicastHeader, events: AsciicastEvent[]): string {
	const lines = [JSON.stringify(header)];
	for (const [time, kind, data] of events) lines.push(JSON.stringify([Number(time.toFixed(6)), kind, data]));
	return `${lines.join('\n')}\n`;
}

export function parseAsciicast(text: string): {header: AsciicastHeader; events: AsciicastEvent[]} {
	const [first, ...rest] = text.trimEnd().split('\n');
	const header = JSON.parse(first ?? '') as AsciicastHeader;
	if (header.version !== 2 || !Number.isInteger(header.width) || !Number.isInteger(header.height)) throw new Error('not an asciicast v2 header');
	const events = rest.map((line, index) => {
		const event = JSON.parse(line) as unknown;
		if (!Array.isArray(event) || event.length !== 3 || typeof event[0] !== 'number' || (event[1] !== 'o' && event[1] !== 'i') || typeof event[2] !== 'string') {
			throw new Error(`event ${index + 1} is not [time, "o", data]`);
		}
		return event as AsciicastEvent;
	});
	for (let i = 1; i < events.length; i++) if (events[i]![0] < events[i - 1]![0]) throw new Error(`event ${i + 1} goes back in time`);
	return {header, events};
}
