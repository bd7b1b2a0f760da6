// `npm run eval -- summaries DIR… [--json]`: ingests each folder of agent session logs into a
// temp store and scores what a person reads first, per agent (the worst agent named):
// - title agreement: content-word F1 of drill's own title (made without the agent's title
//   records: `source.own_title`, else the item title when the log has none) against the agent's
//   title (`source.agent_title`), beside the first request's first ten words;
// - nugget recall: the share of each session's nuggets (DIR/nuggets.json) present in title + TLDR,
//   beside the first request's first 30 words + the last answer's first 30 words;
// - the agent's title shown, titles over 80 characters, TLDRs over 60 words, titles shared by
//   sessions whose agent titles differ.
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DrillError} from '../../source/core/errors.js';
import {isPlaceholderTitle, requestTitle} from '../../source/ingest/tree/titles.js';
import {termsOf} from '../../source/text/summary-words.js';
import {plainText} from '../../source/text/clean.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import {ingestItems} from './ingest-items.js';
import {mean} from './metrics.js';
import {firstRenderedWords} from './rendered-words.js';

/**
 * `nuggets.json`: `[{"file": "claude-code/abc.jsonl", "item": "#2"?, "split": "tune"|"heldout",
 * "nuggets": [["topic", "alternative"], ["outcome", …], ["entity", …]]}]`. `file` is the session
 * file's path under DIR; `item` picks one conversation of a file of many (the end of its uri).
 */
export interface NuggetEntry {
	file: string;
	item?: string;
	split?: 'tune' | 'heldout';
	nuggets: string[][];
}

export interface SessionScore {
	uri: string;
	agent: string;
	title: string;
	ownTitle: string;
	agentTitle?: string;
	/** The title the log gives the session: the person's rename, else the agent's title. */
	logTitle?: string;
	tldr: string;
	titleF1?: number;
	baselineF1?: number;
	nuggetRecall?: number;
	baselineRecall?: number;
	/** The naive text the nuggets were also looked for in: the first request's first 30 words and the last answer's first 30. */
	naive?: string;
	/** Recall of each kind of nugget (the first is the topic, the second the outcome, the third an entity), drill's and the baseline's. */
	kinds?: KindRecall;
	baselineKinds?: KindRecall;
	split?: string;
}

/** Whether each kind of nugget was found (1 or 0). */
export interface KindRecall {
	topic: number;
	outcome: number;
	entity: number;
}

const kindNames = ['topic', 'outcome', 'entity'] as const;

export interface AgentReport {
	agent: string;
	sessions: number;
	withAgentTitle: number;
	agentTitleShown: number;
	/** Sessions whose log titles them (the person's rename or the agent's title), and how many show it. */
	withLogTitle: number;
	logTitleShown: number;
	titleF1: number;
	baselineTitleF1: number;
	withNuggets: number;
	nuggetRecall: number;
	baselineNuggetRecall: number;
	/** Mean recall per kind of nugget over the sessions whose nuggets are [topic, outcome, entity]. */
	kinds: KindRecall;
	baselineKinds: KindRecall;
	longTitles: number;
	longTldrs: number;
}

export interface SummariesReport {
	agents: AgentReport[];
	/** Every session of every agent together. */
	all: AgentReport;
	sharedTitles: string[];
	worst: {titleF1?: string; nuggetMargin?: string};
	sessions: SessionScore[];
}

/** Content-word F1 (stems, stopwords left out) of two texts. */
export function contentF1(candidate: string, reference: string): number {
	const a = new Set(termsOf(candidate));
	const b = new Set(termsOf(reference));
	if (a.size === 0 || b.size === 0) return 0;
	let shared = 0;
	for (const term of a) if (b.has(term)) shared++;
	if (shared === 0) return 0;
	const precision = shared / a.size;
	const recall = shared / b.size;
	return (2 * precision * recall) / (precision + recall);
}

// Chinese, Japanese, Thai, Lao, Khmer and Burmese have no spaces between words: each of their
// letters is matched as a word of its own, so a nugget is found inside a run of them and beside a
// Latin word written against it ("适合macos系统" holds "macos" and "系统"). A Hangul word is
// told from a Latin one written against it ("API를").
const unspacedLetter = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
const hangulEdge = /(?<=[\uac00-\ud7af])(?=[^\uac00-\ud7af])|(?<=[^\uac00-\ud7af])(?=[\uac00-\ud7af])/gu;
const folded = (text: string) =>
	` ${text
		.toLowerCase()
		.replace(unspacedLetter, ' $& ')
		.replace(hangulEdge, ' ')
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()} `;

