import {toolsOf} from '../formats/conversation.js';
import {changesFiles} from '../formats/session-facts.js';
import type {Unit} from '../model.js';
import {termsOf} from '../../text/summary-words.js';
import {clipWords, maxWords} from './closing-report.js';
import type {RequestWork} from './main-request.js';
import type {Commit, SessionOutcome} from './outcome.js';
import {requestSequel} from './request-sequel.js';

/**
 * A session's TLDR in at most two sentences and `maxWords` words: what was asked (the main
 * request's gist, unless the title already states it, and how many other requests there were),
 * what came of it (how it ended, the closing report), and the facts of the work (the files it
 * edited most, the commits it made). When words run short the report's second sentence goes
 * first, then the facts; the request and the first outcome sentence stay.
 */

export interface TldrParts {
	/** The main request's gist, when the title does not already state it. */
	gist?: string | undefined;
	/** Requests on subjects of their own besides the main one. */
	others: number;
	outcome?: SessionOutcome | undefined;
	/** Base names of the files the session edited, the most edited first. */
	files: readonly string[];
	/** What the agent's answers quote most (files, identifiers): named when no edited file is known. */
	names?: readonly string[] | undefined;
}

/** At most this many files and commits are named. */
const namedFiles = 5;
const commitWords = 6;

const wordCount = (text: string) => text.split(/\s+/u).filter(Boolean).length;
const withoutStop = (text: string) => text.replace(/[\s.。!！?？…:：;；]+$/u, '');
/** Ends a sentence with a stop, unless it ends in one already (or in a cut, "…"). */
const stopped = (text: string) => (/[.!?…。！？]$/u.test(text) ? text : `${text}.`);

/** Whether `title` already states the request `gist` (most of its words are in it). */
export function titleStates(title: string, gist: string): boolean {
	const said = new Set(termsOf(title));
	const asked = [...new Set(termsOf(gist))];
	if (asked.length === 0) return withoutStop(title).toLowerCase() === withoutStop(gist).toLowerCase();
	return asked.filter((term) => said.has(term)).length / asked.length >= 0.6;
}

function commitPhrase(commits: readonly Commit[]): string {
	const named = commits.slice(-3).map((commit) => {
		const subject = clipWords(withoutStop(commit.subject), commitWords);
		return commit.hash ? `${subject} (${commit.hash.slice(0, 7)})` : subject;
	});
	return named.length > 0 ? `committed ${named.join('; ')}` : '';
}

