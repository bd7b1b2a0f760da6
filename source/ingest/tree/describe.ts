import {toolsOf} from '../formats/conversation.js';
import {markupRole} from '../formats/markup-lines.js';
import {isRealRequest} from '../formats/requests.js';
import type {Block, SourceFacts, SourceFlavor} from '../model.js';
import {capitalize, clip, plainText} from '../../text/clean.js';
import {keyPhrases, phraseTitle} from '../../text/phrases.js';
import {sentencesOf} from '../../text/sentences.js';
import {Lexicon, termsOf, type Bag} from '../../text/summary-words.js';
import {isGreeting, isNoiseTitle, requestTitle} from './titles.js';
import {sessionOutcome} from './outcome.js';
import {mainRequest} from './main-request.js';
import {withoutEditBlocks} from './edit-blocks.js';
import {gistWithNames} from './request-names.js';
import {answerNames} from './answer-names.js';
import {filesByEdits, sessionTldr, titleStates, withSequel} from './session-tldr.js';
import {requestSequel} from './request-sequel.js';
import {maxWords} from './closing-report.js';
import {leadOf} from './lead.js';
import {isLeaf, postorder, preorder, type Topic} from './topic.js';
import {append} from '../../core/arrays.js';

/**
 * The extractive summarizer: for every topic a title, a summary of its most central sentences
 * (centroid ranking: a sentence scores by how much of the topic's TF-IDF weight it carries) and
 * keywords; for the item a TLDR. Offline and deterministic.
 */

const keywordCount = 8;
const wordCount = (text: string) => text.split(/\s+/u).filter(Boolean).length;
const summaryChars = 320;
const tldrChars = 300;
/** Prose read per leaf for candidate sentences: the head, then samples spread over the rest. */
const leafSampleChars = 1200;

interface Candidate {
	text: string;
	terms: string[];
	/** `terms` without repeats. */
	distinct: Set<string>;
	/** Order in the topic, so chosen sentences are shown as they were written. */
	order: number;
	bonus: number;
	/** The topic's own text, not a child's sentence: for a page's root, its lede. */
	own?: boolean;
}

function candidate(text: string, terms: string[], order: number, bonus: number, own = false): Candidate {
	// A sentence that ends in a colon introduces something (code, a list) it does not say itself.
	return {text, terms, distinct: new Set(terms), order, bonus: text.endsWith(':') ? bonus * 0.5 : bonus, ...(own ? {own} : {})};
}

export interface Description {
	title: string;
	tldr: string;
	/** The title drill made itself (the item's title when the source gives none). */
	ownTitle: string;
	/** A session's main request, as the person wrote it. */
	mainRequest?: string;
}

function quotable(block: Block): boolean {
	return block.kind === 'prose' && block.role !== 'system' && block.role !== 'heading' && block.text.trim() !== '';
}

/** Prose to draw sentences from: all of a short topic; the head and a few spread samples of a long one. */
function sampleProse(topic: Topic): string[] {
	const blocks: Block[] = [];
	for (const unit of topic.units) for (const block of unit.blocks) if (quotable(block)) blocks.push(block);
	const samples: string[] = [];
	let budget = leafSampleChars;
	const take = (block: Block, chars: number) => {
		// aider's edit blocks are code, not sentences of the answer.
		const prose = withoutEditBlocks(block.text);
		const text = prose.length > chars ? cutAtSentence(prose, chars) : prose;
		samples.push(text);
		budget -= text.length;
	};
	let index = 0;
	for (; index < blocks.length && budget > leafSampleChars / 2; index++) take(blocks[index]!, Math.min(budget, 800));
	const rest = blocks.length - index;
	if (rest > 0 && budget > 0) {
		const picks = Math.max(1, Math.min(rest, Math.floor(budget / 300)));
		for (let k = 0; k < picks && budget > 0; k++) take(blocks[index + Math.floor((k * rest) / picks)]!, Math.min(budget, 300));
	}
	return samples;
}

function cutAtSentence(text: string, chars: number): string {
	const head = text.slice(0, chars);
	const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('? '), head.lastIndexOf('! '));
	if (end > chars / 3) return head.slice(0, end + 1);
	// No sentence ends early enough: end with a whole word, never inside one ("…the vect" would be
	// quoted, and "vect" learned as the shortest written form of its stem, then shown as a keyword).
	const lastSpace = head.search(/\s\S*$/u);
	return lastSpace > 0 ? head.slice(0, lastSpace) : head;
}