/** Whether one of a nugget's alternatives is in `text` (as whole words, case and accents folded). */
function found(text: string, alternatives: readonly string[]): boolean {
	const haystack = folded(text);
	return alternatives.some((alternative) => folded(alternative).trim() !== '' && haystack.includes(folded(alternative)));
}

/** The share of nuggets one of whose alternatives is in `text` (as whole words, case and accents folded). */
export function nuggetRecall(text: string, nuggets: readonly string[][]): number {
	if (nuggets.length === 0) return 0;
	return nuggets.filter((alternatives) => found(text, alternatives)).length / nuggets.length;
}

/** Each kind found or not, for nuggets written as [topic, outcome, entity]; undefined for any other shape. */
export function kindRecall(text: string, nuggets: readonly string[][]): KindRecall | undefined {
	if (nuggets.length !== kindNames.length) return undefined;
	const [topic, outcome, entity] = nuggets.map((alternatives) => (found(text, alternatives) ? 1 : 0));
	return {topic: topic!, outcome: outcome!, entity: entity!};
}

const firstWords = (text: string, count: number) => text.split(/\s+/u).filter(Boolean).slice(0, count).join(' ');
const wordCount = (text: string) => text.split(/\s+/u).filter(Boolean).length;

function loadNuggets(folder: string): NuggetEntry[] {
	const file = path.join(folder, 'nuggets.json');
	if (!existsSync(file)) return [];
	const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
	if (!Array.isArray(parsed)) throw new DrillError('bad_argument', `${file} is not a JSON array`, 'write [{"file": "…", "nuggets": [["topic", …], ["outcome", …], ["entity", …]]}, …]');
	return parsed as NuggetEntry[];
}

