import {isInjectedContext, isRealRequest} from '../formats/requests.js';
import type {Block} from '../model.js';
import {clip} from '../../text/clean.js';
import {reportSentences, words} from './closing-report.js';
import {requestTitle} from './titles.js';
import {preorder, type Topic} from './topic.js';

/**
 * A session's TLDR is its outcome: what the agent's closing report says was done, found or
 * decided, in one or two sentences of at most `maxWords` words, markup removed. A session whose
 * last request got no answer, or that the person interrupted, says so.
 */

/**
 * How drill says a session ended ("Ended with no closing report…", "Stopped by the person…"):
 * many sessions share it, and it still says something of each.
 */
export const endingSentence = /^(?:ended with no (?:answer|closing report)|stopped by (?:the person|an error))\b/iu;

const interrupted = /\[Request interrupted by user[^\]]*\]/u;
/** A commit the session made: aider's `Commit 1a2b3c4 message`, or a `git commit -m "message"` call. */
const commitLine = /^>?\s*Commit [0-9a-f]{7,40} (.{4,200})$/gmu;
const commitCall = /git commit[^\n]*?-m\s+(?:"([^"\n]{4,200})"|'([^'\n]{4,200})')/gu;

const prose = (block: Block, role: string) => block.role === role && block.kind === 'prose' && block.text.trim() !== '';

/**
 * A shell command worth naming as the last thing a session did: it ships, builds, tests, commits or
 * deploys (not `ls`, `cat` or `cd`).
 */
const notableCommand = /\b(?:git\s+(?:push|commit|merge|rebase|tag)|gh\s+(?:pr|release)|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:build|test|lint|deploy|publish|start|dev)|npx\s+\S+|pytest|python3?\s+-m\s+(?:pytest|unittest)|cargo\s+(?:build|test|run)|go\s+(?:build|test)|make\b|docker\s+(?:build|push|compose)|vercel|netlify|firebase\s+deploy|terraform\s+apply|kubectl\s+apply)/u;

/** The shell command a tool call ran, from its `command:` or `cmd:` line, or "". */
function commandOf(block: Block): string {
	const match = /^(?:command|cmd|script): ?(.*)$/mu.exec(block.text);
	if (!match) return '';
	const command = match[1] || (/^(?:command|cmd|script):\n((?: {2}.*\n?)+)/mu.exec(block.text)?.[1] ?? '');
	return command.replace(/\\\n/gu, ' ').trim();
}

