import {capToolText} from './blocks.js';
import {unifiedDiff} from './diff.js';

/**
 * Tool calls and their output as a person reads them, which is also what search indexes: the
 * tool's name on the first line, then its arguments as `key: value` lines (a multi-line value as
 * indented text, an edit as a unified diff), and the output whole up to 64 KB, the cut stated.
 * Long output is folded only where it is shown (full depth: `text/fold-lines.ts`), so every line
 * kept is searchable.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const indent = '  ';
const maxDepth = 4;

/** Output as kept: without trailing white space, up to the cap (the cut stated). */
function keptOutput(text: string): string {
	return capToolText(text.trimEnd());
}

function scalar(value: unknown): string | undefined {
	if (value === null) return 'null';
	if (typeof value === 'string') return value.includes('\n') ? undefined : value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return undefined;
}

function indented(text: string, depth: number): string {
	const pad = indent.repeat(depth);
	return text
		.split('\n')
		.map((line) => (line === '' ? '' : pad + line))
		.join('\n');
}

/** One value under `key`, at `depth` levels of indentation, as YAML-like lines. */
function field(key: string, value: unknown, depth: number, out: string[]): void {
	const pad = indent.repeat(depth);
	const simple = scalar(value);
	if (simple !== undefined) {
		out.push(`${pad}${key}: ${simple}`);
		return;
	}
	if (typeof value === 'string') {
		out.push(`${pad}${key}:`, indented(keptOutput(value), depth + 1));
		return;
	}
	if (Array.isArray(value)) {
		const items = value.map(scalar);
		if (items.every((item) => item !== undefined) && items.join(', ').length <= 160) {
			out.push(`${pad}${key}: ${items.join(', ')}`);
			return;
		}
		out.push(`${pad}${key}:`);
		for (const item of value) listItem(item, depth + 1, out);
		return;
	}
	if (isObject(value)) {
		out.push(`${pad}${key}:`);
		if (depth >= maxDepth) out.push(`${pad}${indent}${JSON.stringify(value)}`);
		else for (const [name, inner] of Object.entries(value)) field(name, inner, depth + 1, out);
		return;
	}
	out.push(`${pad}${key}: ${String(value)}`);
}

/** One element of a list, YAML-like: `- value`, or an object's fields with the first after the dash. */
function listItem(item: unknown, depth: number, out: string[]): void {
	const pad = indent.repeat(depth);
	const simple = scalar(item);
	if (simple !== undefined) {
		out.push(`${pad}- ${simple}`);
		return;
	}
	if (isObject(item) && Object.keys(item).length > 0 && depth < maxDepth) {
		const lines: string[] = [];
		for (const [name, inner] of Object.entries(item)) field(name, inner, depth + 1, lines);
		out.push(`${pad}- ${lines[0]!.trimStart()}`, ...lines.slice(1));
		return;
	}
	if (typeof item === 'string') {
		out.push(`${pad}-`, indented(keptOutput(item), depth + 1));
		return;
	}
	out.push(`${pad}- ${JSON.stringify(item)}`);
}

/** A shell command given as an argv array: `["bash", "-lc", "npm test"]` reads as `npm test`. */
function shellCommand(value: unknown): string | undefined {
	if (!Array.isArray(value) || !value.every((part) => typeof part === 'string')) return undefined;
	const parts = value as string[];
	if (parts.length === 3 && /(?:^|\/)(?:ba|z|da)?sh$/u.test(parts[0]!) && /^-l?c$/u.test(parts[1]!)) return parts[2];
	return parts.map((part) => (/^[\w@%+=:,./-]+$/u.test(part) ? part : `'${part.replace(/'/gu, "'\\''")}'`)).join(' ');
}

const oldKeys = ['old_string', 'old_str', 'oldString', 'old_text'];
const newKeys = ['new_string', 'new_str', 'newString', 'new_text'];

