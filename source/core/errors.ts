import {cliHints, Hint, hint, run, type HintSurface} from './hint.js';

export type DrillErrorCode =
	| 'unknown_domain'
	| 'bad_node_id'
	| 'not_found'
	| 'bad_depth'
	| 'bad_argument'
	| 'outside_root'
	| 'unsafe_target'
	| 'bad_input'
	| 'store_unreadable'
	| 'store_corrupt'
	| 'store_newer'
	| 'store_readonly'
	| 'store_busy'
	| 'store_full'
	| 'embedder_mismatch'
	| 'embedder_unavailable'
	| 'embedder_failed'
	| 'frame_error'
	| 'frame_not_narrower'
	| 'frame_too_deep'
	| 'frame_none_open'
	| 'frame_moved'
	| 'frame_closed'
	| 'frame_open'
	| 'frame_locked'
	| 'cursor_broken'
	| 'plan_invalid'
	| 'io_error'
	| 'team_error';

/**
 * What kind of failure an error is, so a caller can tell what to do without reading codes: a
 * `store` failure means the store cannot be used as asked (stop; nothing else will work), the
 * others concern the input at hand (report it and go on with the next).
 */
export type DrillErrorCategory = 'input' | 'store' | 'embedder' | 'frame' | 'io';

const categories: Record<DrillErrorCode, DrillErrorCategory> = {
	unknown_domain: 'input',
	bad_node_id: 'input',
	not_found: 'input',
	bad_depth: 'input',
	bad_argument: 'input',
	outside_root: 'input',
	unsafe_target: 'input',
	bad_input: 'input',
	store_unreadable: 'store',
	store_corrupt: 'store',
	store_newer: 'store',
	store_readonly: 'store',
	store_busy: 'store',
	store_full: 'store',
	embedder_mismatch: 'embedder',
	embedder_unavailable: 'embedder',
	embedder_failed: 'embedder',
	frame_error: 'frame',
	frame_not_narrower: 'frame',
	frame_too_deep: 'frame',
	frame_none_open: 'frame',
	frame_moved: 'frame',
	frame_closed: 'frame',
	frame_open: 'frame',
	frame_locked: 'frame',
	cursor_broken: 'frame',
	plan_invalid: 'frame',
	io_error: 'io',
	team_error: 'io',
};

/**
 * The one error type every layer throws for bad input. `message` says what was wrong,
 * `hint` what would be right; the CLI prints them on one line, the MCP server as a tool error.
 * A hint built with `hint\`…\`` keeps its references to operations and parameters (`advice`), so
 * each surface names them in its own words: `hint` is the CLI's wording, `hintFor(surface)` any other.
 */
export class DrillError extends Error {
	readonly code: DrillErrorCode;
	readonly hint: string;
	readonly advice: Hint | undefined;
	/** Machine-readable facts about the failure (e.g. what an ingest committed before it stopped). */
	details?: Record<string, unknown>;

	constructor(code: DrillErrorCode, message: string, hint: string | Hint = '') {
		super(message);
		this.name = 'DrillError';
		this.code = code;
		this.advice = hint instanceof Hint ? hint : undefined;
		this.hint = hint instanceof Hint ? hint.render(cliHints) : hint;
	}

	/** The hint in a surface's words (the CLI's when it has no references). */
	hintFor(surface: HintSurface): string {
		return this.advice ? this.advice.render(surface) : this.hint;
	}

	get category(): DrillErrorCategory {
		return categories[this.code];
	}

	/** The one-line form people see: `what was wrong; what would be right`. */
	get line(): string {
		return this.lineFor(cliHints);
	}

	lineFor(surface: HintSurface): string {
		const hint = this.hintFor(surface);
		return hint ? `${this.message}; ${hint}` : this.message;
	}

	toJSON(): {code: DrillErrorCode; message: string; hint?: string; details?: Record<string, unknown>} {
		return this.toJSONFor(cliHints);
	}

	toJSONFor(surface: HintSurface): {code: DrillErrorCode; message: string; hint?: string; details?: Record<string, unknown>} {
		const hint = this.hintFor(surface);
		return {code: this.code, message: this.message, ...(hint ? {hint} : {}), ...(this.details ? {details: this.details} : {})};
	}
}

/** What to run when a store is damaged; every refusal and every failed read points here. */
export const doctorHint = hint`run ${run('doctor')} to see what is damaged, then ${run('doctor', {repair: true})} to rebuild or salvage it`;

/** SQLite's own word that a file is not a sound database. */
export function isCorruption(error: unknown): boolean {
	const code = (error as {code?: unknown} | null)?.code;
	if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) return true;
	return error instanceof Error && /database disk image is malformed|file is not a database/iu.test(error.message);
}

/**
 * Anything thrown, as the DrillError a person or an agent is shown: a DrillError as it is,
 * SQLite's corruption as `store_corrupt` pointing at `drill doctor`, anything else as an
 * unexpected failure with `hint`.
 */
export function toDrillError(error: unknown, hint: string): DrillError {
	if (error instanceof DrillError) return error;
	const message = error instanceof Error ? error.message : String(error);
	if (isCorruption(error)) return new DrillError('store_corrupt', `the store is damaged (${message})`, doctorHint);
	return new DrillError('io_error', `unexpected failure: ${message}`, hint);
}

/** A value quoted for an error message, its first 80 characters when it is longer (an id can be kilobytes). */
export function quotedShort(value: string): string {
	return value.length > 80 ? `${JSON.stringify(value.slice(0, 80))}…` : JSON.stringify(value);
}