/** The part of a command that does the notable thing: `git init && git add . && git push -u origin main` gives its `git push …`. */
function notablePart(command: string): string | undefined {
	const script = command.replace(/^(?:\/bin\/)?(?:bash|sh|zsh)\s+-l?c\s+(["'])([\s\S]*)\1$/u, '$2');
	const parts = script.split(/\s*(?:&&|\|\||;|\n)\s*/u).filter((part) => notableCommand.test(part));
	const last = parts.at(-1)?.replace(/\s+/gu, ' ');
	return last ? clip(last, 60) : undefined;
}

/** Ends a sentence with a stop, unless it already ends in one or in a cut ("…"). */
const sentence = (text: string) => (/[.!?…]$/u.test(text) ? text : `${text}.`);

const baseName = (file: string) => file.split(/[\\/]/u).filter(Boolean).at(-1) ?? file;

/**
 * What the work itself says when no report does: the files the session edited and the last
 * notable command it ran ("it edited 6 files (Login.tsx, Button.tsx, Input.tsx, …) and last ran
 * `git push -u origin main`"), or "" when it did neither.
 */
export function workDone(filesEdited: readonly string[], lastCommand: string | undefined): string {
	const names = [...new Set(filesEdited.map(baseName))];
	const files = names.length === 0 ? '' : names.length === 1 ? `edited ${names[0]}` : `edited ${names.length} files (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})`;
	const ran = lastCommand ? `last ran ${lastCommand}` : '';
	return [files, ran].filter(Boolean).join(' and ');
}

/** The outcome of a session tree, or "" when it has no closing report to draw on. */
export interface OutcomeContext {
	/** The files the session edited, from its log. */
	filesEdited?: readonly string[] | undefined;
	/**
	 * Whether an answer is the whole turn, its edits applied after it (aider): its "I'll change X"
	 * is the change, not narration between tool calls.
	 */
	answersAreWholeTurns?: boolean;
}

/** A commit the session made: its subject, and its hash where git or aider printed one. */
export interface Commit {
	subject: string;
	hash?: string;
}

/** What came of a session, in parts the TLDR is built from. */
export interface SessionOutcome {
	/** How it ended when not with a report to its last request ("Stopped by the person…"), else undefined. */
	ending?: string;
	/** The outcome sentences of the closing report (at most two; none when it says nothing). */
	report: string[];
	/** The commits the session made that the report does not name, the last three. */
	commits: Commit[];
	/** Whether the ending already names the files edited. */
	endingNamesWork: boolean;
	/** Whether the ending names the last request ("Ended with no answer to the last request: …"). */
	endingNamesRequest: boolean;
}

/** An agent's notice that the account's usage ran out (Claude Code's "You've hit your limit · resets 8pm"). */
const usageLimit = /^(?:you['’]ve (?:hit|reached) your (?:usage |session |weekly |daily )?limit|you['’]re out of (?:extra )?usage|claude (?:ai )?usage limit reached|(?:5-hour|weekly|session|daily) limit reached)\b/iu;

/** A thank-you or praise closes the request: the agent's answer to it is no outcome (unless it went on working). */
const closer = /^(?:thanks?|thank you|thx|ty|cheers|great|perfect|awesome|nice|cool|lgtm|looks good|good job|well done|merci|danke|gracias|obrigado|谢谢|謝謝|감사합니다|ありがとう)\b/iu;
/** An agent's notice that background work finished, in the person's place. */
const backgroundNotice = /^\s*<(?:task|bash)-notification>/u;
/** An answer after an agent's own notice (a background task finished) says less than the report before it, unless it is long. */
const noticeAnswerWords = 30;
/** git's first line for a commit: `[main 1a2b3c4] subject` (or `[main (root-commit) 1a2b3c4] subject`). */
const gitCommitLine = /^\[[^\]\s]+(?: \([^)]*\))? ([0-9a-f]{7,40})\] (.{4,200})$/gmu;

export function sessionOutcome(root: Topic, title: string, {filesEdited = [], answersAreWholeTurns = false}: OutcomeContext = {}): SessionOutcome | undefined {
	let lastRequest: string | undefined;
	let report: string | undefined;
	const reports: string[] = [];
	/** Answers to the last real request, before a "thanks" closed it; `notice`: written after an agent's own notice. */
	let answers: Array<{text: string; notice: boolean}> = [];
	let closed = false;
	let afterNotice = false;
	let stopped = false;
	let error: string | undefined;
	const commits: Commit[] = [];
	/** How many commits were known before the last tool call: what that call named comes after. */
	let committedBefore = 0;
	/** The last notable command since the last report, and whether tools ran after it. */
	let lastCommand: string | undefined;
	let toolsSinceReport = 0;
	for (const topic of preorder(root)) {
		for (const unit of topic.units) {
			for (const block of unit.blocks) {
				if (block.role === 'tool_call') {
					toolsSinceReport++;
					lastCommand = notablePart(commandOf(block)) ?? lastCommand;
					// Work after a thank-you: the request was not closed after all.
					closed = false;
				}
				if (block.role === 'tool' && denied.test(block.text.slice(0, 400))) dropUnmade(commits, committedBefore);
				else if (block.kind === 'tool') {
					if (block.role === 'tool_call') committedBefore = commits.length;
					collectCommits(block.text, commits);
				}
				if (prose(block, 'user')) {
					const text = block.text.replace(interrupted, '').trim();
					if (text && isInjectedContext(text)) afterNotice ||= lastRequest !== undefined && backgroundNotice.test(text);
					else if (text && isRealRequest(text)) {
						lastRequest = text;
						report = undefined;
						answers = [];
						closed = false;
						afterNotice = false;
						error = undefined;
						stopped = false;
						toolsSinceReport = 0;
						lastCommand = undefined;
					} else if (text && lastRequest !== undefined && closer.test(text)) closed = true;
					if (interrupted.test(block.text)) stopped = true;
				} else if (prose(block, 'assistant')) {
					report = block.text;
					reports.push(block.text);
					toolsSinceReport = 0;
					lastCommand = undefined;
					if (!closed) answers.push({text: block.text, notice: afterNotice});
					stopped = false;
					error = undefined;
				} else if (block.role === 'system' && backgroundNotice.test(block.text)) afterNotice ||= lastRequest !== undefined;
				else if (block.role === 'system' && block.text.startsWith('[error] ')) error = block.text.slice(8);
				else if (block.role === 'system' && (interrupted.test(block.text) || /^<turn_aborted>/u.test(block.text.trim()))) stopped = true;
			}
		}
	}
	if (lastRequest === undefined) return undefined;
	const work = workDone(filesEdited, lastCommand);
	const asked = requestTitle(lastRequest);
	const what = asked && asked.toLowerCase() !== title.toLowerCase() ? `: ${clip(asked, 100)}` : '';
	const noReport = report === undefined && toolsSinceReport > 0;
	const ending =
		error !== undefined && report === undefined
			? `Stopped by an error (${clip(error.split('\n')[0]!, 120)}) before the work was done${what}.`
			: stopped
				? `Stopped by the person before the work was done${what}.`
				: report === undefined
					? noReport
						? sentence(`Ended with no closing report${what}${work ? `; it ${work}` : ''}`)
						: `Ended with no answer to the last request${what}.`
					: undefined;
	// A short answer to an agent's own notice ("Frontend server was terminated.") does not replace the report before it.
	const substantive = answers.filter((answer) => !answer.notice || words(answer.text).length >= noticeAnswerWords || answers.every((other) => other.notice));
	// The last answer that says something ("You're welcome!" after a thank-you does not).
	let outcome: string[] = [];
	// Past narration in every candidate first ("Let me check…"), then with it, when nothing else says anything.
	const candidates = [...(ending ? [] : substantive.slice(-3).reverse().map((answer) => answer.text)), ...reports.slice(-3).reverse()];
	let from = 0;
	for (const skipNarration of answersAreWholeTurns ? [false] : [true, false]) {
		for (from = 0; from < candidates.length; from++) {
			// An agent's usage-limit notice ("You're out of extra usage · resets 9am") that the work went on after says why it paused, not what the work came to; the last answer's says how the session stopped.
			outcome = skipNarration && from > 0 && usageLimit.test(candidates[from]!.trim()) ? [] : reportSentences(candidates[from]!, skipNarration ? 'skip-only' : 'keep');
			if (outcome.length > 0) break;
		}
		if (outcome.length > 0) break;
	}
	// A question back to the person ("Could you please let me know: …?") says where the work stood only after the answer before it does.
	if (outcome.length > 0 && isQuestionBack(outcome)) {
		for (const text of candidates.slice(from + 1)) {
			const before = reportSentences(text, 'skip-only');
			if (before.length === 0 || isQuestionBack(before)) continue;
			outcome = [before[0]!, outcome[0]!];
			break;
		}
	}
	// A commit the report already names ("Committed … with message “Clean fresh install”") is not said twice.
	const said = `${ending ?? ''} ${outcome.join(' ')}`.toLowerCase();
	const made = commits.slice(-3).filter((commit) => !said.includes(commit.subject.toLowerCase()) && !(commit.hash && said.includes(commit.hash.slice(0, 7))));
	return {...(ending ? {ending} : {}), report: outcome, commits: made, endingNamesWork: noReport && ending !== undefined && work !== '', endingNamesRequest: ending !== undefined && what !== ''};
}

/** An answer that asks the person something instead of saying what came of the work. */
const askBack = /^(?:(?:could|can|would) you (?:please )?(?:let me know|tell me|confirm|check|share|provide|clarify|send)|please (?:confirm|tell me|share|provide|clarify)\b|(?:so,? )?to (?:help|proceed|continue)\b[^.?!]{0,60}\b(?:i need|could you|can you|please)\b)/iu;

function isQuestionBack(sentences: readonly string[]): boolean {
	return askBack.test(sentences[0]!.trim()) || sentences.every((sentence) => /[?？]\)?$/u.test(sentence.trim()));
}

