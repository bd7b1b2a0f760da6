import {DrillError} from './errors.js';

/**
 * Grouped views of a summary namespace. Their node ids put `#` straight after the namespace:
 *   "{namespace}#{key}"            the namespace grouped by key: its children are the groups
 *   "{namespace}#{key}={value}"    one group: its items (for folder: subfolders, then pages)
 * A namespace has no ":" or "#", and an item id no "#", so the part before the first "#" holds
 * a ":" exactly when the id names an item or a node inside one: a group id never collides with
 * the seed's shapes. Values are percent-encoded where needed ("%", white space, controls).
 */
export const groupKeys = ['project', 'agent', 'day', 'folder', 'machine', 'user'] as const;
export type GroupKey = (typeof groupKeys)[number];

export const groupKeyHint = `group by one of: ${groupKeys.join(', ')} — e.g. conversation_session#project or conversation_session#day=2026-11-28`;

/** Longest decoded group value: a project path or a folder path, never a document. */
export const maxGroupValueLength = 4096;

export function isGroupKey(value: unknown): value is GroupKey {
	return typeof value === 'string' && (groupKeys as readonly string[]).includes(value);
}

/** The `groupBy` of a view option or a `--group-by` flag: undefined when not given. */
export function parseGroupKey(value: unknown): GroupKey | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (isGroupKey(value)) return value;
	const shown = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
	throw new DrillError('bad_argument', `unknown grouping ${shown}`, groupKeyHint);
}

// What a value may not hold raw in an id: "%" (the escape itself), white space, controls, bidi controls.
const needsEscape = /[%\s\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function encodeGroupValue(value: string): string {
	return value.replace(needsEscape, (ch) => encodeURIComponent(ch).replace(/[!'()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}

/**
 * Why a decoded value cannot name a group of this key, or undefined when it can. Encoded control
 * characters are allowed: a stored project may hold them, and its id must still walk (the id
 * itself stays inert; views make the text inert where it is shown).
 */
export function groupValueProblem(key: GroupKey, value: string): string | undefined {
	if (value.length > maxGroupValueLength) return `the value is longer than ${maxGroupValueLength} characters`;
	if (/[\uD800-\uDFFF]/u.test(value)) return 'the value is not well-formed Unicode';
	if (key === 'day') {
		const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
		const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
		if (!date || date.toISOString().slice(0, 10) !== value) return 'a day is YYYY-MM-DD (the UTC day), e.g. day=2026-11-28';
	}
	if (key === 'folder') {
		if (value === '') return 'a folder value is a path below the common folder, e.g. folder=guides/setup (the top is {namespace}#folder)';
		if (value !== '/') {
			const segments = (value.startsWith('/') ? value.slice(1) : value).split('/');
			if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
				return 'a folder path has no empty, "." or ".." segments and no "/" at the end';
			}
		}
	}
	return undefined;
}

export function formatGroupId(namespace: string, key: GroupKey, value?: string): string {
	return value === undefined ? `${namespace}#${key}` : `${namespace}#${key}=${encodeGroupValue(value)}`;
}
