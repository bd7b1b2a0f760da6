import {closeSync, openSync, readSync} from 'node:fs';
import path from 'node:path';
import {isSqliteHead} from '../io/sqlite-store.js';
import {agentFileProblem, agentRecordFormat, companionFile, companionText, cutAgentDocuments, isCursorExport, namedAgentFormat, placedAgentFormat} from './agent-detect.js';
import {sniffStore} from './agent-stores.js';
import type {Sniffed} from './sniffed.js';
import {aiderSessionStart} from './aider.js';
import {conversationFormats, documentFormats, formatLabels, type Format, type FormatChoice} from './catalog.js';
import {agentEvent} from './claude-agent.js';
import {codexItemTypes, codexLineTypes} from './codex.js';
import {unreadChat} from './chat-shape.js';
import {isSpecStory} from './specstory.js';
import {isGeminiShare} from './gemini-markdown.js';
import {closedJsonPrefix, isJsonPrefix} from '../io/json-prefix.js';
import {invalidUtf8At} from '../../text/utf8.js';

export type {FormatChoice} from './catalog.js';
const headBytes = 64 * 1024;

export type {Sniffed} from './sniffed.js';

/** Reads the start of a file (synchronously: see walk-sources.ts on the thread-pool round trips). */
export async function readHead(file: string): Promise<Buffer> {
	const handle = openSync(file, 'r');
	try {
		const buffer = Buffer.alloc(headBytes);
		const bytesRead = readSync(handle, buffer, 0, headBytes, 0);
		return buffer.subarray(0, bytesRead);
	} finally {
		closeSync(handle);
	}
}

/** Binary: NUL bytes or many control characters near the start. */
function binaryReason(head: Buffer): string | undefined {
	if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'is UTF-16 text; convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)';
	const sample = head.subarray(0, 8192);
	let controls = 0;
	for (const byte of sample) {
		if (byte === 0) return 'is a binary file (it holds NUL bytes), not text';
		if (byte < 9 || (byte > 13 && byte < 32 && byte !== 27)) controls++;
	}
	if (sample.length > 0 && controls / sample.length > 0.1) return 'is a binary file (mostly control bytes), not text';
	return undefined;
}

function lineOf(head: Buffer, offset: number): number {
	let line = 1;
	for (let i = 0; i < offset; i++) if (head[i] === 10) line++;
	return line;
}