function pick(input: Json, keys: readonly string[]): string | undefined {
	for (const key of keys) if (typeof input[key] === 'string') return input[key];
	return undefined;
}

function editDiff(path: string | undefined, old: string, updated: string): string {
	const diff = unifiedDiff(old, updated);
	const [before, after] = !path ? ['a/file', 'b/file'] : path.startsWith('/') ? [path, path] : [`a/${path}`, `b/${path}`];
	return diff ? `--- ${before}\n+++ ${after}\n${keptOutput(diff)}` : '(no change)';
}

function pathOf(input: Json): string | undefined {
	for (const key of ['file_path', 'path', 'filePath', 'absolute_path', 'notebook_path']) if (typeof input[key] === 'string') return input[key];
	return undefined;
}

/** The arguments of a call as readable lines, edits as diffs. */
function argumentLines(input: Json): string[] {
	const out: string[] = [];
	const before = pick(input, oldKeys);
	const after = pick(input, newKeys);
	const edits = Array.isArray(input.edits) ? input.edits.filter(isObject) : [];
	const skip = new Set<string>();
	for (const [key, value] of Object.entries(input)) {
		if (skip.has(key)) continue;
		if ((before !== undefined && oldKeys.includes(key)) || (after !== undefined && newKeys.includes(key))) continue;
		if (key === 'edits' && edits.length > 0 && edits.every((edit) => pick(edit, oldKeys) !== undefined)) continue;
		const command = key === 'command' || key === 'cmd' || key === 'argv' ? shellCommand(value) : undefined;
		field(key, command ?? value, 0, out);
	}
	const path = pathOf(input);
	if (before !== undefined && after !== undefined) out.push(editDiff(path, before, after));
	else if (before !== undefined) field('old_string', before, 0, out);
	else if (after !== undefined) field('new_string', after, 0, out);
	if (edits.length > 0 && edits.every((edit) => pick(edit, oldKeys) !== undefined)) {
		for (const edit of edits) out.push(editDiff(path, pick(edit, oldKeys)!, pick(edit, newKeys) ?? ''));
	}
	return out;
}

/** A JSON object given as text (Codex's function-call arguments), parsed; else undefined. */
export function jsonObjectText(text: string): Json | undefined {
	const trimmed = text.trim();
	if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
	try {
		const value: unknown = JSON.parse(trimmed);
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A tool call: its name on the first line, then its input. An object input (or a string holding
 * one) is shown as `key: value` lines; any other text as it is.
 */
export function toolCallText(name: string, input: unknown): string {
	const title = name.trim() || 'tool';
	const object = isObject(input) ? input : typeof input === 'string' ? jsonObjectText(input) : undefined;
	if (object) {
		const lines = argumentLines(object);
		return lines.length > 0 ? `${title}\n${lines.join('\n')}` : title;
	}
	if (input === undefined || input === null || input === '') return title;
	if (typeof input === 'string') return `${title}\n${keptOutput(input)}`;
	const lines: string[] = [];
	field('input', input, 0, lines);
	return `${title}\n${lines.join('\n')}`;
}

/** Tool result content: a string, or blocks of text and images, as text. */
export function toolResultText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content
			.map((part) => {
				if (typeof part === 'string') return part;
				if (!isObject(part)) return '';
				if (typeof part.text === 'string') return part.text;
				if (part.type === 'image' || part.type === 'input_image' || part.type === 'image_url') return '[image]';
				if (part.type === 'document') return '[document]';
				return '';
			})
			.filter(Boolean)
			.join('\n');
	}
	if (content === undefined || content === null) return '';
	if (isObject(content)) {
		const lines: string[] = [];
		for (const [key, value] of Object.entries(content)) field(key, value, 0, lines);
		return lines.join('\n');
	}
	return String(content);
}

/** A tool's output as kept (up to the cap), marked when it was an error. */
export function toolOutputText(text: string, error = false): string {
	const kept = keptOutput(text);
	return error ? `[error] ${kept}` : kept;
}
