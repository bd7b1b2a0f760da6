import {readFile} from 'node:fs/promises';
import type {SourceProblem} from '../model.js';
import {agentText} from './agent-text.js';
import {jsonArrayElements} from './json-array.js';
import {readLines} from './lines.js';

/** One JSON value of a file that holds many: its position, its raw text (for the content hash) and the value. */
export interface JsonRecord {
	index: number;
	/** The line it starts on (1-based), when known. */
	line?: number;
	bytes: Buffer | string;
	value: unknown;
}

/** What a file of records calls one of them in a problem report: "conversation 3 (line 120)". */
export type RecordLabel = (index: number, line?: number) => string;

const maxWholeJsonBytes = 256 << 20;

/**
 * The JSON values of a file that holds many records, one at a time: the elements of a top-level
 * array (streamed, so a multi-gigabyte export is never parsed whole), JSON lines, or one
 * (pretty-printed) document. A broken record is reported with its line and costs only itself.
 */
export async function* jsonRecords(file: string, size: number, head: string, label: RecordLabel, problems: SourceProblem[], onBytes?: (bytes: number) => void): AsyncGenerator<JsonRecord> {
	const broken = (index: number, line: number | undefined, error: unknown) =>
		problems.push({...(line ? {line} : {}), reason: `${label(index, line)} is not valid JSON (${(error as Error).message})`});
	if (head.trimStart().startsWith('[')) {
		for await (const element of jsonArrayElements(file, onBytes, (problem) => problems.push(problem))) {
			let value: unknown;
			try {
				value = JSON.parse(element.bytes.toString('utf8'));
			} catch (error) {
				broken(element.index, element.line, error);
				continue;
			}
			yield {index: element.index, line: element.line, bytes: element.bytes, value};
		}
		return;
	}
	let index = 0;
	let firstFailed = false;
	for await (const batch of readLines(file, onBytes)) {
		for (const line of batch) {
			if (line.problem) {
				problems.push({line: line.number, reason: `line ${line.number} ${line.problem}`});
				continue;
			}
			if (line.text.trim() === '') continue;
			let value: unknown;
			try {
				value = JSON.parse(line.text);
			} catch (error) {
				if (index === 0) {
					firstFailed = true;
					break;
				}
				broken(index++, line.number, error);
				continue;
			}
			yield {index: index++, line: line.number, bytes: line.text, value};
		}
		if (firstFailed) break;
	}
	if (!firstFailed) return;
	// Not JSON lines: one pretty-printed document.
	if (size > maxWholeJsonBytes) {
		problems.push({reason: `is one JSON document of ${(size / 1e6).toFixed(0)} MB; only a JSON array or JSON lines are read past ${maxWholeJsonBytes >> 20} MB`});
		return;
	}
	const text = await readFile(file, 'utf8');
	onBytes?.(size);
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		problems.push({reason: `is not valid JSON (${(error as Error).message})`});
		return;
	}
	yield {index: 0, line: 1, bytes: text, value};
}

/** A whole JSON document of at most 256 MB, or a problem saying why not. */
export async function wholeJson(file: string, size: number, problems: SourceProblem[]): Promise<{value: unknown; text: string} | {problem: string}> {
	if (size > maxWholeJsonBytes) return {problem: `is one JSON document of ${(size / 1e6).toFixed(0)} MB; only JSON lines are read past ${maxWholeJsonBytes >> 20} MB`};
	const text = agentText(await readFile(file), problems);
	try {
		return {value: JSON.parse(text) as unknown, text};
	} catch (error) {
		return {problem: `is not valid JSON (${(error as Error).message})`};
	}
}
