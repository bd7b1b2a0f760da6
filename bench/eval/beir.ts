import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../source/core/errors.js';
import type {BeirDocument} from './document-to-item.js';

export interface BeirCollection {
	name: string;
	documents: BeirDocument[];
	queries: Array<{id: string; text: string}>;
	/** query id → document id → graded relevance (> 0). */
	qrels: Map<string, Map<string, number>>;
}

function jsonLines<T>(file: string): T[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => line.trim())
		.map((line, index) => {
			try {
				return JSON.parse(line) as T;
			} catch {
				throw new DrillError('bad_input', `${file} line ${index + 1} is not JSON`, 'give a BEIR collection (corpus.jsonl, queries.jsonl, qrels.tsv)');
			}
		});
}

/** Reads a BEIR-format folder: corpus.jsonl, queries.jsonl, qrels.tsv (or qrels/test.tsv). */
export function loadBeir(folder: string): BeirCollection {
	const qrelsFile = [path.join(folder, 'qrels.tsv'), path.join(folder, 'qrels', 'test.tsv')].find((file) => existsSync(file));
	for (const file of ['corpus.jsonl', 'queries.jsonl']) {
		if (!existsSync(path.join(folder, file))) throw new DrillError('not_found', `no ${file} in ${folder}`, 'give a BEIR collection folder (corpus.jsonl, queries.jsonl, qrels.tsv)');
	}
	if (!qrelsFile) throw new DrillError('not_found', `no qrels.tsv in ${folder}`, 'give a BEIR collection folder (corpus.jsonl, queries.jsonl, qrels.tsv)');
	const documents = jsonLines<{_id: unknown; title?: unknown; text?: unknown}>(path.join(folder, 'corpus.jsonl')).map((doc) => ({
		_id: String(doc._id),
		title: typeof doc.title === 'string' ? doc.title : '',
		text: typeof doc.text === 'string' ? doc.text : '',
	}));
	const queries = jsonLines<{_id: unknown; text?: unknown}>(path.join(folder, 'queries.jsonl')).map((query) => ({id: String(query._id), text: String(query.text ?? '')}));
	const qrels = new Map<string, Map<string, number>>();
	readFileSync(qrelsFile, 'utf8')
		.split('\n')
		.slice(1)
		.forEach((line) => {
			const [query, doc, score] = line.trim().split('\t');
			if (!query || !doc || !(Number(score) > 0)) return;
			if (!qrels.has(query)) qrels.set(query, new Map());
			qrels.get(query)!.set(doc, Number(score));
		});
	return {name: path.basename(path.resolve(folder)), documents, queries, qrels};
}