/** Scores one folder of session logs. */
export async function scoreFolder(folder: string): Promise<SessionScore[]> {
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-summaries-'));
	const storePath = path.join(dir, 'eval.db');
	try {
		// The items as ingest writes them (their whole `source`, own and agent titles included).
		const {items} = await ingestItems([folder], storePath);
		const nuggets = loadNuggets(folder);
		const scores: SessionScore[] = [];
		const root = path.resolve(folder);
		for (const item of items) {
			if (item.namespace !== 'conversation_session') continue;
			const source = item.source as ItemRecord['source'] & {agent_title?: string; user_title?: string; own_title?: string};
			const uri = decodeURI((source?.uri ?? item.item_id).replace(/^file:\/\//u, ''));
			const relative = uri.startsWith(root) ? uri.slice(root.length + 1) : uri;
			// The naive text is the session's own: a subagent's prompt and answers (a `Subagent:` node's spans) are not the person's request or the agent's last answer.
			const ownSpans = withoutSubagents(item);
			const firstRequest = ownSpans.find((span) => span.role === 'user')?.text ?? '';
			const lastAnswer = ownSpans.filter((span) => span.role === 'assistant').at(-1)?.text ?? '';
			const ownTitle = source?.own_title ?? item.title;
			const entry = nuggets.find((candidate) => (relative === candidate.file || relative.startsWith(`${candidate.file}#`)) && (!candidate.item || relative.endsWith(candidate.item)));
			const tldr = item.tldr ?? '';
			// A placeholder the agent keeps until it titles a session ("New Session") is no title to show.
			const agentTitle = source?.agent_title && !isPlaceholderTitle(source.agent_title) ? source.agent_title : undefined;
			const userTitle = source?.user_title && !isPlaceholderTitle(source.user_title) ? source.user_title : undefined;
			const logTitle = userTitle ?? agentTitle;
			const score: SessionScore = {uri: relative, agent: source?.agent ?? source?.kind ?? 'unknown', title: item.title, ownTitle, tldr, ...(agentTitle ? {agentTitle} : {}), ...(logTitle ? {logTitle} : {}), ...(entry?.split ? {split: entry.split} : {})};
			if (agentTitle) {
				score.titleF1 = contentF1(ownTitle, agentTitle);
				score.baselineF1 = contentF1(firstWords(firstRequest, 10), agentTitle);
			}
			if (entry) {
				const naive = `${firstWords(firstRequest, 30)} ${firstWords(lastAnswer, 30)}`;
				score.nuggetRecall = nuggetRecall(`${item.title} ${tldr}`, entry.nuggets);
				score.baselineRecall = nuggetRecall(naive, entry.nuggets);
				score.naive = naive;
				const kinds = kindRecall(`${item.title} ${tldr}`, entry.nuggets);
				const baselineKinds = kindRecall(naive, entry.nuggets);
				if (kinds && baselineKinds) Object.assign(score, {kinds, baselineKinds});
			}
			scores.push(score);
		}
		return scores;
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

/** The item's spans less those under a `Subagent:` node (the tree's graft of a subagent's transcript). */
export function withoutSubagents(item: Pick<ItemRecord, 'nodes' | 'spans'>): ItemRecord['spans'] {
	const subagentNodes = new Set(item.nodes.filter((node) => node.title.startsWith('Subagent: ')).map((node) => node.ordinal));
	if (subagentNodes.size === 0) return item.spans;
	let grew = true;
	while (grew) {
		grew = false;
		for (const node of item.nodes) {
			if (node.parent !== null && subagentNodes.has(node.parent) && !subagentNodes.has(node.ordinal)) {
				subagentNodes.add(node.ordinal);
				grew = true;
			}
		}
	}
	const theirs = new Set(item.nodes.filter((node) => subagentNodes.has(node.ordinal)).flatMap((node) => node.spans));
	return item.spans.filter((span) => !theirs.has(span.seq));
}

function meanKinds(list: readonly KindRecall[]): KindRecall {
	return {topic: mean(list.map((kinds) => kinds.topic)), outcome: mean(list.map((kinds) => kinds.outcome)), entity: mean(list.map((kinds) => kinds.entity))};
}

function agentReport(agent: string, list: SessionScore[]): AgentReport {
	const titled = list.filter((session) => session.agentTitle);
	const logTitled = list.filter((session) => session.logTitle);
	// Shown: the same words (the title is shown without markup, "`fn`" as "fn").
	const shows = (session: SessionScore, title: string) => {
		const plain = plainText(title);
		return session.title === plain || session.title.startsWith(plain.slice(0, 40));
	};
	const judged = list.filter((session) => session.nuggetRecall !== undefined);
	const kinded = judged.filter((session) => session.kinds && session.baselineKinds);
	return {
		agent,
		sessions: list.length,
		withAgentTitle: titled.length,
		agentTitleShown: titled.filter((session) => shows(session, session.agentTitle!)).length,
		withLogTitle: logTitled.length,
		logTitleShown: logTitled.filter((session) => shows(session, session.logTitle!)).length,
		titleF1: mean(titled.map((session) => session.titleF1!)),
		baselineTitleF1: mean(titled.map((session) => session.baselineF1!)),
		withNuggets: judged.length,
		nuggetRecall: mean(judged.map((session) => session.nuggetRecall!)),
		baselineNuggetRecall: mean(judged.map((session) => session.baselineRecall!)),
		kinds: meanKinds(kinded.map((session) => session.kinds!)),
		baselineKinds: meanKinds(kinded.map((session) => session.baselineKinds!)),
		longTitles: list.filter((session) => session.title.length > 80 && !session.logTitle).length,
		longTldrs: list.filter((session) => wordCount(session.tldr) > 60).length,
	};
}

export function summarize(sessions: SessionScore[]): SummariesReport {
	const byAgent = new Map<string, SessionScore[]>();
	for (const session of sessions) byAgent.set(session.agent, [...(byAgent.get(session.agent) ?? []), session]);
	const agents = [...byAgent].map(([agent, list]) => agentReport(agent, list));
	const byTitle = new Map<string, SessionScore[]>();
	for (const session of sessions) byTitle.set(session.title.toLowerCase(), [...(byTitle.get(session.title.toLowerCase()) ?? []), session]);
	const sharedTitles = [...byTitle].filter(([, list]) => list.length > 1 && new Set(list.map((session) => session.logTitle ?? session.uri)).size > 1).map(([title]) => title);
	const withTitles = agents.filter((agent) => agent.withAgentTitle > 0).sort((a, b) => a.titleF1 - b.titleF1);
	const withNuggets = agents.filter((agent) => agent.withNuggets > 0).sort((a, b) => a.nuggetRecall - a.baselineNuggetRecall - (b.nuggetRecall - b.baselineNuggetRecall));
	return {agents, all: agentReport('all', sessions), sharedTitles, worst: {...(withTitles[0] ? {titleF1: withTitles[0].agent} : {}), ...(withNuggets[0] ? {nuggetMargin: withNuggets[0].agent} : {})}, sessions};
}

const f2 = (value: number) => value.toFixed(2);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;

export function summariesTable(report: SummariesReport): string {
	const lines = ['agent          sessions  log-titles shown  title-F1 (first-10)  nuggets  recall (first+last 30)  margin  >80ch  >60w'];
	for (const agent of [...report.agents, report.all]) {
		lines.push(
			`${agent.agent.padEnd(14)} ${String(agent.sessions).padStart(8)}  ${String(agent.withLogTitle).padStart(10)} ${String(agent.logTitleShown).padStart(5)}  ${agent.withAgentTitle ? `${f2(agent.titleF1)} (${f2(agent.baselineTitleF1)})` : '-'.padEnd(11)}          ${String(agent.withNuggets).padStart(7)}  ${agent.withNuggets ? `${f2(agent.nuggetRecall)} (${f2(agent.baselineNuggetRecall)})` : '-'.padEnd(11)}             ${agent.withNuggets ? f2(agent.nuggetRecall - agent.baselineNuggetRecall).padStart(6) : '     -'}  ${String(agent.longTitles).padStart(5)}  ${String(agent.longTldrs).padStart(4)}`,
		);
	}
	lines.push('', 'nuggets by kind   topic (first+last 30)  outcome (first+last 30)  entity (first+last 30)');
	for (const agent of [...report.agents, report.all]) {
		if (agent.withNuggets === 0) continue;
		lines.push(`${agent.agent.padEnd(16)}  ${kindNames.map((kind) => `${f2(agent.kinds[kind])} (${f2(agent.baselineKinds[kind])})`.padEnd(23)).join('  ')}`);
	}
	lines.push(`shared titles: ${report.sharedTitles.length}${report.sharedTitles.length ? ` (${report.sharedTitles.slice(0, 5).join(' | ')})` : ''}`);
	if (report.worst.titleF1) lines.push(`worst title F1: ${report.worst.titleF1}`);
	if (report.worst.nuggetMargin) lines.push(`worst nugget margin: ${report.worst.nuggetMargin}`);
	return `${lines.join('\n')}\n`;
}

export async function evaluateSummaries(args: string[]): Promise<void> {
	const json = args.includes('--json');
	const verbose = args.includes('--sessions');
	const folders = args.filter((arg) => !arg.startsWith('--'));
	const usage = 'usage: npm run eval -- summaries DIR… [--json] [--sessions] | --docs DIR… | --titles FILE.json…';
	const unknown = args.find((arg) => arg.startsWith('--') && !['--json', '--sessions', '--docs', '--titles'].includes(arg));
	if (unknown) throw new DrillError('bad_argument', `unknown option ${unknown}`, usage);
	if (folders.length === 0) throw new DrillError('bad_argument', 'give a folder of session logs', usage);
	if (args.includes('--titles')) {
		for (const file of folders) {
			const titles = scoreTitleSet(file);
			process.stdout.write(json ? `${JSON.stringify(titles)}\n` : `${titles.file}: ${titles.requests} requests, title F1 ${f2(titles.titleF1)}, first 10 words ${f2(titles.firstWordsF1)}\n`);
		}
		return;
	}
	if (args.includes('--docs')) {
		const reports: DocsReport[] = [];
		for (const folder of folders) {
			const docs = await scoreDocs(folder);
			reports.push(docs);
			const {scores, ...totals} = docs;
			process.stdout.write(json ? `${JSON.stringify(verbose ? docs : totals)}\n` : `${docs.folder}: ${docs.pages} pages, TLDR ROUGE-1 vs description ${f2(docs.tldrRouge1)}, first 30 words ${f2(docs.firstWordsRouge1)}, margin ${signed(docs.tldrRouge1 - docs.firstWordsRouge1)}\n`);
			if (verbose && !json) for (const page of scores) process.stdout.write(`\n${page.file}\n  description: ${page.description}\n  tldr:        ${page.tldr}\n  first 30:    ${page.first}\n  F1 ${f2(page.tldrRouge1)} (${f2(page.firstWordsRouge1)})\n`);
		}
		const worst = [...reports].sort((a, b) => a.tldrRouge1 - a.firstWordsRouge1 - (b.tldrRouge1 - b.firstWordsRouge1))[0];
		if (worst && reports.length > 1 && !json) process.stdout.write(`worst margin: ${signed(worst.tldrRouge1 - worst.firstWordsRouge1)} (${worst.folder})\n`);
		return;
	}
	const sessions: SessionScore[] = [];
	for (const folder of folders) {
		if (!existsSync(folder)) throw new DrillError('bad_argument', `${folder} does not exist`, 'give a folder of session logs (with a nuggets.json)');
		for (const score of await scoreFolder(folder)) sessions.push(score);
	}
	const report = summarize(sessions);
	if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
	else {
		process.stdout.write(summariesTable(report));
		if (verbose) for (const session of sessions) process.stdout.write(`\n${session.agent} ${session.uri}\n  title: ${session.title}\n  own:   ${session.ownTitle}\n  agent: ${session.agentTitle ?? '-'}${session.logTitle && session.logTitle !== session.agentTitle ? `\n  user:  ${session.logTitle}` : ''}\n  tldr:  ${session.tldr}\n  F1 ${session.titleF1?.toFixed(2) ?? '-'} (${session.baselineF1?.toFixed(2) ?? '-'}) nuggets ${session.nuggetRecall?.toFixed(2) ?? '-'} (${session.baselineRecall?.toFixed(2) ?? '-'})${session.naive === undefined ? '' : `\n  naive: ${session.naive}`}\n`);
	}
}

export interface PageScore {
	file: string;
	description: string;
	tldr: string;
	first: string;
	tldrRouge1: number;
	firstWordsRouge1: number;
}

export interface DocsReport {
	folder: string;
	pages: number;
	tldrRouge1: number;
	firstWordsRouge1: number;
	/** Each page's figures (printed with `--sessions`). */
	scores: PageScore[];
}

/**
 * Documents do not regress: each markdown page with a one-line front-matter `description` is
 * ingested with it held out, and its TLDR's content-word ROUGE-1 (F1) against the description is
 * set beside its first 30 words' (the words a reader sees: `renderedText`, markup left out).
 */
export async function scoreDocs(folder: string): Promise<DocsReport> {
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-docs-'));
	const held = new Map<string, {description: string; first: string}>();
	try {
		const walk = (at: string) => {
			for (const entry of readdirSync(at, {withFileTypes: true})) {
				const full = path.join(at, entry.name);
				if (entry.isDirectory()) walk(full);
				else if (/\.mdx?$/u.test(entry.name)) {
					const text = readFileSync(full, 'utf8');
					const front = /^---\n([\s\S]*?)\n---\n/u.exec(text);
					// One line, or a folded block (`description: >` and its indented lines).
					const match = front ? /^description:[ \t]*(?:[>|][-+]?[ \t]*\n((?:[ \t]+\S.*\n?)+)|['"]?(.+?)['"]?[ \t]*$)/mu.exec(front[1]!) : undefined;
					const description = match ? (match[1] ?? match[2] ?? '').replace(/\s+/gu, ' ').trim() : undefined;
					if (!front || !description) continue;
					const target = path.join(dir, path.relative(folder, full));
					mkdirSync(path.dirname(target), {recursive: true});
					writeFileSync(target, text.replace(match![0], '').replace(/^description:.*\n/mu, ''));
					held.set(target, {description, first: firstRenderedWords(text.slice(front[0].length), 30)});
				}
			}
		};
		walk(folder);
		const {items} = await ingestItems([dir], path.join(dir, '.eval.db'));
		const scores: PageScore[] = [];
		for (const item of items) {
			const file = decodeURI((item.source?.uri ?? '').replace(/^file:\/\//u, ''));
			const page = held.get(file);
			if (!page) continue;
			const tldr = item.tldr ?? '';
			scores.push({file: path.relative(dir, file), description: page.description, tldr, first: page.first, tldrRouge1: contentF1(tldr, page.description), firstWordsRouge1: contentF1(page.first, page.description)});
		}
		scores.sort((a, b) => (a.file < b.file ? -1 : 1));
		return {folder, pages: scores.length, tldrRouge1: mean(scores.map((page) => page.tldrRouge1)), firstWordsRouge1: mean(scores.map((page) => page.firstWordsRouge1)), scores};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

export interface TitleSetReport {
	file: string;
	requests: number;
	titleF1: number;
	firstWordsF1: number;
}

/**
 * Titles alone, on a set of first requests with the title their agent gave (`[{id, title,
 * request}]`, e.g. fixtures/summaries/public/titles-cursor.json: Cursor exports' headings and
 * first requests): content-word F1 of drill's title of the request against the agent's, beside the
 * request's first ten words.
 */
export function scoreTitleSet(file: string): TitleSetReport {
	let entries: unknown;
	try {
		entries = JSON.parse(readFileSync(file, 'utf8'));
	} catch (error) {
		throw new DrillError('bad_argument', `${file} is not a title set: ${(error as Error).message}`, 'give a JSON array of {"id", "title", "request"}');
	}
	const valid = Array.isArray(entries) ? entries.filter((entry): entry is {title: string; request: string} => typeof entry?.title === 'string' && typeof entry?.request === 'string') : [];
	if (valid.length === 0) throw new DrillError('bad_argument', `${file} holds no {"title", "request"} entries`, 'give a JSON array of {"id", "title", "request"}');
	const drill = valid.map((entry) => contentF1(requestTitle(entry.request) ?? '', entry.title));
	const first = valid.map((entry) => contentF1(firstWords(entry.request, 10), entry.title));
	return {file, requests: valid.length, titleF1: mean(drill), firstWordsF1: mean(first)};
}