const htmlStart = /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/iu;
/** Read as markdown whatever their first lines look like; reStructuredText too (its titles read as setext headings, its explicit markup is kept aside). */
const markdownExtensions = new Set(['.md', '.markdown', '.mdx', '.mdown', '.rst']);
const markdownSigns = /^(?:---\s*$|#{1,6}\s+\S|```|~~~|\s{0,3}[-*+]\s+\[[ xX]\]|.+\n(?:=+|-+)\s*$)/mu;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A format one JSON value fits; `weak` when another format could write the same value. */
interface Guess {
	format: Format;
	weak?: boolean;
}

const geminiMessageTypes = new Set(['user', 'gemini', 'qwen', 'info', 'error', 'warning']);

/** The formats one JSON record (a line, or a file's first element) could belong to, best first. */
function recordGuesses(value: unknown): Guess[] {
	// A file's first element, one level down: no session format is an array of arrays.
	if (Array.isArray(value)) return value.length > 0 && !Array.isArray(value[0]) ? recordGuesses(value[0]) : [];
	if (!isObject(value)) return [];
	const agent = agentRecordFormat(value);
	if (agent) return [{format: agent}];
	const type = typeof value.type === 'string' ? value.type : undefined;
	if ('mapping' in value && ('current_node' in value || 'title' in value)) return [{format: 'chatgpt'}];
	if (typeof value.namespace === 'string' && Array.isArray(value.nodes)) return [{format: 'summary-json'}];
	if (agentEvent(value)) return [{format: 'claude-agent'}];
	if (type && codexLineTypes.has(type) && isObject(value.payload)) return [{format: 'codex'}];
	if (type && codexItemTypes.has(type) && ('call_id' in value || (Array.isArray(value.content) && value.content.some((part) => isObject(part) && /^(?:input|output)_text$/u.test(String(part.type)))))) return [{format: 'codex'}];
	if (value.record_type === 'state' || (type === undefined && typeof value.id === 'string' && typeof value.timestamp === 'string' && 'instructions' in value)) return [{format: 'codex'}];
	if (type === 'init' && 'session_id' in value && 'model' in value) return [{format: 'gemini-cli'}];
	if ((type === 'tool_use' && 'tool_name' in value) || (type === 'tool_result' && 'tool_id' in value) || (type === 'result' && 'stats' in value && !('session_id' in value))) return [{format: 'gemini-cli'}];
	if (type === 'message' && typeof value.role === 'string' && typeof value.content === 'string') return [{format: 'gemini-cli', weak: true}, {format: 'generic-chat', weak: true}];
	if ((typeof value.sessionId === 'string' && 'projectHash' in value) || isObject(value.$set) || typeof value.$rewindTo === 'string' || Array.isArray(value.history)) return [{format: 'gemini-chat'}];
	if (type && geminiMessageTypes.has(type) && typeof value.id === 'string' && 'content' in value && 'timestamp' in value) return [{format: 'gemini-chat'}];
	if ((value.role === 'user' || value.role === 'model') && Array.isArray(value.parts)) return [{format: 'gemini-chat'}];
	if (type && (isObject(value.message) || 'sessionId' in value || type === 'summary' || type === 'file-history-snapshot')) return [{format: 'claude-code'}];
	if (type === 'system' && value.subtype === 'init' && 'session_id' in value) return [{format: 'claude-code'}];
	if ('role' in value && ('content' in value || 'text' in value)) return [{format: 'generic-chat', weak: true}];
	if (isObject(value.message) && 'role' in value.message) return [{format: 'generic-chat', weak: true}];
	return [];
}

interface Detection {
	format?: Format;
	/** Every format some record could belong to: what `--format` may force. */
	plausible: Set<Format>;
}

function decide(guesses: Guess[][]): Detection {
	const plausible = new Set(guesses.flat().map((guess) => guess.format));
	const strong = guesses.flat().find((guess) => !guess.weak);
	return {format: strong?.format ?? guesses.flat()[0]?.format, plausible};
}

/** Broken JSON lines judged by the fields they start to name. */
const brokenLineSigns: Array<[RegExp, Format]> = [
	[/"type"\s*:\s*"(?:session_meta|response_item|event_msg|turn_context|compacted)"/u, 'codex'],
	[/"type"\s*:\s*"(?:user|agent|session|span)\.[a-z_]+"/u, 'claude-agent'],
	[/"type"\s*:\s*"init"[^\n]*"session_id"/u, 'gemini-cli'],
	[/"sessionId"\s*:[^\n]*"projectHash"/u, 'gemini-chat'],
	[/"sessionId"\s*:|"type"\s*:\s*"(?:user|assistant)"/u, 'claude-code'],
	[/"role"\s*:/u, 'generic-chat'],
];

/** What the first lines of JSON say the file is, trying a few lines in case one is broken. */
function jsonLinesFormat(text: string): Detection {
	const guesses: Guess[][] = [];
	let tried = 0;
	let parsed = 0;
	for (const line of text.split('\n')) {
		const trimmed = line.trim();
		if (trimmed === '') continue;
		if (++tried > 20) break;
		try {
			const value: unknown = JSON.parse(trimmed);
			parsed++;
			guesses.push(recordGuesses(value));
			if (guesses.at(-1)!.some((guess) => !guess.weak)) break;
		} catch {
			// A broken or cut line: look at the next.
		}
	}
	if (parsed === 0 && /^\s*\{/u.test(text)) {
		const sign = brokenLineSigns.find(([pattern]) => pattern.test(text));
		if (sign) return {format: sign[1], plausible: new Set([sign[1]])};
	}
	return decide(guesses);
}

/** A JSON document whose start is in `text` (may be cut): the shape of its first element. */
function jsonDocumentFormat(text: string): Detection {
	if (/"mapping"\s*:\s*\{/u.test(text) && /"(?:current_node|create_time)"/u.test(text)) return {format: 'chatgpt', plausible: new Set(['chatgpt'])};
	try {
		return decide([recordGuesses(JSON.parse(text))]);
	} catch {
		// Cut at the end of the head: its whole members, brackets closed, have the shape of the whole.
		const prefix = decide([recordGuesses(closedJsonPrefix(text))]);
		if (prefix.format) return prefix;
		const cut: Array<[RegExp, Format]> = [
			[/^\s*\[\s*\{\s*"namespace"[\s\S]*"nodes"\s*:/u, 'summary-json'],
			[/^\s*\{\s*"sessionId"\s*:[\s\S]*"projectHash"\s*:/u, 'gemini-chat'],
			[/^\s*(?:\[|\{\s*"history"\s*:\s*\[)\s*\{\s*"role"\s*:\s*"(?:user|model)"\s*,\s*"parts"/u, 'gemini-chat'],
			...cutAgentDocuments,
			[/^\s*\[\s*\{\s*"role"\s*:/u, 'generic-chat'],
		];
		const sign = cut.find(([pattern]) => pattern.test(text));
		return sign ? {format: sign[1], plausible: new Set([sign[1]])} : {plausible: new Set()};
	}
}

/** The first line is not a JSON value by itself: the start of a pretty-printed document (or a broken line). */
export function isJsonDocumentStart(text: string): boolean {
	const firstLine = text.trimStart().split('\n', 1)[0]!;
	try {
		JSON.parse(firstLine);
		return false;
	} catch {
		return true;
	}
}

/** JSON, though of no known shape: its first line is a value, the whole (complete) head parses, or it opens like a document. */
function looksLikeJson(text: string, complete: boolean): boolean {
	const firstLine = text.split('\n', 1)[0]!.trim();
	if (/^[[{]/u.test(firstLine) && wholeValue(firstLine) !== undefined) return true;
	// A value nested past what JSON.parse takes (`[[[[…` 100,000 deep) is JSON all the same.
	if (complete) return wholeValue(text) !== undefined || isJsonPrefix(text);
	if (isJsonPrefix(text)) return true;
	return /^\s*(?:\{\s*"[^"\n]{1,200}"\s*:|\[\s*(?:[[{"]|-?\d+(?:\.\d+)?\s*,))/u.test(text);
}

function wholeValue(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/** A document laid out over lines (`{` alone on the first, or the second indented), not JSON lines. */
function prettyPrinted(text: string): boolean {
	const [first = '', second = ''] = text.trimStart().split('\n', 2);
	return /^[[{]\s*$/u.test(first) || /^\s+["{[\]}]/u.test(second);
}

/**
 * Where the JSON lines of a log start, when a CLI printed a line or two of its own before them
 * (`gemini -p … --output-format stream-json > log.jsonl` can start with "Loaded cached
 * credentials."): a few short lines that are not markdown, in a file named as a log, then a `{`.
 */
function logPreamble(text: string, extension: string): number | undefined {
	if (!['', '.jsonl', '.ndjson', '.json', '.log', '.txt', '.out'].includes(extension)) return undefined;
	let at = 0;
	for (let lines = 0; lines < 5; lines++) {
		const end = text.indexOf('\n', at);
		if (end < 0 || end - at > 300) return undefined;
		const line = text.slice(at, end).trim();
		if (/^(?:#|```|~~~|<|[-*>|] )/u.test(line)) return undefined;
		at = end + 1;
		if (text[at] === '{') return at;
	}
	return undefined;
}

/**
 * An aider chat history: it opens with `# aider chat started at …`, or (cut at the top, or named
 * as aider names it) it is `.aider.chat.history.md` or starts with a `#### ` request in aider's own
 * line ending (two spaces) and shows aider's notes (`> Tokens: … sent`, `> Applied edit to …`).
 */
function looksLikeAider(text: string, file: string): boolean {
	const start = text.trimStart();
	const first = start.split('\n', 1)[0]!;
	if (aiderSessionStart.test(first)) return true;
	if (/^\.?(?:[\w.-]+\.)?aider\.chat\.history\.md$/iu.test(path.basename(file))) return true;
	return /^#### .*\S.* {2}$/u.test(first) && /^> (?:Tokens: .+ sent|Applied edit to |Commit [0-9a-f]{7,} )/mu.test(start.slice(0, 16_384));
}

/** What a JSON file's head holds: the document (its whole members when cut), or its first JSON lines. */
function jsonValues(text: string, complete: boolean): unknown {
	const whole = complete ? wholeValue(text) : undefined;
	if (whole !== undefined) return whole;
	if (!isJsonDocumentStart(text)) {
		const lines = text.split('\n').slice(0, 50).map((line) => wholeValue(line.trim())).filter((value) => value !== undefined);
		if (lines.length > 0) return lines;
	}
	return closedJsonPrefix(text);
}

/** What a JSON file of no known shape holds, for the one line that refuses it: its top-level keys. */
function jsonShape(text: string, complete: boolean): string {
	const value = complete ? wholeValue(text) : wholeValue(text.split('\n', 1)[0]!);
	const keys = isObject(value) ? Object.keys(value) : Array.isArray(value) && isObject(value[0]) ? Object.keys(value[0]) : topKeys(text);
	const list = (names: string[]) => (names.length > 8 ? `${names.slice(0, 8).join(', ')}, … (${names.length})` : names.join(', ')) || 'none';
	if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : isObject(value[0]) ? `an array of objects with keys: ${list(keys)}` : `an array of ${typeof value[0]}s`;
	if (!isObject(value) && text.trimStart().startsWith('[')) return keys.length > 0 ? `an array of objects with keys: ${list(keys)}` : 'an array';
	return `top-level keys: ${list(keys)}`;
}

/** The keys of the first object in a (possibly cut) document, at its top level, by scanning its text. */
function topKeys(text: string): string[] {
	const keys: string[] = [];
	let depth = 0;
	let target = 0;
	for (let i = 0; i < text.length && keys.length < 40; i++) {
		const char = text[i];
		if (char === '"') {
			let end = i + 1;
			while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
			if (depth === target && target > 0 && /^\s*:/u.test(text.slice(end + 1, end + 20))) keys.push(text.slice(i + 1, end));
			i = end;
		} else if (char === '{') {
			depth++;
			if (target === 0) target = depth;
		} else if (char === '[') depth++;
		else if (char === '}' || char === ']') {
			depth--;
			if (depth < target) break;
		}
	}
	return [...new Set(keys)].slice(0, 40);
}

const label = (format: Format | undefined) => (format ? formatLabels[format] : 'JSON of a shape drill does not read');

/**
 * Tells the format from the content (the extension only breaks a tie between markdown and plain
 * text), and refuses what is not text.
 */
export async function sniff(file: string, size: number, choice: FormatChoice = 'auto'): Promise<Sniffed> {
	const head = await readHead(file);
	const sniffed = sniffHead(head, file, size, choice);
	// The head is the whole file when it ends before the head's room does, at the size the walk saw.
	return sniffed.format && head.length < headBytes && head.length === size ? {...sniffed, bytes: head} : sniffed;
}

function sniffHead(head: Buffer, file: string, size: number, choice: FormatChoice): Sniffed {
	if (size === 0 || head.length === 0) return {problem: 'is empty', head: '', notASource: true};
	const agentFile = agentFileProblem(file, head);
	if (agentFile) return {...agentFile, head: ''};
	if (isSqliteHead(head)) return sniffStore(file, head, choice);
	const binary = binaryReason(head);
	if (binary) return {problem: binary, head: '', notASource: !binary.includes('UTF-16')};
	const sniffed = sniffText(head, file, size, choice);
	const invalid = invalidUtf8At(head, head.length >= size);
	// An agent's log keeps its other messages when a byte is not UTF-8 (a character cut in two): its
	// reader marks the spot. A document with such bytes is in another encoding, and is refused.
	if (invalid !== undefined && !(sniffed.format && conversationFormats.has(sniffed.format))) {
		return {problem: `is not valid UTF-8 (line ${lineOf(head, invalid)}, byte ${invalid}); convert it to UTF-8 (e.g. iconv -f LATIN1 -t UTF-8)`, head: ''};
	}
	return sniffed;
}

function sniffText(head: Buffer, file: string, size: number, choice: FormatChoice): Sniffed {
	const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/u, '');
	if (text.trim() === '') return {problem: 'is empty (only white space)', head: text, notASource: true};
	const extension = path.extname(file).toLowerCase();
	const bookkeeping = companionText(text, file);
	if (bookkeeping) return {problem: bookkeeping, head: text, notASource: true};
	const placed = placedAgentFormat(file);
	if (placed && (choice === 'auto' || choice === 'transcript' || choice === placed)) return {format: placed, head: text};
	const first = text.trimStart()[0];
	let detected: Format | undefined;
	let plausible = new Set<Format>();
	let unknownJson = false;
	const preamble = first === '{' || first === '[' ? undefined : logPreamble(text, extension);
	if (preamble) {
		const rest = text.slice(preamble);
		const detection = jsonLinesFormat(rest);
		if (detection.format && conversationFormats.has(detection.format)) {
			// The JSON lines after it are the log; the reader skips the lines before the first one.
			if (choice === 'auto' || choice === 'transcript' || choice === detection.format) return {format: detection.format, head: rest};
		}
	}
	const complete = head.length >= size;
	if (first === '{' || first === '[') {
		// A file of a session kept in several, read with the session's main file.
		// (A file of JSON lines is looked at by its first.)
		const companion = companionFile((complete ? wholeValue(text) : undefined) ?? wholeValue(text.split('\n', 1)[0]!), file);
		if (companion) return {problem: companion, head: text, notASource: true};
		// JSON lines when the first line is a whole value; else one (pretty-printed) document.
		const lines = first === '{' && !isJsonDocumentStart(text);
		const named = namedAgentFormat(text, file);
		let detection: Detection = named ? {format: named, plausible: new Set([named])} : lines ? jsonLinesFormat(text) : jsonDocumentFormat(text);
		// A first line that does not parse is a broken JSON line, unless the document is pretty-printed.
		if (!detection.format && first === '{' && (lines || !prettyPrinted(text))) detection = lines ? jsonDocumentFormat(text) : jsonLinesFormat(text);
		detected = detection.format;
		plausible = detection.plausible;
		unknownJson = !detected && looksLikeJson(text, complete);
	}
	if (unknownJson) {
		// A conversation all the same (an agent drill does not read yet): said, never skipped in silence.
		const chat = unreadChat(jsonValues(text, complete), jsonShape(text, complete));
		if (chat) return {problem: chat, head: text};
	}
	if (unknownJson && choice === 'auto') {
		return {problem: `is JSON but no session format drill reads (${jsonShape(text, complete)}); drill ingest --help lists the formats`, head: text, notASource: true};
	}
	if (!detected && !unknownJson && isSpecStory(text)) detected = 'specstory';
	if (!detected && !unknownJson && isCursorExport(text)) detected = 'cursor-markdown';
	if (!detected && !unknownJson && isGeminiShare(text)) detected = 'gemini-markdown';
	if (!detected && !unknownJson && looksLikeAider(text, file)) detected = 'aider';
	if (!detected && !unknownJson && htmlStart.test(text)) detected = 'html';
	if (!detected && !unknownJson && (markdownSigns.test(text.slice(0, 16_384)) || markdownExtensions.has(extension))) detected = 'markdown';
	if (!detected && !unknownJson && ['.htm', '.html', '.xhtml'].includes(extension) && /<\/?[a-z][^>]*>/iu.test(text)) detected = 'html';
	if (!detected && !unknownJson) detected = 'text';
	if (detected) plausible.add(detected);
	if (choice === 'auto') return {format: detected!, head: text};
	if (choice === 'transcript') {
		if (detected && conversationFormats.has(detected)) return {format: detected, head: text};
		return {problem: `is not a conversation log drill reads; it looks like ${label(detected)}`, head: text};
	}
	if (documentFormats.has(choice) || plausible.has(choice)) return {format: choice, head: text};
	return {problem: `is not ${formatLabels[choice]}; it looks like ${label(detected)}`, head: text};
}
