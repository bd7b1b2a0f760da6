import type {ParsedSource} from '../model.js';

/** One session of an agent's SQLite store, read only when its signature says it changed. */
export interface StoreSession {
	/** The session's id in its agent: the item keeps it wherever the store is. */
	id: string;
	/** Changes whenever what the session holds does; computed without reading its messages. */
	signature: string;
	/** Reads its messages. */
	read(): ParsedSource;
	/**
	 * Whose session it is, for its item id, when that is not the store's format: a VS Code chat
	 * kept in a `state.vscdb` is the Copilot Chat session its chatSessions file would be.
	 */
	itemKind?: string;
	/**
	 * The sessions of the same store read into this one (a Crush agent tool's task sessions): an
	 * item any of them had of its own goes when this one is written.
	 */
	absorbs?: string[];
}
