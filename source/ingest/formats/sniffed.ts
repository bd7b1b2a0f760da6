import type {Format} from './catalog.js';

/** What a look at a file's first bytes says it is. */
export interface Sniffed {
	format?: Format;
	/** Why the file cannot be ingested at all (binary, empty, not UTF-8). */
	problem?: string;
	/** The problem is that the file is no source at all (binary, empty, JSON of another kind), not a broken one. */
	notASource?: boolean;
	/** The first bytes as text, for parsers that need a look ahead (ids, titles). */
	head: string;
	/** Every byte of the file, when its head was all of it (a small file is then read once). */
	bytes?: Buffer;
}
