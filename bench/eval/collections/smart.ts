import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../../source/core/errors.js';
import type {MadeCollection} from './known-item.js';

/**
 * The classic SMART-format collections of the Glasgow test-collection page (MED, CISI, ADI; each
 * `X.ALL` documents, `X.QRY` queries, `X.REL` judgments), as BEIR folders. Where the files come
 * from: any clone that has them, e.g. `git clone https://github.com/lailaglez/belief-network-irs`
 * (folders med/, cisi/, adi/) and, for CISI's 76 judged queries,
 * `git clone https://github.com/glaucapicea/ir-model-evaluation` (collections/CISI_simplified.*),
 * given together: `--from CLONE1,CLONE2`. Nothing is downloaded here and nothing made is committed.
 */
const collections = [
	{name: 'medline', prefix: 'MED'},
	{name: 'cisi', prefix: 'CISI'},
	{name: 'adi', prefix: 'ADI'},
] as const;

/** The records of a SMART file: `.I id` opens one, `.T`/`.W`/`.A`/`.B`/`.X`… open its fields. */
export function smartRecords(text: string): Array<{id: string; fields: Map<string, string>}> {
	const records: Array<{id: string; fields: Map<string, string>}> = [];
	let field = '';
	for (const line of text.split(/\r?\n/u)) {
		const opened = /^\.I\s+(\S+)/u.exec(line);
		if (opened) {
			records.push({id: opened[1]!, fields: new Map()});
			field = '';
			continue;
		}
		const marker = /^\.([A-Z])\s*$/u.exec(line);
		if (marker) {
			field = marker[1]!;
			continue;
		}
		const record = records.at(-1);
		if (!record || !field) continue;
		record.fields.set(field, `${record.fields.get(field) ?? ''} ${line.trim()}`);
	}
	for (const record of records) for (const [key, value] of record.fields) record.fields.set(key, value.replace(/\s+/gu, ' ').trim());
	return records;
}

/** Judgments `query doc …` (MED: `q d 1`; CISI, ADI: `q d 0 0.000000`): every listed pair is relevant (grade 1). */
export function smartJudgments(text: string): Array<[string, string]> {
	const pairs: Array<[string, string]> = [];
	for (const line of text.split(/\r?\n/u)) {
		const [query, doc] = line.trim().split(/\s+/u);
		if (query && doc) pairs.push([query, doc]);
	}
	return pairs;
}

/**
 * The fullest copy of one file among the sources (most lines): clones differ, e.g. one has CISI's
 * titles and 57 of its queries, another (`CISI_simplified.*`) all 112 queries but no titles.
 */
function find(sources: readonly string[], prefix: string, extension: string): string | undefined {
	const names = [`${prefix}.${extension}`, `${prefix}_simplified.${extension}`];
	const candidates = sources.flatMap((source) => names.flatMap((name) => [path.join(source, prefix.toLowerCase(), name), path.join(source, 'collections', name), path.join(source, name)])).filter((file) => existsSync(file));
	const lines = (file: string) => readFileSync(file, 'latin1').split('\n').length;
	return candidates.sort((a, b) => lines(b) - lines(a))[0];
}

/** Writes each SMART collection found in the sources (clones, comma-separated) into `out/<name>` as a BEIR folder. */
export function makeSmartCollections(out: string, from: string): MadeCollection[] {
	const made: MadeCollection[] = [];
	const source = from.split(',').filter(Boolean);
	for (const {name, prefix} of collections) {
		const files = ['ALL', 'QRY', 'REL'].map((extension) => find(source, prefix, extension));
		if (files.some((file) => !file)) continue;
		const [all, qry, rel] = files.map((file) => readFileSync(file!, 'latin1'));
		const documents = smartRecords(all!).map((record) => ({_id: record.id, title: record.fields.get('T') ?? '', text: record.fields.get('W') ?? ''}));
		const judgments = smartJudgments(rel!);
		const judged = new Set(judgments.map(([query]) => String(Number(query))));
		const queries = smartRecords(qry!)
			.map((record) => ({_id: String(Number(record.id)), text: [record.fields.get('T'), record.fields.get('W')].filter(Boolean).join(' ')}))
			.filter((query) => query.text);
		const folder = path.join(out, name);
		mkdirSync(folder, {recursive: true});
		writeFileSync(path.join(folder, 'corpus.jsonl'), `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`);
		writeFileSync(path.join(folder, 'queries.jsonl'), `${queries.map((query) => JSON.stringify(query)).join('\n')}\n`);
		const lines = [...new Set(judgments.map(([query, doc]) => `${Number(query)}\t${doc}\t1`))];
		writeFileSync(path.join(folder, 'qrels.tsv'), `query-id\tcorpus-id\tscore\n${lines.join('\n')}\n`);
		made.push({folder, documents: documents.length, queries: queries.filter((query) => judged.has(query._id)).length});
	}
	if (made.length === 0) throw new DrillError('not_found', `no SMART collection (MED, CISI, ADI .ALL/.QRY/.REL) under ${source}`, 'give a clone that has them, e.g. https://github.com/lailaglez/belief-network-irs');
	return made;
}
