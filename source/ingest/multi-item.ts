import {createHash, type Hash} from 'node:crypto';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {sourceUri} from '../core/source-uri.js';
import {validateItem, type ItemRecord} from '../store/interchange.js';
import {AiderSessionReader, aiderSessionStart} from './formats/aider.js';
import {storeRecords} from './formats/agent-stores.js';
import {storeFormats, type Format} from './formats/catalog.js';
import {readChatGptConversation} from './formats/chatgpt.js';
import {promptLogRecords} from './formats/prompt-log.js';
import {itemIdFor} from './ids.js';
import {hashBytes} from './io/hash.js';
import {jsonRecords} from './io/json-records.js';
import {readLines} from './io/lines.js';
import type {FileRecord, RecordContext} from './file-record.js';
import {isEmpty} from './work/source-job.js';

export type {FileRecord, RecordContext} from './file-record.js';

async function* chatgptRecords(context: RecordContext): AsyncGenerator<FileRecord> {
	const label = (index: number, line?: number) => (line ? `conversation ${index} (line ${line})` : `conversation ${index}`);
	for await (const record of jsonRecords(context.file, context.size, context.head, label, context.problems, context.onBytes)) {
		const where = label(record.index, record.line);
		const conversation = readChatGptConversation(record.value, where, context.problems, record.line);
		if (!conversation) continue;
		if (isEmpty(conversation.source)) {
			context.problems.push({...(record.line ? {line: record.line} : {}), reason: `${where} has no messages`});
			continue;
		}
		const key = conversation.id ?? `${context.real}#${record.index}`;
		yield {
			kind: 'source',
			parsed: conversation.source,
			itemId: itemIdFor('chatgpt', key),
			uri: sourceUri(context.real, String(conversation.id ?? record.index)),
			hash: hashBytes(record.bytes, context.salt),
			...(conversation.id ? {copyKey: conversation.id} : {}),
			where,
			...(record.line ? {line: record.line} : {}),
		};
	}
}

async function* summaryRecords(context: RecordContext): AsyncGenerator<FileRecord> {
	const label = (index: number, line?: number) => (context.head.trimStart().startsWith('[') ? `item [${index}]${line ? ` (line ${line})` : ''}` : line ? `line ${line}` : 'item');
	for await (const record of jsonRecords(context.file, context.size, context.head, label, context.problems, context.onBytes)) {
		const value = record.value;
		let item: ItemRecord;
		try {
			item = validateItem(context.namespace && typeof value === 'object' && value !== null ? {...value, namespace: context.namespace} : value, label(record.index, record.line));
		} catch (error) {
			if (!(error instanceof DrillError)) throw error;
			context.problems.push({...(record.line ? {line: record.line} : {}), reason: error.line});
			continue;
		}
		const hash = hashBytes(record.bytes, context.salt);
		yield {kind: 'item', item: {...item, content_hash: hash, source: {...item.source, uri: item.source?.uri ?? context.real, kind: item.source?.kind ?? 'summary-json'}}, hash, ...(record.line ? {line: record.line} : {})};
	}
}

/** An aider history, session by session: each from its `# aider chat started at …` line to the next. */
async function* aiderRecords(context: RecordContext): AsyncGenerator<FileRecord> {
	const project = path.dirname(context.real);
	const seen = new Map<string, number>();
	// Blank lines enter a session's hash only when text follows them: aider writes the blank line
	// before the next session's start, which must not change the session before it.
	let session: {reader: AiderSessionReader; hash: Hash; start: string; line: number; blanks: number} | undefined;
	const close = (): FileRecord | undefined => {
		if (!session) return undefined;
		const {reader, hash, start, line} = session;
		session = undefined;
		const parsed = reader.finish();
		if (isEmpty(parsed) || (parsed.facts.provenance?.turns ?? 0) === 0) {
			// Started and closed without a request: nothing to read.
			context.onSkipped();
			return undefined;
		}
		const occurrence = seen.get(start) ?? 0;
		seen.set(start, occurrence + 1);
		const key = `${context.real}#${start}${occurrence > 0 ? `#${occurrence}` : ''}`;
		return {kind: 'source', parsed, itemId: itemIdFor('aider', key), uri: sourceUri(context.real, `L${line}`), hash: hash.digest('hex'), where: `the session at line ${line}`, line};
	};
	for await (const batch of readLines(context.file, context.onBytes)) {
		for (const line of batch) {
			if (line.problem) {
				context.problems.push({line: line.number, reason: `line ${line.number} ${line.problem}`});
				continue;
			}
			const start = aiderSessionStart.exec(line.text);
			if (start) {
				const done = close();
				if (done) yield done;
				session = {reader: new AiderSessionReader(start[1]!, line.number, project), hash: createHash('sha256').update(context.salt).update('\u0000'), start: start[1]!, line: line.number, blanks: 0};
			}
			// What comes before the first start line (a history cut at the top) is a session whose start is unknown.
			if (!session && line.text.trim() !== '') session = {reader: new AiderSessionReader(undefined, line.number, project), hash: createHash('sha256').update(context.salt).update('\u0000'), start: `line ${line.number}`, line: line.number, blanks: 0};
			if (!session) continue;
			if (line.text.trim() === '') session.blanks++;
			else {
				session.hash.update('\n'.repeat(session.blanks)).update(line.text).update('\n');
				session.blanks = 0;
			}
			if (!start) session.reader.push(line.text);
		}
	}
	const done = close();
	if (done) yield done;
}

export function fileRecords(format: Format, context: RecordContext): AsyncGenerator<FileRecord> {
	if (storeFormats.has(format)) return storeRecords(format, context);
	if (format === 'chatgpt') return chatgptRecords(context);
	if (format === 'aider') return aiderRecords(context);
	if (format === 'prompt-log') return promptLogRecords(context);
	return summaryRecords(context);
}
