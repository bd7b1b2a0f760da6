import {createHash} from 'node:crypto';
import {copyFileSync, existsSync, mkdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';
import {diskHint, removeQuietly, writeFileAtomic} from './atomic.js';
import {insideRoot, type Frames} from '../config.js';
import type {ContextDoc} from './drill-file.js';
import {slugify} from './naming.js';
import {largest} from '../../core/arrays.js';

/** Context is the minimum a frame needs; a file this big is not that. */
export const maxDocumentBytes = 10 * 1024 * 1024;
const excerptBytes = 16 * 1024;
const excerptLines = 200;

export interface SourceFile {
	abs: string;
	/** Where it came from, as recorded: a path relative to the drills root, or `outside: NAME`. */
	origin: string;
	size: number;
	markdown: boolean;
}

const urlPattern = /^[a-z][a-z0-9+.-]*:\/\//iu;

export function isUrl(text: string): boolean {
	return urlPattern.test(text);
}

/** Checks every file before anything is written: it exists, is a file, and is not huge. */
export function checkSourceFile(frames: Frames, file: string, cwd: string, what: string, alsoUnder?: string): SourceFile {
	const candidates = [path.resolve(cwd, file), ...(alsoUnder ? [path.resolve(alsoUnder, file)] : [])];
	const abs = candidates.find((candidate) => existsSync(candidate));
	if (!abs) throw new DrillError('not_found', `${what} file ${JSON.stringify(file)} does not exist`, `give the path of an existing file (relative to ${cwd})`);
	const stats = statSync(abs);
	if (stats.isDirectory()) throw new DrillError('bad_argument', `${what} ${JSON.stringify(file)} is a folder`, `give the files themselves: a drill takes only the minimum ${what} it needs`);
	if (!stats.isFile()) throw new DrillError('bad_argument', `${what} ${JSON.stringify(file)} is not a regular file`, 'give a regular file');
	if (stats.size > maxDocumentBytes) {
		throw new DrillError('bad_argument', `${what} file ${JSON.stringify(file)} is ${(stats.size / 1048576).toFixed(1)} MB, over the ${maxDocumentBytes / 1048576} MB limit`, `copy in the part that matters (an excerpt) instead`);
	}
	const rel = insideRoot(frames, abs);
	if (rel === undefined && frames.confineFiles) {
		throw new DrillError('outside_root', `${what} file ${JSON.stringify(file)} lies outside the drills root ${frames.root}`, 'this server copies in only files under the drills root (its clients may not be you): give a file inside it, or put the text in the findings');
	}
	return {abs, origin: rel ?? `outside: ${path.basename(abs)}`, size: stats.size, markdown: /\.(md|markdown)$/iu.test(abs)};
}

function fenceFor(text: string): string {
	const longest = largest(Array.from(text.matchAll(/`+/gu), (match) => match[0].length), 2);
	return '`'.repeat(longest + 1);
}

function excerpt(buffer: Buffer): string | undefined {
	const head = buffer.subarray(0, excerptBytes);
	if (head.includes(0)) return undefined;
	const lines = head.toString('utf8').split('\n');
	const shown = lines.slice(0, excerptLines).join('\n').trimEnd();
	const cut = lines.length > excerptLines || buffer.length > excerptBytes;
	return cut ? `${shown}\n…` : shown;
}

/** A folder name for a document that is free in `dir` and not taken by an earlier one. */
function freeName(dir: string, base: string, taken: Set<string>): string {
	let name = base;
	for (let n = 2; taken.has(name) || existsSync(path.join(dir, name)); n++) name = `${base}-${n}`;
	taken.add(name);
	return name;
}

/**
 * Copies files into a drill folder as documents beside the drill file: `NAME/NAME.md`. A
 * markdown file is copied as it is; any other file is copied beside a card that says where it
 * came from and shows an excerpt when it is text.
 */
export function writeDocuments(sources: readonly SourceFile[], drillDir: string, copied: string, taken = new Set<string>()): WrittenDocuments {
	const docs: ContextDoc[] = [];
	const folders: string[] = [];
	const undo = () => {
		for (const folder of folders) removeQuietly(folder);
	};
	try {
		for (const source of sources) docs.push(writeDocument(source, drillDir, copied, taken, folders));
	} catch (error) {
		// Every document or none: a full disk half-way must not leave the first ones behind.
		undo();
		if (error instanceof DrillError) throw error;
		throw new DrillError('io_error', `cannot copy a document into ${drillDir} (${(error as Error).message})`, diskHint(error));
	}
	return {docs, undo};
}

/** The documents written, and how to take them back when what follows fails. */
export interface WrittenDocuments {
	docs: ContextDoc[];
	undo: () => void;
}

function writeDocument(source: SourceFile, drillDir: string, copied: string, taken: Set<string>, folders: string[]): ContextDoc {
	const base = slugify(path.basename(source.abs).replace(/\.[^.]+$/u, ''), 'document');
	const name = freeName(drillDir, base, taken);
	const folder = path.join(drillDir, name);
	mkdirSync(folder, {recursive: true});
	folders.push(folder);
	const card = path.join(folder, `${name}.md`);
	let buffer: Buffer;
	try {
		buffer = readFileSync(source.abs);
	} catch (error) {
		throw new DrillError('io_error', `cannot read ${source.abs} (${(error as Error).message})`, 'check its permissions');
	}
	if (source.markdown) {
		writeFileAtomic(card, buffer, drillDir);
	} else {
		const rawName = path.basename(source.abs).replace(/[^A-Za-z0-9._-]+/gu, '_').replace(/^\.+/u, '_') || 'file';
		const raw = rawName === `${name}.md` ? `${rawName}.orig` : rawName;
		copyFileSync(source.abs, path.join(folder, raw));
		const text = excerpt(buffer);
		const body = [
			'---',
			`title: ${JSON.stringify(path.basename(source.abs))}`,
			`origin: ${JSON.stringify(source.origin)}`,
			`bytes: ${buffer.length}`,
			`sha256: ${createHash('sha256').update(buffer).digest('hex')}`,
			`copied: ${copied}`,
			'---',
			'',
			`# ${path.basename(source.abs)}`,
			'',
			`Copied into this drill from \`${source.origin}\`: [${raw}](${encodeURI(raw)}).`,
			...(text === undefined ? ['', '(binary file: no excerpt)'] : ['', fenceFor(text) + 'text', text, fenceFor(text)]),
			'',
		].join('\n');
		writeFileAtomic(card, body, drillDir);
	}
	return {document: `${name}/${name}.md`, origin: source.origin};
}
