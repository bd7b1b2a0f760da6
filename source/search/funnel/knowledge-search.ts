import {closeSync, openSync, readdirSync, readSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import {Database} from '../../store/sqlite-driver.js';
import type {SqliteDatabase} from '../../store/sqlite-database.js';
import {DrillError} from '../../core/errors.js';
import {hint, option} from '../../core/hint.js';
import {parseMarkdownUnit} from '../../text/markdown-unit.js';
import type {FindParams} from './params.js';
import {parseQuery} from './query.js';
import {highlight, markClose, markOpen} from './marks.js';
import type {CandidateItem, DrilledItem, FindResult, Stage1Hit} from '../types.js';

/**
 * `find --source knowledge`: the knowledge folder's units are few, so they are indexed on the fly
 * into an in-memory FTS5 table (rebuilt when a file changes). Ids are unit paths, for
 * `drill walk knowledge ID`.
 */
const maxUnits = 20_000;
const maxBytes = 1024 * 1024;
const folderTextNames = ['index.md', 'README.md', 'readme.md', 'index.markdown', 'README.markdown'];
const markdownFile = /\.(md|markdown)$/iu;

interface UnitFile {
	id: string;
	file: string;
	mtimeMs: number;
	size: number;
}

function listUnits(root: string): UnitFile[] {
	let realRoot: string;
	try {
		if (!statSync(root).isDirectory()) throw new Error('not a folder');
		realRoot = realpathSync(root);
	} catch {
		throw new DrillError('not_found', `the knowledge folder ${root} does not exist`, hint`point ${option('knowledge')} at a folder of markdown files (default .agents/knowledge)`);
	}
	const units: UnitFile[] = [];
	const visit = (folder: string, id: string) => {
		let entries: import('node:fs').Dirent[];
		try {
			entries = readdirSync(folder, {withFileTypes: true});
		} catch {
			return;
		}
		for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
			if (units.length >= maxUnits || entry.name.startsWith('.')) continue;
			const full = path.join(folder, entry.name);
			let real: string;
			try {
				real = realpathSync(full);
			} catch {
				continue;
			}
			// Links that lead out of the folder are left out, as in `drill walk knowledge`.
			if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
			const stats = statSync(real);
			const childId = id ? `${id}/${entry.name}` : entry.name;
			if (stats.isDirectory()) visit(real, childId);
			else if (stats.isFile() && markdownFile.test(entry.name)) {
				const unitId = folderTextNames.includes(entry.name) ? id : childId.replace(markdownFile, '');
				units.push({id: unitId, file: real, mtimeMs: stats.mtimeMs, size: stats.size});
			}
		}
	};
	visit(realRoot, '');
	return units;
}

function readHead(file: string): string {
	const fd = openSync(file, 'r');
	try {
		const buffer = Buffer.alloc(maxBytes);
		const read = readSync(fd, buffer, 0, maxBytes, 0);
		return buffer.toString('utf8', 0, read);
	} finally {
		closeSync(fd);
	}
}

interface KnowledgeIndex {
	signature: string;
	db: SqliteDatabase;
	titles: Map<number, {id: string; title: string; summary: string}>;
}

const indexes = new Map<string, KnowledgeIndex>();

function knowledgeIndex(root: string): KnowledgeIndex {
	const units = listUnits(root);
	const signature = units.map((unit) => `${unit.id}\0${unit.mtimeMs}\0${unit.size}`).join('\n');
	const cached = indexes.get(root);
	if (cached?.signature === signature) return cached;
	cached?.db.close();
	const db = new Database(':memory:');
	db.exec(`
		CREATE VIRTUAL TABLE units USING fts5 (title, summary, body, tokenize = 'porter unicode61 remove_diacritics 2');
		CREATE VIRTUAL TABLE paragraphs USING fts5 (text, unit UNINDEXED, seq UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2');
	`);
	const titles = new Map<number, {id: string; title: string; summary: string}>();
	const addUnit = db.prepare('INSERT INTO units (rowid, title, summary, body) VALUES (?, ?, ?, ?)');
	const addParagraph = db.prepare('INSERT INTO paragraphs (text, unit, seq) VALUES (?, ?, ?)');
	db.transaction(() => {
		units.forEach((unit, index) => {
			let text: string;
			try {
				text = readHead(unit.file);
			} catch {
				return;
			}
			const parsed = parseMarkdownUnit(text);
			const title = parsed.title ?? (unit.id.split('/').pop() || 'knowledge');
			const rowid = index + 1;
			titles.set(rowid, {id: unit.id, title, summary: parsed.summary});
			addUnit.run(rowid, title, parsed.summary, parsed.body);
			parsed.body
				.split(/\n\s*\n/u)
				.map((paragraph) => paragraph.trim())
				.filter(Boolean)
				.forEach((paragraph, seq) => addParagraph.run(paragraph, rowid, seq));
		});
	})();
	const index = {signature, db, titles};
	indexes.set(root, index);
	return index;
}

