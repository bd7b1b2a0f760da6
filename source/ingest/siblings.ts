import {append} from '../core/arrays.js';
import type {ItemRecord} from '../store/interchange.js';
import type {SummaryStore} from '../store/summary-store.js';
import {cutAtWord} from '../text/cjk-words.js';
import {plainText} from '../text/clean.js';
import {shortTime} from '../core/item-source.js';
import {scanWords, termOf} from '../text/summary-words.js';

/**
 * Sessions of one project that start with the same request (five runs of one batch job, each
 * about another paper) would all get that request's title. After a run, the items of a namespace
 * (and project) whose titles are the same once case and spaces are folded are told apart: each
 * gets ` — ` and what differs in its subject: the first words none of its siblings has in what the
 * person asked (the paper's title), else the name of a file only it worked on (the task's file),
 * and only when neither differs its TLDR, topics or last answer, and when nothing does, when it started. Only the title changes (`items.title`, the
 * root's title, the search rows through a rewrite); the title drill gave it stays in
 * `source.own_title`. An agent's own title is shown as it is and never touched.
 */

const separator = ' — ';
/** The part that tells apart sessions that differ only in when they started. */
const startedPart = / — \d{4}-\d\d-\d\d \d\d:\d\d UTC$/u;

/** A title without the time that told it apart from the same session started at another time: what the sessions were about. */
export const subjectOfTitle = (title: string) => title.replace(startedPart, '');
const maxTitle = 80;
const maxPhrase = 50;
const maxPhraseWords = 6;

interface Candidate {
	rowId: number;
	itemId: string;
	title: string;
	/** The title drill gave it, before any distinguishing part. */
	base: string;
	distinguished: boolean;
}

interface ItemText {
	/** What the person asked, line by line: where a subject (a paper's title) is named. */
	subject: string[];
	/** The names of the files its tools read and edited, in order: the task's file. */
	files: string[];
	/** Then what came of it (TLDR, topics) and, last of all, its last answer. */
	rest: string[];
	terms: Set<string>;
	/** When it started ("2025-12-22 00:35 UTC"), when the log says. */
	started?: string;
}

interface Extra {
	agent_title?: unknown;
	user_title?: unknown;
	own_title?: unknown;
}

function extraOf(json: string | null): Extra {
	if (!json) return {};
	try {
		const value = JSON.parse(json) as unknown;
		return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Extra) : {};
	} catch {
		return {};
	}
}

const fold = (title: string) => title.toLowerCase().replace(/\s+/gu, ' ').trim();

/** An item's title and the title drill gave it; undefined for one the agent named. */
function candidateOf(row: {id: number; item_id: string; title: string; source_extra: string | null}): Candidate | undefined {
	const extra = extraOf(row.source_extra);
	if ([extra.user_title, extra.agent_title].some((given) => typeof given === 'string' && given === row.title)) return undefined;
	const own = typeof extra.own_title === 'string' ? extra.own_title : undefined;
	const distinguished = own !== undefined && own !== row.title && row.title.startsWith(own.replace(/…$/u, '')) && row.title.includes(separator);
	return {rowId: row.id, itemId: row.item_id, title: row.title, base: distinguished ? own : row.title, distinguished};
}

function termsOfText(text: string, into: Set<string>): void {
	scanWords(text, (start, end) => {
		const term = termOf(text.slice(start, end));
		if (term) into.add(term);
	});
}

/** The path a tool call names (`file_path: …`, `absolute_path: …`, a patch's `*** Update File: …`). */
const toolPath = /^(?:file_path|filePath|absolute_path|path|target_file|notebook_path|filename|file|\*\*\* (?:Update|Add|Delete) File): *(\S[^\n]*)$/gmu;
const mostFiles = 12;

/** The base names of the files an item's tool calls named, first named first. */
function filesOf(record: ItemRecord): string[] {
	const names: string[] = [];
	for (const span of record.spans) {
		if (span.role !== 'tool_call') continue;
		for (const match of span.text.slice(0, 1000).matchAll(toolPath)) {
			const name = match[1]!.trim().split(/[\\/]/u).filter(Boolean).at(-1);
			if (name && !names.includes(name)) names.push(name);
		}
		if (names.length >= mostFiles) break;
	}
	return names;
}

