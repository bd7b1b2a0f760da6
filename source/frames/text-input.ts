import {inertText} from '../core/inert-text.js';
import {DrillError} from '../core/errors.js';

/** One line of text from a person or an agent: controls removed, spacing folded. */
export function oneLine(value: unknown, what: string, max: number): string {
	if (typeof value !== 'string') throw new DrillError('bad_argument', `${what} must be text`, `give ${what} as a string`);
	const text = inertText(value, {singleLine: true}).replace(/\s+/gu, ' ').trim();
	if (text.length > max) throw new DrillError('bad_argument', `${what} is ${text.length} characters, over the limit of ${max}`, `keep ${what} to one focused sentence`);
	return text;
}

/** A list of one-line texts: blanks dropped, duplicates dropped, order kept. */
export function lines(values: unknown, what: string, max = 500): string[] {
	if (values === undefined || values === null) return [];
	const list = Array.isArray(values) ? values : [values];
	return [...new Set(list.map((value) => oneLine(value, what, max)).filter(Boolean))];
}

/** Free text (findings, a payload): controls removed, newlines kept. */
export function block(value: unknown, what: string): string {
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string') throw new DrillError('bad_argument', `${what} must be text`, `give ${what} as a string`);
	return inertText(value).trim();
}
