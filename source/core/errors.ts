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
 */
export class DrillError extends Error {
	readonly code: DrillErrorCode;
	readonly hint: string;

	constructor(code: DrillErrorCode, message: string, hint = '') {
		super(message);
		this.name = 'DrillError';
		this.code = code;
		this.hint = hint;
	}

	/** The one-line form people see: `what was wrong; what would be right`. */
	get line(): string {
		return this.hint ? `${this.message}; ${this.hint}` : this.message;
	}

	toJSON(): {code: DrillErrorCode; message: string; hint?: string} {
		return this.hint ? {code: this.code, message: this.message, hint: this.hint} : {code: this.code, message: this.message};
	}
}

export function isDrillError(error: unknown): error is DrillError {
	return error instanceof DrillError;
}