/**
 * A tool call that never ran: Claude Code's auto-mode classifier denied it ("Permission for this
 * action has been denied. Reason: …"), a permission rule did ("Permission to use Bash with command
 * … has been denied"), or the person declined it.
 */
const denied = /Permission for this action has been denied|Permission to use \S+(?: with command [\s\S]*?)? has been denied|The user doesn['’]t want to (?:proceed with this tool use|take this action)/u;

/** The commits the last call named but never made (no hash: git printed none) are no commits. */
function dropUnmade(commits: Commit[], before: number): void {
	for (let index = commits.length - 1; index >= before; index--) if (!commits[index]!.hash) commits.splice(index, 1);
}

/** The commits named in a tool call or its output, merged with those already found (a hash joins its subject). */
function collectCommits(text: string, commits: Commit[]): void {
	const add = (subject: string, hash?: string) => {
		const clean = subject.trim();
		const same = commits.find((commit) => commit.subject.toLowerCase() === clean.toLowerCase() || (hash !== undefined && commit.hash === hash));
		if (same) {
			if (hash && !same.hash) same.hash = hash;
			return;
		}
		commits.push(hash ? {subject: clean, hash} : {subject: clean});
	};
	for (const match of text.matchAll(commitLine)) {
		const [hash, ...rest] = match[0].replace(/^>?\s*Commit /u, '').split(' ');
		add(rest.join(' '), hash);
	}
	for (const match of text.matchAll(commitCall)) add((match[1] ?? match[2]!).trim());
	for (const match of text.matchAll(gitCommitLine)) {
		// git's output after a `git commit -m "…"` call: the hash of the commit that call named.
		const named = commits.at(-1);
		if (named && !named.hash && !commits.some((commit) => commit.hash === match[1])) named.hash = match[1]!;
		else add(match[2]!, match[1]!);
	}
}