/** What an item says of itself, in the order a distinguishing part is looked for. */
function textOf(record: ItemRecord): ItemText {
	const lines = (text: string) => text.split('\n').map((line) => plainText(line)).filter((line) => line.length > 0);
	const requests = record.spans.filter((span) => span.role === 'user');
	// The first request's later lines first (where a batch job's template names its subject), then its
	// first line (a subject named past the cut of the title), then the later requests.
	const [head = '', ...later] = (requests[0]?.text ?? '').split('\n');
	const subject = [...lines(later.join('\n')), ...lines(head), ...requests.slice(1).flatMap((request) => lines(request.text))];
	const files = filesOf(record);
	const rest: string[] = [...lines(record.tldr)];
	for (const node of record.nodes) {
		if (node.parent !== 0) continue;
		rest.push(node.title, node.keywords.join(', '));
	}
	// A word of an answer tells sessions apart only when nothing they were asked or worked on does.
	const answers = record.spans.filter((span) => span.role === 'assistant');
	const last = answers[answers.length - 1];
	if (last) append(rest, lines(last.text));
	const terms = new Set<string>();
	for (const piece of [...subject, ...files, ...rest]) termsOfText(piece, terms);
	const started = record.source?.started_at ? shortTime(record.source.started_at) : undefined;
	return {subject, files, rest: rest.filter((piece) => piece.length > 0), terms, ...(started ? {started} : {})};
}

