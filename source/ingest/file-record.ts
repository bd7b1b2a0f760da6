import type {ItemRecord} from '../store/interchange.js';
import type {ParsedSource, SourceProblem} from './model.js';

/**
 * The items of a file that holds many (a ChatGPT export: one per conversation; an aider history:
 * one per session; summary interchange JSON: its items), one at a time, each with what makes it
 * itself: its id, where it is, and the hash of its own bytes, so one that did not change is
 * skipped without being summarized again.
 */
export type FileRecord =
	| {
			kind: 'source';
			/** May be read on first use: a store's session is read only when its hash changed. */
			parsed: ParsedSource;
			itemId: string;
			uri: string;
			hash: string;
			/** What identifies it apart from the file (a conversation id): a copy elsewhere collides. */
			copyKey?: string;
			where: string;
			line?: number;
			/** Items of the same file read into this one (a Crush agent tool's task sessions): deleted once it is written. */
			absorbs?: string[];
	  }
	| {kind: 'item'; item: ItemRecord; hash: string; line?: number};

export interface RecordContext {
	file: string;
	/** The file's real path. */
	real: string;
	size: number;
	head: string;
	salt: string;
	/** Overrides the items' namespace (summary interchange). */
	namespace?: string;
	problems: SourceProblem[];
	onBytes?: (bytes: number) => void;
	/** Counts a record of a kind that is skipped on purpose (an empty session). */
	onSkipped: () => void;
}
