import {isInjectedContext, isRealRequest} from '../formats/requests.js';
import type {Block} from '../model.js';
import {clip, plainText} from '../../text/clean.js';
import {sentencesOf} from '../../text/sentences.js';
import {requestTitle} from './titles.js';
import {preorder, type Topic} from './topic.js';

/**
 * A session's TLDR is its outcome: what the agent's closing report says was done, found or
 * decided, in one or two sentences of at most `maxWords` words, markup removed. A session whose
 * last request got no answer, or that the person interrupted, says so.
 */

export const maxWords = 60;

/**
 * How drill says a session ended ("Ended with no closing report…", "Stopped by the person…"):
 * many sessions share it, and it still says something of each.
 */
export const endingSentence = /^(?:ended with no (?:answer|closing report)|stopped by (?:the person|an error))\b/iu;

/** Openers that say nothing of the outcome ("Perfect!", "Great, all done."). */
const cheer = /^(?:perfect|great|excellent|done|awesome|nice|ok(?:ay)?|sure|got it|all set|good|success|alright|yes|absolutely|you['’]re (?:absolutely )?right|certainly|of course)\b[\s\p{P}]*(?:\p{L}+[\s\p{P}]*){0,3}$/iu;
/** A closing offer, not an outcome ("Let me know if …", "Would you like me to …"). */
/** aider's own notes that end up in an answer: token counts, streaming caveats. */
const toolNote = /^(?:use --no-stream\b|tokens: [\d.]+k? sent\b|cost: \$|applied edit to\b|commit [0-9a-f]{7}\b)/iu;
const offer = /^(?:(?:please|just) )?(?:let me know|would you like|do you want|if you(?:['’]d like| want| need)|feel free|shall i|should i|want me to|happy to help|hope this helps)/iu;
const interrupted = /\[Request interrupted by user[^\]]*\]/u;
/**
 * What the agent is about to do, not what it did ("Let me check the logs.", "I'll first scan the
 * workspace…", "Checking the contract…", "We need to answer…"): narration between tool calls.
 */
const intention =
	/^(?:(?:now|next|first|then|ok(?:ay)?|alright|great|good)[,!]?\s+)?(?:let me|let['’]s|i['’]ll|i will|i['’]m going to|i am going to|i need to|we need to|i['’]m (?:now )?(?:checking|looking|reading|going)|i (?:can|could) |ich (?:werde|lese|schaue|prüfe)|lass(?:t)? (?:mich|uns)|voy a|déjame|vamos a|让我|讓我|我来|我來|我将|我將|我会|我會|我先|首先|먼저)|^(?:reviewing|checking|reading|searching|looking|examining|exploring|analy[sz]ing|scanning|inspecting|investigating|verifying|creating|updating|adding|implementing|running|starting|initializing|setting up|removing|installing)\b.{0,160}[.:]$/iu;
/** A sentence that introduces what follows it ("Here's the updated file:"), saying nothing itself. */
const introducesOnly = /^(?:here(?:['’]s| is| are)\b|below\b|this is\b|these are\b)|\b(?:the following|as follows|below)\s*:$/iu;
/** Words that answer "shall I go on?" with a yes: the work continues, it is not closed. */
const goAhead = /^(?:y|yes|yep|yeah|yup|ok(?:ay)?|k|sure|go(?: on| ahead)?|continue|cont|proceed|next|do it|retry|try again|keep going|approved|si|sí|oui|ja|vale|是|好|可以|继续|繼續|네)\b[\s\p{P}]*$/iu;

function words(text: string): string[] {
	return text.split(/\s+/u).filter(Boolean);
}

/** Cuts to `most` words at a word boundary, marking the cut. */
export function clipWords(text: string, most = maxWords): string {
	const all = words(text);
	if (all.length <= most) return text;
	return `${all.slice(0, most).join(' ').replace(/[\s,;:—–-]+$/u, '')}…`;
}

/** A line of code an answer carries outside a fence (aider's whole-file edits): never an outcome. */
const codeLine = /^(?:from \S+ import\b|import\s|def |class \w|return\b|const |let |var |function\b|export |async |await |assert |raise |elif |else:|try:|except\b|with \S.*:$|if .*:$|for .*:$|while .*:$|if \(|for \(|while \(|@\w|<\/?[\w-]+>|[}\])]|\w+\s*=\s*\S|[\w.]+\(.*\)[;,]?$|[\w./\\-]+\.\w{1,5}$)|[{;,(\[]$/u;
/** A commit the session made: aider's `Commit 1a2b3c4 message`, or a `git commit -m "message"` call. */
const commitLine = /^>?\s*Commit [0-9a-f]{7,40} (.{4,200})$/gmu;
const commitCall = /git commit[^\n]*?-m\s+(?:"([^"\n]{4,200})"|'([^'\n]{4,200})')/gu;

/** A closing report as lines of plain text: headings, rules and fences left out, list items kept. */
function reportLines(text: string): string[] {
	const lines: string[] = [];
	let fence = false;
	for (const raw of text.split('\n')) {
		const line = raw.trim();
		if (/^(?:`{3,}|~{3,})/u.test(line)) {
			fence = !fence;
			continue;
		}
		if (fence || line === '' || /^#{1,6}\s/u.test(line) || /^[-*_=]{3,}$/u.test(line) || /^\|/u.test(line) || codeLine.test(line)) continue;
		const plain = plainText(line.replace(/^(?:[-*+•]|\d+[.)])\s+/u, '')).replace(/^[✅✓✔❌⚠️🎉\s]+/u, '');
		if (/\p{L}{2}/u.test(plain)) lines.push(plain);
	}
	return lines;
}

/** The outcome sentences of a closing report: past cheers, up to two sentences, a list after a colon joined in. */
export function reportOutcome(text: string, narration: 'skip' | 'skip-only' | 'keep' = 'skip'): string {
	// What the agent was about to do says something only when nothing says what it did.
	if (narration === 'skip-only') return outcomeSentences(text, true);
	return (narration === 'skip' && outcomeSentences(text, true)) || outcomeSentences(text, false);
}

function outcomeSentences(text: string, skipIntentions: boolean): string {
	const lines = reportLines(text);
	const picked: string[] = [];
	let count = 0;
	for (let index = 0; index < lines.length && count < maxWords; index++) {
		for (const sentence of sentencesOf(lines[index]!)) {
			const clean = sentence.trim();
			if (!clean || (picked.length === 0 && (cheer.test(clean) || words(clean).length < 3)) || offer.test(clean) || toolNote.test(clean) || (skipIntentions && intention.test(clean))) continue;
			picked.push(/[.!?…:;。！？：；]$/u.test(clean) ? clean : `${clean}.`);
			count += words(clean).length;
			if (/[:：]$/u.test(clean)) {
				// "I fixed three things:" then its list, as one sentence.
				const items: string[] = [];
				for (let next = index + 1; next < lines.length && count < maxWords && items.length < 4; next++) {
					const item = lines[next]!.replace(/[.;]+$/u, '');
					if (offer.test(item)) break;
					if (!/\p{L}{2}/u.test(item)) continue;
					items.push(item);
					count += words(item).length;
				}
				if (items.length > 0) picked[picked.length - 1] = `${clean} ${items.join('; ')}.`;
				// With nothing after it but code or headings, it still says something unless it only introduces.
				else if (introducesOnly.test(clean) || words(clean).length < 4) picked.pop();
				else picked[picked.length - 1] = `${clean.replace(/[:：]$/u, '')}.`;
				index += items.length;
				break;
			}
			if (picked.length >= 2 || count >= maxWords / 2) break;
		}
		if (picked.length >= 2 || count >= maxWords / 2) break;
	}
	return clipWords(picked.join(' '));
}

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

export function outcomeOf(root: Topic, title: string, {filesEdited = [], answersAreWholeTurns = false}: OutcomeContext = {}): string {
	let lastRequest: string | undefined;
	let report: string | undefined;
	const reports: string[] = [];
	/** Answers to the last real request, before a "thanks" or "ok" closed it. */
	let answers: string[] = [];
	let closed = false;
	let stopped = false;
	let error: string | undefined;
	const commits: string[] = [];
	/** The last notable command since the last report, and whether tools ran after it. */
	let lastCommand: string | undefined;
	let toolsSinceReport = 0;
	for (const topic of preorder(root)) {
		for (const unit of topic.units) {
			for (const block of unit.blocks) {
				if (block.role === 'tool_call') {
					toolsSinceReport++;
					lastCommand = notablePart(commandOf(block)) ?? lastCommand;
				}
				if (block.kind === 'tool') {
					for (const match of block.text.matchAll(commitLine)) commits.push(match[1]!.trim());
					for (const match of block.text.matchAll(commitCall)) commits.push((match[1] ?? match[2]!).trim());
				}
				if (prose(block, 'user')) {
					const text = block.text.replace(interrupted, '').trim();
					if (text && isRealRequest(text) && !isInjectedContext(text)) {
						lastRequest = text;
						report = undefined;
						answers = [];
						closed = false;
						error = undefined;
						stopped = false;
						toolsSinceReport = 0;
						lastCommand = undefined;
					} else if (text && lastRequest !== undefined && !goAhead.test(text)) closed = true;
					if (interrupted.test(block.text)) stopped = true;
				} else if (prose(block, 'assistant')) {
					report = block.text;
					reports.push(block.text);
					toolsSinceReport = 0;
					lastCommand = undefined;
					if (!closed) answers.push(block.text);
					stopped = false;
					error = undefined;
				} else if (block.role === 'system' && block.text.startsWith('[error] ')) error = block.text.slice(8);
				else if (block.role === 'system' && (interrupted.test(block.text) || /^<turn_aborted>/u.test(block.text.trim()))) stopped = true;
			}
		}
	}
	if (lastRequest === undefined) return '';
	const work = workDone(filesEdited, lastCommand);
	const asked = requestTitle(lastRequest);
	const what = asked && asked.toLowerCase() !== title.toLowerCase() ? `: ${clip(asked, 100)}` : '';
	const ending =
		error !== undefined && report === undefined
			? `Stopped by an error (${clip(error.split('\n')[0]!, 120)}) before the work was done${what}.`
			: stopped
				? `Stopped by the person before the work was done${what}.`
				: report === undefined
					? toolsSinceReport > 0
						? sentence(`Ended with no closing report${what}${work ? `; it ${work}` : ''}`)
						: `Ended with no answer to the last request${what}.`
					: undefined;
	// The last answer that says something ("You're welcome!" after a thank-you does not).
	let outcome = '';
	// Past narration in every candidate first ("Let me check…"), then with it, when nothing else says anything.
	const candidates = [...(ending ? [] : answers.slice(-3).reverse()), ...reports.slice(-3).reverse()];
	for (const skipNarration of answersAreWholeTurns ? [false] : [true, false]) {
		for (const text of candidates) {
			outcome = reportOutcome(text, skipNarration ? 'skip-only' : 'keep');
			if (outcome) break;
		}
		if (outcome) break;
	}
	// How it ended first, then what the work before it came to.
	if (ending) return clipWords(outcome ? `${ending} Before that: ${outcome}` : ending);
	// The commits say what was done when the report does not (or beside it, while there is room).
	// A commit the report already names ("Committed … with message “Clean fresh install”") is not said twice.
	const said = outcome.toLowerCase();
	const made = [...new Set(commits)].slice(-3).filter((subject) => !said.includes(subject.toLowerCase()));
	if (made.length > 0) {
		const line = `Committed: ${made.join('; ')}.`;
		outcome = outcome ? (words(outcome).length + words(line).length <= maxWords ? `${outcome} ${line}` : outcome) : line;
	}
	return clipWords(outcome);
}