function filesPhrase(files: readonly string[], said: string): string {
	const unsaid = files.filter((file) => !said.includes(file.toLowerCase()));
	if (unsaid.length === 0) return '';
	const shown = unsaid.slice(0, namedFiles).join(', ');
	return files.length > namedFiles ? `edited ${files.length} files (${shown}, …)` : `edited ${shown}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The facts of the work take at most this many words. */
const factWords = 24;

/** The TLDR, or "" when there is nothing to say. */
function namesPhrase(names: readonly string[], said: string): string {
	const unsaid = names.filter((name) => !said.includes(name.toLowerCase()));
	return unsaid.length > 0 ? `about ${unsaid.join(', ')}` : '';
}

export function sessionTldr({gist, others, outcome, files, names = []}: TldrParts): string {
	const more = others > 0 ? ` (+${others} other request${others === 1 ? '' : 's'})` : '';
	const lead = gist ? `${withoutStop(gist)}${more}` : undefined;
	const sentences = outcome?.report ?? [];
	// How it ended, or the report's first sentence; then what the work before the ending came to, or the report's second sentence.
	const first = outcome?.ending ?? sentences[0];
	const second = outcome?.ending ? (sentences.length > 0 ? `Before that: ${sentences.join(' ')}` : undefined) : sentences.slice(1).join(' ') || undefined;
	const said = `${lead ?? ''} ${first ?? ''} ${second ?? ''}`.toLowerCase();
	const work = outcome?.endingNamesWork ? '' : files.length > 0 ? filesPhrase(files, said) : namesPhrase(names, said);
	const commits = commitPhrase(outcome?.commits ?? []);
	const factsOf = (parts: string[]) => clipWords(parts.filter(Boolean).join('; '), factWords);
	const tail = lead ? '' : more;
	// "Fix the flaky test: the race is fixed." / "Fix the flaky test — Stopped by the person…" (the dash is a word too).
	const joiner = outcome?.ending ? ' — ' : ': ';
	let budget = maxWords - wordCount(lead ?? '') - wordCount(tail) - (lead ? wordCount(joiner) : 0);
	const opening = first ? clipWords(first, Math.max(8, budget)) : '';
	budget -= wordCount(opening);
	const sentenceOne = lead ? (opening ? `${lead}${joiner}${opening}` : lead) : opening;
	// Beside the files edited, the names the answers quote that are not those files (the classes, settings and functions worked on), when there is room.
	const edited = new Set(files.map((file) => file.toLowerCase()));
	const alsoNamed = files.length > 0 ? namesPhrase(names.filter((name) => !edited.has(baseName(name).toLowerCase())), said) : '';
	// The names the answers quote are a guess at the work's subject: the files and commits come first when not all fit.
	const choices = files.length > 0 ? [[work, commits, alsoNamed], [work, commits]] : [[work, commits], [commits]];
	const facts = choices.map(factsOf).find((candidate) => wordCount(candidate) <= budget) ?? factsOf(choices.at(-1)!);
	const factsFit = facts !== '' && wordCount(facts) <= budget;
	const room = budget - (factsFit ? wordCount(facts) : 0);
	const rest = second && room >= 6 ? withoutStop(clipWords(second, room)) : '';
	const sentenceTwo = rest && factsFit ? `${rest}; ${facts}` : rest || (factsFit ? capitalized(facts) : '');
	const text = [sentenceOne && stopped(sentenceOne), sentenceTwo && stopped(sentenceTwo)].filter(Boolean).join(' ');
	if (!text) return '';
	return tail ? `${withoutStop(text)}${tail}.` : text;
}

/**
 * A TLDR the log gives (a prompt log's: its requests alone, the last one quoted), after what the
 * main request goes on to ask when the title states the request, when both fit in `maxWords` words.
 */
export function withSequel(tldr: string, title: string, request: Pick<RequestWork, 'text' | 'gist' | 'template'> | undefined): string {
	const gist = request?.gist;
	if (!request || !gist || request.template || !titleStates(title, gist)) return tldr;
	const sequel = requestSequel(request.text, gist);
	if (!sequel) return tldr;
	const text = `${/…$/u.test(sequel) ? sequel : `${withoutStop(sequel)}.`} ${tldr}`;
	// Only where the TLDR stays whole: its quote of the last request is how the session stopped.
	return wordCount(text) <= maxWords ? text : tldr;
}

const pathLine = /^(?:file_path|filePath|path|target_file|absolute_path|file|notebook_path|filename|relative_workspace_path): (.+)$/mu;
const patchFile = /^\*\*\* (?:Update|Add|Delete) File: (.+)$/gmu;
const baseName = (file: string) => file.split(/[\\/]/u).filter(Boolean).at(-1) ?? file;

/** The base names of the files a session edited, the most edited first (then in the order they were first edited). */
export function filesByEdits(units: Iterable<Unit>, filesEdited: readonly string[]): string[] {
	const names = [...new Set(filesEdited.map(baseName))];
	if (names.length < 2) return names;
	const edits = new Map<string, number>();
	for (const unit of units) {
		for (const block of unit.blocks) {
			if (block.role !== 'tool_call' || !toolsOf(block).some(changesFiles)) continue;
			const head = block.text.slice(0, 2000);
			const touched = new Set<string>();
			const path = pathLine.exec(head)?.[1];
			if (path) touched.add(baseName(path.trim()));
			for (const match of head.matchAll(patchFile)) touched.add(baseName(match[1]!.trim()));
			for (const name of touched) edits.set(name, (edits.get(name) ?? 0) + 1);
		}
	}
	return names.map((name, order) => ({name, order, count: edits.get(name) ?? 0})).sort((a, b) => b.count - a.count || a.order - b.order).map((entry) => entry.name);
}