export function knowledgeFunnel(knowledgeDir: string, params: FindParams): FindResult {
	const started = performance.now();
	const query = parseQuery(params.query);
	const notices: string[] = [];
	if (params.lists.semantic) notices.push('the knowledge folder is searched by keyword only (it has no embeddings)');
	if (!query.match) notices.push('the query has no searchable words (letters or digits)');
	const index = knowledgeIndex(knowledgeDir);
	const built = performance.now();
	const {open, close} = params.highlight;
	const rows = query.match
		? (index.db
				.prepare(`SELECT rowid AS unit, -bm25(units, 3, 2, 1) AS score, snippet(units, -1, '${markOpen}', '${markClose}', '…', 16) AS snippet FROM units WHERE units MATCH ? ORDER BY bm25(units, 3, 2, 1) LIMIT ?`)
				.all(query.match, params.offset + params.topK) as Array<{unit: number; score: number; snippet: string}>)
				.slice(params.offset)
				.filter((row) => params.minScore === undefined || row.score >= params.minScore)
		: [];
	const hits: Stage1Hit[] = [];
	const candidates: CandidateItem[] = [];
	for (const row of rows) {
		const unit = index.titles.get(row.unit);
		if (!unit) continue;
		const rank = params.offset + hits.length + 1;
		hits.push({
			rank,
			score: Number(row.score.toFixed(4)),
			drill_node_id: unit.id,
			namespace: 'knowledge',
			item_id: unit.id,
			title: unit.title,
			snippet: highlight(row.snippet, open, close),
			level: unit.id === '' ? 0 : unit.id.split('/').length,
			matched_by: ['keyword'],
		});
		candidates.push({drill_node_id: unit.id, namespace: 'knowledge', item_id: unit.id, title: unit.title, tldr: unit.summary, best_rank: rank});
	}
	const stage1 = performance.now();
	const drilled: DrilledItem[] = [];
	if (params.drill && query.match) {
		const paragraphs = index.db.prepare(
			`SELECT seq, -bm25(paragraphs) AS score, snippet(paragraphs, 0, '${markOpen}', '${markClose}', '…', 24) AS snippet FROM paragraphs WHERE paragraphs MATCH ? AND unit = ? ORDER BY bm25(paragraphs) LIMIT ?`,
		);
		for (const row of rows.slice(0, params.drillTopK)) {
			const unit = index.titles.get(row.unit)!;
			const spans = paragraphs.all(query.match, row.unit, params.drillPerItemTopK) as Array<{seq: number; score: number; snippet: string}>;
			drilled.push({drill_node_id: unit.id, spans: spans.map((span) => ({drill_node_id: unit.id, seq: span.seq, snippet: highlight(span.snippet, open, close), score: Number(span.score.toFixed(4))}))});
		}
	}
	const done = performance.now();
	const round = (value: number) => Number(value.toFixed(2));
	return {
		query: params.query,
		method: 'keyword',
		scope: null,
		stage1_hits: hits,
		candidate_items: candidates,
		drilled,
		timings_ms: {index: round(built - started), stage1: round(stage1 - built), ...(params.drill ? {drill: round(done - stage1)} : {}), total: round(done - started)},
		source: 'knowledge',
		...(notices.length > 0 ? {notices} : {}),
	};
}