function score(candidate: Candidate, weight: (term: string) => number, norm: number): number {
	if (candidate.terms.length === 0) return 0;
	let sum = 0;
	for (const term of candidate.distinct) sum += weight(term);
	return ((sum / norm) * candidate.bonus) / Math.sqrt(candidate.terms.length + 6);
}

function overlap(a: Candidate, b: Candidate): number {
	if (a.distinct.size === 0 || b.distinct.size === 0) return 0;
	const [small, large] = a.distinct.size <= b.distinct.size ? [a.distinct, b.distinct] : [b.distinct, a.distinct];
	let shared = 0;
	for (const term of small) if (large.has(term)) shared++;
	return shared / small.size;
}

/** Candidates by centrality, most central first. */
function rank(candidates: Candidate[], weight: (term: string) => number, norm: number): Candidate[] {
	return candidates
		.map((entry) => ({entry, value: score(entry, weight, norm)}))
		.filter((scored) => scored.value > 0)
		.sort((a, b) => b.value - a.value || a.entry.order - b.entry.order)
		.map((scored) => scored.entry);
}

/** The most central sentences, redundant ones skipped; the most central first, the rest in written order. */
function pickSentences(ranked: Candidate[], budget: number, most = 3): Candidate[] {
	const chosen: Candidate[] = [];
	let used = 0;
	for (const entry of ranked) {
		if (chosen.length >= most) break;
		if (chosen.length > 0 && used + entry.text.length > budget) continue;
		if (chosen.some((other) => other.text === entry.text || overlap(other, entry) > 0.6)) continue;
		chosen.push(entry);
		used += entry.text.length + 1;
	}
	const [best, ...rest] = chosen;
	return best ? [best, ...rest.sort((a, b) => a.order - b.order)] : [];
}

/** `Tools: Edit ×3, Bash.` for the tools run in a topic (in a conversation: in its whole subtree). */
function toolNote(topic: Topic, subtree: boolean): string {
	const counts = new Map<string, number>();
	for (const at of subtree ? preorder(topic) : [topic]) {
		for (const unit of at.units) {
			for (const block of unit.blocks) for (const name of toolsOf(block)) counts.set(name, (counts.get(name) ?? 0) + 1);
		}
	}
	if (counts.size === 0) return '';
	const parts = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([name, count]) => (count > 1 ? `${name} ×${count}` : name));
	return `Tools: ${parts.join(', ')}${counts.size > 5 ? ', …' : ''}.`;
}

/** A title for a topic that is only tool runs: the first tool and what it worked on ("Edit rateCache.ts"). */
function toolTitle(topic: Topic): string | undefined {
	for (const unit of topic.units) {
		for (const block of unit.blocks) {
			const [name] = toolsOf(block);
			if (!name) continue;
			const argument = block.text
				.split('\n')
				.slice(1)
				.find((line) => /^(?:file_path|path|filePath|absolute_path|command|cmd|pattern|query|url|description): \S/u.test(line));
			const value = argument?.slice(argument.indexOf(': ') + 2).trim();
			const subject = value && /^[\w./~-]+$/u.test(value) && value.includes('/') ? value.split('/').filter(Boolean).at(-1) : value;
			return clip(subject ? `${name} ${subject}` : name, 80);
		}
	}
	return undefined;
}

/** A table described by its columns: "Table of 6 rows: Action, Owner, Due, Status." */
function tableLine(text: string): string | undefined {
	const rows = text.split('\n').filter((row) => /^\s*\|/u.test(row));
	if (rows.length < 2) return undefined;
	const cells = rows[0]!.split('|').map((cell) => plainText(cell)).filter((cell) => /[\p{L}\p{N}]/u.test(cell));
	const body = rows.filter((row) => !/^\s*\|[\s|:-]+\|?\s*$/u.test(row)).length - 1;
	return cells.length > 0 ? clip(`Table of ${body} row${body === 1 ? '' : 's'}: ${cells.join(', ')}.`, 200) : undefined;
}