const isCapitalized = (word: string) => word !== word.toLowerCase() && word[0] === word[0]!.toUpperCase();
/** What ends a phrase between two words: a clause's punctuation or a sentence's end. */
const breaksPhrase = (gap: string) => /[,;!?()[\]{}"\n<>|]|[.:]\s|\s[-–—]\s/u.test(gap);

/** The first words of `pieces` that no sibling has (extended over a name they are part of). */
function distinguishingPhrase(text: ItemText, others: {has(term: string): boolean}, baseTerms: ReadonlySet<string>): string | undefined {
	const own = (term: string) => term !== '' && !others.has(term) && !baseTerms.has(term);
	return phraseIn(text.subject, own) ?? fileIn(text.files, own) ?? phraseIn(text.rest, own);
}

/** A file only this item worked on, by its whole name ("schmidt-2019.pdf"). */
function fileIn(files: readonly string[], own: (term: string) => boolean): string | undefined {
	for (const file of files) {
		const terms = new Set<string>();
		termsOfText(file, terms);
		if ([...terms].some(own)) return cutAtWord(file, maxPhrase).trim() || undefined;
	}
	return undefined;
}

function phraseIn(pieces: readonly string[], own: (term: string) => boolean): string | undefined {
	for (const piece of pieces) {
		const words: Array<{start: number; end: number; word: string; term: string}> = [];
		scanWords(piece, (start, end) => {
			const word = piece.slice(start, end);
			words.push({start, end, word, term: termOf(word)});
		});
		const at = words.findIndex((word) => own(word.term));
		if (at < 0) continue;
		const joined = (a: number, b: number) => !breaksPhrase(piece.slice(words[a]!.end, words[b]!.start));
		let first = at;
		// A name the word is part of ("Deep Residual Learning"): the capitalized words just before it.
		while (first > 0 && at - first < maxPhraseWords - 1 && joined(first - 1, first) && words[first - 1]!.term !== '' && isCapitalized(words[first - 1]!.word)) first--;
		let last = at;
		for (let next = at + 1; next < words.length && next - first < maxPhraseWords; next++) {
			if (!joined(next - 1, next)) break;
			const word = words[next]!;
			if (own(word.term) || isCapitalized(word.word)) last = next;
			else if (word.term !== '') break;
		}
		const phrase = cutAtWord(piece.slice(words[first]!.start, words[last]!.end), maxPhrase).trim();
		if (phrase) return phrase;
	}
	return undefined;
}

function titled(base: string, phrase: string): string {
	const room = maxTitle - separator.length - phrase.length;
	const head = base.length <= room ? base : `${cutAtWord(base, room - 1).replace(/[\s,;:.—-]+$/u, '')}…`;
	return `${head}${separator}${phrase}`;
}

/** The new titles of one group of items with the same title: by item row id. */
function groupTitles(store: SummaryStore, group: Candidate[]): Map<number, string> {
	const texts = new Map<number, ItemText>();
	for (const candidate of group) {
		const row = store.itemByRowId(candidate.rowId);
		if (row) texts.set(candidate.rowId, textOf(store.record(row)));
	}
	const baseTerms = new Set<string>();
	termsOfText(group[0]!.base, baseTerms);
	// How many of the group's items hold each term: another item holds it when more than this one do
	// (a set of the others' terms per item was quadratic in the group: a generated archive's groups
	// of a thousand sessions took most of its summarize phase).
	const holders = new Map<string, number>();
	for (const text of texts.values()) for (const term of text.terms) holders.set(term, (holders.get(term) ?? 0) + 1);
	const titles = new Map<number, string>();
	for (const candidate of group) {
		const text = texts.get(candidate.rowId);
		if (!text) continue;
		const others = {has: (term: string) => (holders.get(term) ?? 0) > (text.terms.has(term) ? 1 : 0)};
		// The same request, the same files and the same ending (a request typed again after an error): only when it started tells them apart.
		const phrase = distinguishingPhrase(text, others, baseTerms) ?? text.started;
		titles.set(candidate.rowId, phrase ? titled(candidate.base, phrase) : candidate.base);
	}
	// Titles that still meet (a phrase cut short): each keeps the title it had before.
	const seen = new Map<string, number>();
	for (const title of titles.values()) seen.set(fold(title), (seen.get(fold(title)) ?? 0) + 1);
	for (const candidate of group) {
		const title = titles.get(candidate.rowId);
		if (title !== undefined && title !== candidate.base && seen.get(fold(title))! > 1) titles.set(candidate.rowId, candidate.base);
	}
	return titles;
}

/** Writes an item again with another title (and its own title kept), nothing else changed. */
function retitle(store: SummaryStore, candidate: Candidate, title: string): void {
	const row = store.itemByRowId(candidate.rowId);
	if (!row) return;
	const record = store.record(row);
	const root = record.nodes.find((node) => node.ordinal === 0);
	if (root && (root.title === record.title || root.title === candidate.base)) root.title = title;
	record.title = title;
	const source = {...record.source};
	if (title === candidate.base) delete source.own_title;
	else source.own_title = candidate.base;
	record.source = source;
	store.writeItem(record);
}

/**
 * Tells apart the items of these namespaces that share a title (see the top of this file): the
 * groups that hold an item written in this run (by namespace, the ids written). Deterministic and
 * idempotent: a title is made from the item's own title and its siblings' text only, so a group
 * none of whose items changed keeps its titles. Returns how many items were retitled.
 */
export function distinguishSiblings(store: SummaryStore, written: ReadonlyMap<string, ReadonlySet<string>>): number {
	let changed = 0;
	for (const namespace of [...written.keys()].sort()) {
		const ids = written.get(namespace)!;
		const groups = new Map<string, Candidate[]>();
		for (const row of store.iterate<{id: number; item_id: string; title: string; project: string | null; source_extra: string | null}>(
			'SELECT id, item_id, title, project, source_extra FROM items WHERE namespace = ? ORDER BY item_id',
			namespace,
		)) {
			const candidate = candidateOf(row);
			if (!candidate) continue;
			const key = `${row.project ?? ''}\u0000${fold(candidate.base)}`;
			const group = groups.get(key);
			if (group) group.push(candidate);
			else groups.set(key, [candidate]);
		}
		for (const group of groups.values()) {
			// Only a group with an item written in this run can have changed (or one told apart from siblings gone).
			if (!group.some((candidate) => ids.has(candidate.itemId)) && !(group.length === 1 && group[0]!.distinguished)) continue;
			const titles = group.length > 1 ? groupTitles(store, group) : new Map([[group[0]!.rowId, group[0]!.base]]);
			for (const candidate of group) {
				const title = titles.get(candidate.rowId);
				if (title === undefined || title === candidate.title) continue;
				retitle(store, candidate, title);
				changed++;
			}
		}
	}
	return changed;
}
