/**
 * Which session ids `drill resume` hands to an agent. An id comes from a log file, and a log can
 * be written by anyone (a repository can commit one): an id such as `--dangerously-skip-permissions`
 * or `-p` would be read by the agent as an option. So an id is passed only when it has the shape of
 * an id: the agent's own shape where it is known, else letters, digits and `._:+@-` with a letter or
 * digit first (so never an option, never a space or a control character).
 */
export interface ResumeIdShape {
	pattern: RegExp;
	/** What such an id looks like, for the refusal. */
	described: string;
}

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const idShapes = {
	/** Any agent whose id shape is not documented: a word of id characters, never an option. */
	plain: {pattern: /^[A-Za-z0-9][\w.:+@-]{0,199}$/u, described: 'letters, digits and . _ : + @ - with a letter or digit first'},
	uuid: {pattern: new RegExp(`^${uuid}$`, 'u'), described: 'a UUID such as 4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408'},
	/** OpenCode (and its fork Kilo): `ses_` and letters and digits (`ses_12be9f828ffeaiYkWjPssYhKmB`). */
	opencode: {pattern: /^ses_[A-Za-z0-9]{1,64}$/u, described: 'ses_ followed by letters and digits'},
	/** Amp thread ids: `T-` and a UUID. */
	ampThread: {pattern: new RegExp(`^T-${uuid}$`, 'u'), described: 'T- followed by a UUID'},
} as const satisfies Record<string, ResumeIdShape>;

/** Why `id` cannot be passed as a session id of this shape (a phrase), or undefined when it can. */
export function resumeIdProblem(id: string, shape: ResumeIdShape = idShapes.plain): string | undefined {
	if (shape.pattern.test(id)) return undefined;
	if (id.length === 0) return 'it is empty';
	if (id.startsWith('-')) return 'it starts with "-", so the agent would read it as an option';
	if (/[\s\p{Cc}\p{Cf}]/u.test(id)) return 'it holds a space or a control character';
	return `it is not ${shape.described}`;
}

/**
 * Why a session file cannot be passed to an agent that resumes from a file (Pi, aider), or
 * undefined: only an absolute path (which never starts with `-`) with no control character.
 */
export function resumeFileProblem(file: string): string | undefined {
	if (!file.startsWith('/')) return 'it is not an absolute path';
	if (/[\p{Cc}\p{Cf}]/u.test(file)) return 'it holds a control character';
	return undefined;
}

/** An id as a refusal may quote it: JSON-escaped (so control characters show as escapes), at most 80 characters. */
export function quotedId(id: string): string {
	const shown = id.length > 80 ? `${id.slice(0, 77)}…` : id;
	// \p{Cf} (bidi overrides, zero-width characters) survive JSON.stringify: write them out too.
	return JSON.stringify(shown).replace(/[\p{Cf}\u2028\u2029]/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
