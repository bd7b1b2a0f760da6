import path from 'node:path';

/** Where the date of an item that records none of its own comes from. */
export type FileDateOrigin = 'file-name' | 'file-time';

const earliest = Date.UTC(2015, 0, 1);
const dayMs = 86_400_000;

/** `2025-10-14`, `2025-10-14T10-00-03`, `2025-04-26_23-34`, `20251014-100003`: the first one in the name. */
const namedDate = /(?<!\d)(20\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?:[T_ -]?([01]\d|2[0-3])[-:.]?([0-5]\d)(?:[-:.]?([0-5]\d))?)?(?!\d)/u;
/** A 13-digit epoch in milliseconds, as Cline names its task folders (`1764310284518`). */
const epochMs = /(?<!\d)(1[5-9]\d{11})(?!\d)/u;

function plausible(time: number, now: number): boolean {
	return Number.isFinite(time) && time >= earliest && time <= now + dayMs;
}

function dateInName(name: string, now: number): string | undefined {
	const named = namedDate.exec(name);
	if (named) {
		const [, year, month, day, hour = '00', minute = '00', second = '00'] = named;
		const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
		if (plausible(time, now)) return new Date(time).toISOString();
	}
	const epoch = epochMs.exec(name);
	if (epoch && plausible(Number(epoch[1]), now)) return new Date(Number(epoch[1])).toISOString();
	return undefined;
}

/** `fileDate` as an item's identity takes it. */
export function fallbackDateOf(file: string, mtime: string): {fallbackDate: string; fallbackFrom: FileDateOrigin} {
	const {date, from} = fileDate(file, mtime);
	return {fallbackDate: date, fallbackFrom: from};
}

/**
 * The date of a file whose content records none: one its name or its folder's name carries
 * (agents name logs by their start: `rollout-2025-10-14T10-00-03-….jsonl`, Cline's task folder
 * `1764310284518/`), else its modification time, which a copy or a checkout sets to the day it
 * was made. Said which, so a list can tell a session's own date from its file's.
 */
export function fileDate(file: string, mtime: string, now = Date.now()): {date: string; from: FileDateOrigin} {
	const base = path.basename(file);
	const named = dateInName(base, now) ?? dateInName(path.basename(path.dirname(file)), now);
	return named ? {date: named, from: 'file-name'} : {date: mtime, from: 'file-time'};
}
