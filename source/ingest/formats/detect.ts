import {open} from 'node:fs/promises';
import path from 'node:path';

/** The formats `drill ingest` reads. */
export const formats = ['markdown', 'text', 'html', 'claude-code', 'chatgpt', 'generic-chat', 'summary-json'] as const;
export type Format = (typeof formats)[number];
/** What `--format` accepts: `transcript` means any of the conversation formats, told apart by content. */
export const formatChoices = ['auto', 'markdown', 'text', 'html', 'transcript', 'summary-json'] as const;
export type FormatChoice = (typeof formatChoices)[number];

const headBytes = 64 * 1024;

export interface Sniffed {
	format?: Format;
	/** Why the file cannot be ingested at all (binary, empty, not UTF-8). */
	problem?: string;
	/** The first bytes as text, for parsers that need a look ahead (ids, titles). */
	head: string;
}

/** Reads the start of a file. */
export async function readHead(file: string): Promise<Buffer> {
	const handle = await open(file, 'r');
	try {
		const buffer = Buffer.alloc(headBytes);
		const {bytesRead} = await handle.read(buffer, 0, headBytes, 0);
		return buffer.subarray(0, bytesRead);
	} finally {
		await handle.close();
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

/** Where the first invalid UTF-8 sequence in `head` starts; a sequence cut by the end of an incomplete head is not counted. */
export function invalidUtf8At(head: Uint8Array, complete: boolean): number | undefined {
	let i = 0;
	while (i < head.length) {
		const byte = head[i]!;
		if (byte < 0x80) {
			i++;
			continue;
		}
		const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
		if (length === 0) return i;
		if (i + length > head.length) {
			if (!complete) {
				// Cut at the end of what was read: fine if what is there so far is valid.
				for (let k = i + 1; k < head.length; k++) if ((head[k]! & 0xc0) !== 0x80) return i;
				return undefined;
			}
			return i;
		}
		for (let k = 1; k < length; k++) if ((head[i + k]! & 0xc0) !== 0x80) return i;
		const second = head[i + 1]!;
		// Overlong forms, surrogates and code points past U+10FFFF.
		if ((byte === 0xe0 && second < 0xa0) || (byte === 0xed && second > 0x9f) || (byte === 0xf0 && second < 0x90) || (byte === 0xf4 && second > 0x8f)) return i;
		i += length;
	}
	return undefined;
}

function lineOf(head: Buffer, offset: number): number {
	let line = 1;
	for (let i = 0; i < offset; i++) if (head[i] === 10) line++;
	return line;
}

const htmlStart = /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/iu;
const markdownSigns = /^(?:---\s*$|#{1,6}\s+\S|```|~~~|\s{0,3}[-*+]\s+\[[ xX]\]|.+\n(?:=+|-+)\s*$)/mu;

function jsonShape(value: unknown): Format | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	if (Array.isArray(value)) return value.length > 0 ? jsonShape(value[0]) : undefined;
	const record = value as Record<string, unknown>;
	if ('mapping' in record && ('current_node' in record || 'title' in record)) return 'chatgpt';
	if (typeof record.namespace === 'string' && Array.isArray(record.nodes)) return 'summary-json';
	if (typeof record.type === 'string' && ('message' in record || 'sessionId' in record || record.type === 'summary' || record.type === 'file-history-snapshot')) return 'claude-code';
	if ('role' in record && ('content' in record || 'text' in record)) return 'generic-chat';
	if (typeof record.message === 'object' && record.message !== null && 'role' in (record.message as object)) return 'generic-chat';
	return undefined;
}

/** What the first lines of JSON say the file is, trying a few lines in case one is broken. */
function jsonLinesFormat(text: string): Format | undefined {
	let tried = 0;
	let parsed = 0;
	for (const line of text.split('\n')) {
		const trimmed = line.trim();
		if (trimmed === '') continue;
		if (++tried > 20) break;
		try {
			const shape = jsonShape(JSON.parse(trimmed));
			parsed++;
			if (shape) return shape;
		} catch {
			// A broken or cut line: look at the next.
		}
	}
	// Nothing parsed: judge broken lines by the fields they start to name.
	if (parsed === 0 && /^\s*\{/u.test(text)) {
		if (/"sessionId"\s*:|"type"\s*:\s*"(?:user|assistant)"/u.test(text)) return 'claude-code';
		if (/"role"\s*:/u.test(text)) return 'generic-chat';
	}
	return undefined;
}

/** A JSON document whose start is in `text` (may be cut): the shape of its first element. */
function jsonDocumentFormat(text: string): Format | undefined {
	if (/"mapping"\s*:\s*\{/u.test(text) && /"(?:current_node|create_time)"/u.test(text)) return 'chatgpt';
	try {
		return jsonShape(JSON.parse(text));
	} catch {
		if (/^\s*\[\s*\{\s*"namespace"/u.test(text) && /"nodes"\s*:/u.test(text)) return 'summary-json';
		if (/^\s*\[\s*\{\s*"role"\s*:/u.test(text)) return 'generic-chat';
		return undefined;
	}
}

function looksLikeJson(text: string): boolean {
	const firstLine = text.split('\n', 1)[0]!.trim();
	try {
		JSON.parse(firstLine);
		return true;
	} catch {
		return /^\s*[[{]\s*"[^"\n]{1,200}"\s*:/u.test(text);
	}
}

const transcriptFormats = new Set<Format>(['claude-code', 'chatgpt', 'generic-chat']);

/**
 * Tells the format from the content (the extension only breaks a tie between markdown and plain
 * text), and refuses what is not text.
 */
export async function sniff(file: string, size: number, choice: FormatChoice = 'auto'): Promise<Sniffed> {
	const head = await readHead(file);
	if (size === 0 || head.length === 0) return {problem: 'is empty', head: ''};
	const binary = binaryReason(head);
	if (binary) return {problem: binary, head: ''};
	const invalid = invalidUtf8At(head, head.length >= size);
	if (invalid !== undefined) return {problem: `is not valid UTF-8 (line ${lineOf(head, invalid)}, byte ${invalid}); convert it to UTF-8 (e.g. iconv -f LATIN1 -t UTF-8)`, head: ''};
	const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/u, '');
	if (text.trim() === '') return {problem: 'is empty (only white space)', head: text};
	const extension = path.extname(file).toLowerCase();
	const first = text.trimStart()[0];
	let detected: Format | undefined;
	let unknownJson = false;
	if (first === '{' || first === '[') {
		detected = (first === '{' ? jsonLinesFormat(text) : undefined) ?? jsonDocumentFormat(text);
		unknownJson = !detected && looksLikeJson(text);
	}
	if (unknownJson && choice === 'auto') {
		return {problem: 'is JSON, but not a transcript (Claude Code, ChatGPT export, {role, content} lines) or summary interchange items', head: text};
	}
	if (!detected && htmlStart.test(text)) detected = 'html';
	if (!detected && (markdownSigns.test(text.slice(0, 16_384)) || ['.md', '.markdown', '.mdx', '.mdown'].includes(extension))) detected = 'markdown';
	if (!detected && ['.htm', '.html', '.xhtml'].includes(extension) && /<\/?[a-z][^>]*>/iu.test(text)) detected = 'html';
	detected ??= 'text';
	switch (choice) {
		case 'auto':
			return {format: detected, head: text};
		case 'transcript':
			if (transcriptFormats.has(detected)) return {format: detected, head: text};
			return {problem: 'is not a transcript this drill reads (Claude Code JSONL, ChatGPT conversations.json, or JSONL of {role, content})', head: text};
		case 'summary-json':
			return detected === 'summary-json' ? {format: detected, head: text} : {problem: 'is not summary interchange JSON ({"namespace", "item_id", "nodes", …})', head: text};
		default:
			return {format: choice, head: text};
	}
}