/** When a topic has no sentence worth quoting (code, a table, a log): its first line, plainly; tool traffic is not quoted. */
function firstLine(topic: Topic): string {
	for (const unit of topic.units) {
		for (const block of unit.blocks) {
			if (block.kind === 'tool' || block.kind === 'thinking' || block.role === 'system' || block.role === markupRole || block.role === 'front_matter') continue;
			const table = /^\s*\|/u.test(block.text) ? tableLine(block.text) : undefined;
			if (table) return table;
			const line = block.text
				.split('\n')
				.map((text) => plainText(text))
				.find((text) => /[\p{L}\p{N}]/u.test(text) && !/^`{3,}|^~{3,}/u.test(text));
			if (line) return clip(line, 160);
		}
	}
	return '';
}

/** The person's request a unit opens with, when it is a real one. */
function requestOf(unit: Topic['units'][number]): string | undefined {
	if (!unit.opensTurn) return undefined;
	// An editor's or hook's notice can come first in the same prompt: the request is the block that is one.
	return unit.blocks.find((block) => block.role === 'user' && block.kind === 'prose' && isRealRequest(block.text))?.text;
}

/** A title from the first real request among `units` that reads as one, trying at most `most` of them. */
function requestsTitle(units: Iterable<Topic['units'][number]>, most: number): string | undefined {
	let tries = 0;
	// A session that only said "Hi" is about that, when nothing after it says more.
	let greeting: string | undefined;
	for (const unit of units) {
		const request = requestOf(unit);
		if (request === undefined) continue;
		const title = requestTitle(request);
		if (title) return title;
		if (isGreeting(request)) greeting ??= capitalize(request.trim());
		if (++tries >= most) break;
	}
	return greeting;
}

/** A topic's own units, else (for a group) its first child's, and so on down. */
function* leadingUnits(topic: Topic): Generator<Topic['units'][number]> {
	for (let at: Topic | undefined = topic; at; at = at.children[0]) {
		yield* at.units;
		if (at.units.length > 0) return;
	}
}

function* everyUnit(root: Topic): Generator<Topic['units'][number]> {
	for (const topic of preorder(root)) yield* topic.units;
}

/** The agent's answers in a session, each up to `answerChars`: where the names a request gives are looked for again. */
const answerChars = 4000;
function answersOf(root: Topic): string[] {
	const answers: string[] = [];
	for (const unit of everyUnit(root)) for (const block of unit.blocks) if (block.role === 'assistant' && block.kind === 'prose') answers.push(block.text.slice(0, answerChars));
	return answers;
}

/** What the person asked in a topic: only its first couple of requests speak for it. */
const promptTitle = (topic: Topic) => requestsTitle(leadingUnits(topic), 2);
/** A command line as a title: the words typed after the command when they read as one, else the command itself. */
const commandTitle = (line: string | undefined) => (line ? (requestTitle(line) ?? clip(line, 80)) : undefined);
/** A session's title: its first real request that reads as one. */
const firstRequestTitle = (root: Topic) => requestsTitle(everyUnit(root), 5);

export class ExtractiveDescriber {
	private idf: (term: string) => number = () => 1;

	constructor(
		private readonly flavor: SourceFlavor,
		private readonly facts: SourceFacts,
		/** The written forms of the item's words, learned while its topics were built. */
		private readonly lexicon = new Lexicon(),
	) {}

	/** TF-IDF weights of a topic's words, looked up once per sentence word. */
	private weights(bag: Bag): (term: string) => number {
		const table = new Map<string, number>();
		for (const [term, count] of bag) table.set(term, count * this.idf(term));
		return (term) => table.get(term) ?? 0;
	}

	/** Document frequency over the leaves: a word every topic uses says little about any one. */
	private learnIdf(root: Topic): void {
		const leaves = [...preorder(root)].filter(isLeaf);
		if (leaves.length < 3) return;
		const df = new Map<string, number>();
		for (const leaf of leaves) for (const term of leaf.bag.keys()) df.set(term, (df.get(term) ?? 0) + 1);
		const total = leaves.length;
		const idf = new Map<string, number>();
		for (const [term, count] of df) idf.set(term, Math.log(1 + total / count));
		const rare = Math.log(1 + total);
		this.idf = (term) => idf.get(term) ?? rare;
	}

	private candidatesOf(topic: Topic): Candidate[] {
		const candidates: Candidate[] = [];
		let order = 0;
		if (isLeaf(topic) || topic.units.length > 0) {
			let first = true;
			for (const text of sampleProse(topic)) {
				for (const sentence of sentencesOf(text)) {
					candidates.push(candidate(sentence, termsOf(sentence, this.lexicon), order++, first ? 1.15 : 1, true));
					first = false;
				}
			}
		}
		for (const child of topic.children) {
			child.sentences.forEach((sentence, index) => {
				candidates.push(candidate(sentence, child.sentenceTerms[index] ?? termsOf(sentence), order++, index === 0 ? 1.05 : 1));
			});
		}
		return candidates;
	}

	private keywords(bag: Bag): string[] {
		const ranked = [...bag].map(([term, count]) => ({term, value: count * this.idf(term)})).sort((a, b) => b.value - a.value || (a.term < b.term ? -1 : 1));
		const words: string[] = [];
		const seen = new Set<string>();
		for (const {term} of ranked) {
			const word = this.lexicon.display(term);
			const key = word.toLowerCase();
			if (seen.has(key) || word.length > 32) continue;
			seen.add(key);
			words.push(word);
			if (words.length >= keywordCount) break;
		}
		return words;
	}

	/**
	 * A heading the source gives; else, in a conversation, the person's request; else the best key
	 * phrase of the most central sentences; else the best child title; else the first line.
	 */
	private titleOf(topic: Topic, ranked: Candidate[], weight: (term: string) => number): string {
		if (topic.heading) return clip(plainText(topic.heading), 120) || topic.heading.slice(0, 120);
		if (this.flavor === 'conversation') {
			const title = promptTitle(topic);
			if (title) return title;
		}
		const texts = ranked.length > 0 ? ranked.slice(0, 10).map((entry) => entry.text) : topic.children.map((child) => child.title);
		const phrase = phraseTitle(keyPhrases(texts, weight, 1)[0]);
		if (phrase && !isNoiseTitle(phrase)) return phrase;
		const child = topic.children.find((other) => other.title && !isNoiseTitle(other.title));
		if (child) return child.title;
		const tools = toolTitle(topic);
		if (tools) return tools;
		const line = firstLine(topic);
		return line && !isNoiseTitle(line) ? capitalize(clip(line, 80)) : 'Untitled';
	}

	/** Fills every topic's title, summary and keywords, children first; returns the item's title and TLDR. */
	describe(root: Topic): Description {
		this.learnIdf(root);
		let lede: string | undefined;
		for (const topic of postorder(root)) {
			const weight = this.weights(topic.bag);
			let norm = 0;
			for (const [term, count] of topic.bag) norm = Math.max(norm, count * this.idf(term));
			norm = norm || 1;
			const ranked = rank(this.candidatesOf(topic), weight, norm);
			// A page's introduction, before its first subheading, says what the page is about.
			if (topic === root && this.flavor === 'document' && topic.children.length > 0) lede = ranked.find((entry) => entry.own)?.text;
			const picked = pickSentences(ranked, summaryChars);
			topic.best = picked[0]?.text;
			const chosen = picked.sort((a, b) => a.order - b.order);
			topic.sentences = chosen.map((candidate) => candidate.text);
			topic.sentenceTerms = chosen.map((candidate) => candidate.terms);
			const note = isLeaf(topic) || this.flavor === 'conversation' ? toolNote(topic, this.flavor === 'conversation') : '';
			const summary = topic.sentences.join(' ') || firstLine(topic);
			topic.summary = [summary, note].filter(Boolean).join(' ');
			topic.keywords = this.keywords(topic.bag);
			// Siblings are described before their parent: keep their titles distinct.
			const taken = new Set<string>();
			for (const child of topic.children) {
				if (taken.has(child.title.toLowerCase())) child.title = this.distinct(child, taken);
				taken.add(child.title.toLowerCase());
			}
			topic.title = this.titleOf(topic, ranked, weight);
		}
		// The person's rename of a session comes before the agent's title.
		const given = this.facts.provenance?.user_title ?? this.facts.title;
		const sourceTitle = given && !(this.flavor === 'conversation' && isNoiseTitle(given)) ? clip(plainText(given), 160) : undefined;
		if (this.flavor !== 'conversation') {
			const title = sourceTitle ?? root.title;
			return {title: title || 'Untitled', tldr: this.facts.tldr ? clip(plainText(this.facts.tldr), 600) : this.documentTldr(root, lede), ownTitle: root.title || 'Untitled'};
		}
		// A session is named by the request its work followed; the person's rename and the agent's title come first.
		const main = mainRequest(everyUnit(root));
		// A session whose only requests were a command's template ("/agent-start", 0 turns, 40 tools) is named by the command, never by a phrase of its output.
		const own = main?.request.gist ?? firstRequestTitle(root) ?? commandTitle(this.facts.commandLine) ?? root.title;
		const title = sourceTitle ?? own;
		// A TLDR the log gives (a prompt log's, of requests alone) still says what the main request went on to ask.
		const logTldr = this.facts.tldr ? withSequel(clip(plainText(this.facts.tldr), 600), title, main?.request) : undefined;
		return {title: title || 'Untitled', tldr: logTldr ?? this.sessionTldr(root, title, main, lede), ownTitle: own || 'Untitled', ...(main ? {mainRequest: main.request.text} : {})};
	}

	/** What was asked (unless the title says it), what came of it, and the files and commits of the work. */
	private sessionTldr(root: Topic, title: string, main: ReturnType<typeof mainRequest>, lede?: string): string {
		const provenance = this.facts.provenance;
		const outcome = sessionOutcome(root, title, {filesEdited: provenance?.files_edited, answersAreWholeTurns: provenance?.agent === 'aider'});
		const gist = main?.request.gist;
		// The gist is the request's first sentence; the names the request goes on to give (files, identifiers) are its subject too.
		const shownGist = gist && !titleStates(title, gist) ? gist : undefined;
		const parts = {
			// A request the ending names ("Ended with no answer to the last request: …") is not one of the others.
			others: Math.max(0, (main?.others ?? 0) - (outcome?.endingNamesRequest && main?.lastIsOther ? 1 : 0)),
			outcome,
			files: filesByEdits(everyUnit(root), provenance?.files_edited ?? []),
			names: answerNames(everyUnit(root), 3),
		};
		const withLead = (lead: string | undefined) => {
			const named = main ? gistWithNames(lead ?? '', main.request.text, `${title} ${lead ?? ''}`.toLowerCase(), answersOf(root), provenance?.files_edited ?? []) : lead;
			return sessionTldr({...parts, gist: named?.trim() ? named.replace(/^\s*\((.*)\)$/u, '$1') : undefined});
		};
		const tldr = withLead(shownGist);
		// When the title states the request, what it goes on to ask ("Your mission is to conduct a complete audit…"), where that leaves the rest whole.
		const sequel = gist && !shownGist && tldr && main && !main.request.template ? requestSequel(main.request.text, gist) : undefined;
		if (sequel && wordCount(tldr) + wordCount(sequel) <= maxWords) return withLead(sequel);
		return tldr || this.tldrOf(root, lede);
	}

	private distinct(topic: Topic, taken: ReadonlySet<string>): string {
		const weight = this.weights(topic.bag);
		for (const phrase of keyPhrases(topic.sentences.length > 0 ? topic.sentences : [topic.summary], weight, 8)) {
			const title = phraseTitle(phrase);
			if (title && !taken.has(title.toLowerCase())) return title;
		}
		for (let n = 2; ; n++) if (!taken.has(`${topic.title} (${n})`.toLowerCase())) return `${topic.title} (${n})`;
	}

	/** A page's TLDR is its lead, the paragraph it opens with to say what it is for; else (and for plain text) its most central sentences. */
	private documentTldr(root: Topic, lede?: string): string {
		return (this.facts.opensWithLead ? leadOf(root, tldrChars) : undefined) ?? this.tldrOf(root, lede);
	}

	/**
	 * One to three sentences. A document: its introduction's most central sentence, then the most
	 * central sentence of each of its first topics.
	 * A conversation: what its first topic is about, then the most central sentence of the rest.
	 */
	private tldrOf(root: Topic, lede?: string): string {
		const picks: string[] = lede ? [lede] : [];
		const [first, ...others] = root.children;
		if (this.flavor === 'conversation' && first) {
			if (first.best) picks.push(first.best);
			const room = tldrChars - (first.best?.length ?? 0) - 1;
			const firstSentences = new Set(first.sentences);
			const central = [root.best, ...root.sentences, ...others.map((topic) => topic.best)].find((sentence) => sentence && !firstSentences.has(sentence) && sentence.length <= room);
			if (central) picks.push(central);
		} else {
			for (const topic of root.children.slice(0, 3)) if (topic.best && topic.best !== lede) picks.push(topic.best);
		}
		if (picks.length === 0) append(picks, (root.best ? [root.best, ...root.sentences.filter((sentence) => sentence !== root.best)] : root.sentences));
		let text = '';
		for (const sentence of picks) {
			if (text && text.length + sentence.length + 1 > tldrChars) continue;
			text = text ? `${text} ${sentence}` : sentence;
		}
		return text || clip(root.summary, tldrChars);
	}

}

