import {cliHints, Hint, type HintSurface} from './hint.js';

export type DrillErrorCode =
	| 'unknown_domain'
	| 'bad_node_id'
	| 'not_found'
	| 'bad_depth'
	| 'bad_argument'
	| 'outside_root'
	| 'bad_input'
	| 'store_unreadable'
	| 'store_corrupt'
	| 'store_newer'
	| 'store_readonly'
	| 'store_busy'
	| 'embedder_mismatch'
	| 'embedder_unavailable'
	| 'embedder_failed'
	| 'frame_error'
	| 'frame_not_narrower'
	| 'frame_too_deep'
	| 'frame_none_open'
	| 'frame_moved'
	| 'frame_open'
	| 'frame_locked'
	| 'cursor_broken'
	| 'plan_invalid'
	| 'io_error';

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

	/** The one-line form people see: `what was wrong; what would be right`. */
	get line(): string {
		return this.lineFor(cliHints);
	}

	lineFor(surface: HintSurface): string {
		const hint = this.hintFor(surface);
		return hint ? `${this.message}; ${hint}` : this.message;
	}

	toJSON(): {code: DrillErrorCode; message: string; hint?: string} {
		return this.toJSONFor(cliHints);
	}

	toJSONFor(surface: HintSurface): {code: DrillErrorCode; message: string; hint?: string} {
		const hint = this.hintFor(surface);
		return hint ? {code: this.code, message: this.message, hint} : {code: this.code, message: this.message};
	}
}

export function isDrillError(error: unknown): error is DrillError {
	return error instanceof DrillError;
}
