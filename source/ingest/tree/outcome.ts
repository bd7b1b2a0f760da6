import {isInjectedContext, isRealRequest} from '../formats/requests.js';
import type {Block} from '../model.js';
import {clip, plainText} from '../../text/clean.js';
import {sentencesOf} from '../../text/sentences.js';
import {wordsAbout} from '../../text/words-about.js';
import {withoutEditBlocks} from './edit-blocks.js';
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
const leadingCheer = /^(?:perfect|great|excellent|done|awesome|nice|all set|got it|success|alright)[!.]\s+(?=\S)/iu;
/**
 * A one-word status report ("Done.", "Fixed!", "Complete.", "Listo.", "Fertig.", "Готово.", "完成！"):
 * it says the work is over, not what it came to; the sentence after it does.
 */
export const statusReport =
	/^(?:all |it['’]s |it is )?(?:done|fixed|complete|completed|finished|resolved|implemented|updated|solved|ready|listo|hecho|terminado|completado|arreglado|resuelto|solucionado|pronto|feito|conclu[íi]do|resolvido|corrigido|termin[ée]|fait|corrig[ée]|r[ée]solu|c['’]est fait|fertig|erledigt|behoben|gel[öo]st|fatto|finito|completato|risolto|sistemato|готово|сделано|исправлено|выполнено|решено|готов|完成了?|已完成|搞定了?|好了|修好了|已修复|已修復|完了(?:しました)?|できました|修正しました|완료(?:했습니다|되었습니다)?)[.!！。]+(?:\s+|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]))(?=\S)/iu;
/** A closing offer, not an outcome ("Let me know if …", "Would you like me to …"). */
/** aider's own notes that end up in an answer: token counts, streaming caveats. */
const toolNote = /^(?:use --no-stream\b|tokens: [\d.]+k? sent\b|cost: \$|applied edit to\b|commit [0-9a-f]{7}\b)/iu;
const offer =
	/^(?:(?:please|just) )?(?:let me know|would you like|do you want|if you(?:['’]d like| want| need|['’]re ready| are ready)|(?:when|whenever) you['’]re ready|feel free|shall i|should i|want me to|happy to help|hope this helps)|^(?:precisa de ajuda|posso (?:criar|ajudar|fazer|tamb[ée]m)|quer que eu|se (?:voc[êe] )?quiser|¿?(?:quieres|necesitas|deseas) que|¿?puedo (?:ayudar|crear|tambi[ée]n)|si (?:necesitas|quieres|lo deseas|deseas)|av[íi]same|voulez-vous|souhaitez-vous|si vous (?:voulez|souhaitez)|dites-moi si|möchtest du|soll ich|wenn du (?:möchtest|willst)|falls du|sag bescheid|se vuoi|vuoi che|fammi sapere|если (?:за)?хотите|если (?:нужно|понадобится|будет нужно)|хотите,? (?:я|чтобы|теперь)|могу (?:также|ещё|еще) |дайте знать|напишите,? если|istersen(?:iz)?|(?:jika|kalau|bila) (?:anda )?(?:ingin|mau)|apakah anda ingin|nếu bạn (?:muốn|cần)|bạn có muốn|需要我|要不要我|如果需要|如需|需要的话|如果你需要|如果您需要|你需要我|要我|必要であれば|必要なら|ご希望|원하시면|필요하시면)/iu;
const interrupted = /\[Request interrupted by user[^\]]*\]/u;
/**
 * What the agent is about to do, not what it did ("Let me check the logs.", "I'll first scan the
 * workspace…", "Checking the contract…", "We need to answer…"): narration between tool calls.
 */
const intention =
	/^(?:(?:now|next|first|then|ok(?:ay)?|alright|great|good)[,!]?\s+)?(?:let me|let['’]s|i['’]ll|i will|i['’]m going to|i am going to|i need to|we need to|i['’]m (?:now )?(?:checking|looking|reading|going)|i (?:can|could) |ich (?:werde|lese|schaue|prüfe)|lass(?:t)? (?:mich|uns)|voy a|déjame|vamos a|让我|讓我|我来|我來|我将|我將|我会|我會|我先|首先|먼저)|^(?:reviewing|checking|reading|searching|looking|examining|exploring|analy[sz]ing|scanning|inspecting|investigating|verifying|creating|updating|adding|implementing|running|starting|initializing|setting up|removing|installing)\b.{0,160}[.:]$/iu;
/** A sentence that introduces what follows it ("Here's the updated file:"), saying nothing itself. */
const introducesOnly = /^(?:here(?:['’]s| is| are)\b|below\b|this is\b|these are\b)|\b(?:the following|as follows|below)\s*:$/iu;

function words(text: string): string[] {
	return text.split(/\s+/u).filter(Boolean);
}

const unspacedLetter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A report line's sentences. A short Chinese or Japanese line ("已安装 font-maple-mono-nf-cn", a
 * list item) has too few spaces to read as a sentence by the splitter's measure, yet it says what
 * was done in three words or more: each of its parts ended by 。！？ that is that long is a sentence.
 */
function lineSentences(line: string): string[] {
	const found = sentencesOf(line);
	if (found.length > 0 || !unspacedLetter.test(line)) return found;
	return line.split(/(?<=[。！？])/u).filter((part) => wordsAbout(part) >= 3);
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

/** An answer's bare verdict ("No.", "**不会**。", "いいえ。"): too short to stand alone, it still decides what the rest means. */
const verdict = /^(no|nope|yes|yep|不会|不會|不是|不能|不行|不可以|没有|沒有|否|会|會|是的|可以|能|いいえ|はい|아니요|아뇨|네|예)(?:[.!。！]\s*|[,，、]\s+|\s*$)/iu;

/** A closing report as lines of plain text: headings (but one that opens with a verdict), rules and fences left out, list items kept. */
interface ReportLine {
	text: string;
	/** Whether it was a list item ("- …", "1. …"). */
	item: boolean;
}

function reportLines(text: string): ReportLine[] {
	const lines: ReportLine[] = [];
	let fence = false;
	for (const raw of withoutEditBlocks(withoutReasoning(text)).split('\n')) {
		const line = raw.trim();
		if (/^(?:`{3,}|~{3,})/u.test(line)) {
			fence = !fence;
			continue;
		}
		// A heading is a label, unless it opens with the answer's verdict ("## No! This is not the App Router").
		const heading = /^#{1,6}\s+(.*)$/u.exec(line);
		if (fence || line === '' || (heading && !verdict.test(plainText(heading[1]!))) || /^[-*_=]{3,}$/u.test(line) || /^\|/u.test(line) || codeLine.test(line)) continue;
		const bullet = /^(?:[-*+•]|\d+[.)])\s+/u;
		const plain = plainText((heading?.[1] ?? line).replace(bullet, '')).replace(/^[✅✓✔❌⚠️🎉\s]+/u, '');
		if (/\p{L}{2}/u.test(plain)) lines.push({text: plain, item: !heading && bullet.test(line)});
	}
	return lines;
}

/** A bold span: a heading of the agent's reasoning when glued to the text or heading beside it, or alone on its line and opening with a gerund. */
const boldSpan = /\*\*(\p{Lu}[^*\n]{2,100})\*\*/gu;
const gerundHeading = /^\p{Lu}\p{Ll}+ing\b/u;
/** A paragraph of the agent's thinking after such a heading ("I'm examining why…", "The user wants…"). */
const thinkingParagraph = /^(?:I['’]m|I am|I['’]ll|I will|I want|I need|I['’]ve|I think|I should|I plan|I must|I (?:can|could|see|notice)|The user|We need|We should|Let me|Now I|My |Next,? I|This (?:means|suggests|should)|```)/u;
/** At least this many reasoning headings mark an answer as thinking before its report. */
const reasoningHeadings = 2;

/**
 * An answer without the agent's reasoning that an export kept in it (SpecStory's Copilot chats:
 * "**Inspecting context_store.py****Investigating SQLite concurrency issues**", then paragraphs of
 * "I'm examining…"): the report is what follows the last reasoning heading and its thinking.
 * The whole answer when it has fewer than two such headings or nothing follows them.
 */
export function withoutReasoning(text: string): string {
	let count = 0;
	let end = -1;
	for (const match of text.matchAll(boldSpan)) {
		const at = match.index;
		const after = text.charAt(at + match[0].length);
		const before = at > 0 ? text.charAt(at - 1) : '\n';
		const lineStart = before === '\n' || at === 0;
		const glued = /[\p{L}*]/u.test(after) || /[\p{L}\p{N}.!?*]/u.test(before);
		// Alone on its line, a gerund heading is reasoning only when thinking follows it ("**Testing**" over a list of commands is a report's).
		const alone = lineStart && after === '\n' && gerundHeading.test(match[1]!) && thinkingParagraph.test(text.slice(at + match[0].length).trimStart());
		if (!glued && !alone) continue;
		count++;
		end = at + match[0].length;
	}
	if (count < reasoningHeadings) return text;
	const lineEnd = text.indexOf('\n', end);
	if (lineEnd < 0) return text;
	const paragraphs = text.slice(lineEnd).split(/\n[ \t]*\n/u);
	let skip = 0;
	while (skip < paragraphs.length && (paragraphs[skip]!.trim() === '' || thinkingParagraph.test(paragraphs[skip]!.trim()))) skip++;
	const rest = paragraphs.slice(skip).join('\n\n').trim();
	return /\p{L}{2}/u.test(rest) ? rest : text;
}

/** The outcome sentences of a closing report: past cheers, up to two sentences, a list after a colon joined in. */
export function reportOutcome(text: string, narration: 'skip' | 'skip-only' | 'keep' = 'skip'): string {
	return clipWords(reportSentences(text, narration).join(' '));
}

/** The same, sentence by sentence. */
function reportSentences(text: string, narration: 'skip' | 'skip-only' | 'keep'): string[] {
	const sentences = plainReportSentences(text, narration);
	// A verdict the report labels as one ("**Verdict: partial** — 4 of 18 reproduced") is its outcome, whatever opens it.
	const labelled = sentences.length > 0 ? labelledVerdict(text) : undefined;
	if (!labelled || sentences.some((sentence) => sentence.includes(labelled.slice(0, 40)))) return sentences;
	return [labelled, ...sentences];
}

function plainReportSentences(text: string, narration: 'skip' | 'skip-only' | 'keep'): string[] {
	// What the agent was about to do says something only when nothing says what it did.
	if (narration === 'skip-only') return outcomeSentences(text, true);
	const skipped = narration === 'skip' ? outcomeSentences(text, true) : [];
	return skipped.length > 0 ? skipped : outcomeSentences(text, false);
}

/** A line that opens with a label naming it the report's verdict: "**Verdict: partial** — …", "Bottom line: …", "TL;DR: …". */
const verdictLabel = /^(?:verdict|bottom line|headline|tl;?dr|in short|in one line|the verdict(?:, in one line)?)\s*[:：—–-]\s*\S/iu;
/** The words of a labelled verdict taken: its first sentence, or as much of it. */
const verdictWords = 25;

function labelledVerdict(text: string): string | undefined {
	for (const line of reportLines(text)) {
		if (line.item || !verdictLabel.test(line.text)) continue;
		// Its first sentence only ("Verdict: partial." is a verdict too): the report's own sentences follow it.
		const first = line.text.split(/(?<=[.!?。！？])\s+/u)[0] ?? line.text;
		const clipped = clipWords(first, verdictWords);
		return /[.!?…。！？]$/u.test(clipped) ? clipped : `${clipped}.`;
	}
	return undefined;
}

/** A label: a short line of one sentence that ends in a colon, a question mark ("Ready to begin?") or no stop, and offers nothing. */
const isLabel = (line: string) => wordsAbout(line) < labelLength && /(?:[:：?？]|[\p{L}\p{N})])$/u.test(line) && !/[.!?。！？]\s*\S/u.test(line) && !offer.test(line);

/** A short label and the list after it ("Changes:" then its items) are one sentence of at most this many words. */
const labelWords = 30;
/** A label is short: fewer words about something than this ("Changes:", "Key changes made:", "Craig, ready to begin?"). */
const labelLength = 5;

/** A label's list as one sentence: "Changes: the cache is keyed by path; the retry waits 2 s." (its items up to `labelWords` words in all), or undefined when no list follows it. */
function labelledList(label: string, lines: readonly ReportLine[], from: number): {sentence: string; used: number} | undefined {
	const items: string[] = [];
	let count = words(label).length;
	for (let next = from; next < lines.length && lines[next]!.item && count < labelWords && items.length < 4; next++) {
		const item = lines[next]!.text.replace(/[.;:：]+$/u, '');
		if (offer.test(item)) break;
		items.push(item);
		count += words(item).length;
	}
	if (items.length === 0) return undefined;
	// The rest of the list is the list's too, not a sentence of its own.
	let used = items.length;
	while (lines[from + used]?.item) used++;
	// A label with no stop of its own ("Spec Update", a bold line) is given its colon.
	const head = /[:：?？]$/u.test(label) ? label : `${label}:`;
	const text = withoutEndStop(clipWords(`${head} ${items.join('; ')}`, labelWords));
	return {sentence: text.endsWith('…') ? text : `${text}.`, used};
}

const withoutEndStop = (text: string) => text.replace(/[\s.;:]+$/u, '');

function outcomeSentences(text: string, skipIntentions: boolean): string[] {
	const listed = reportLines(text);
	const lines = listed.map((line) => line.text);
	const picked: string[] = [];
	let count = 0;
	/** A verdict that opened the answer, put before the first sentence picked. */
	let lead: string | undefined;
	for (let index = 0; index < lines.length && count < maxWords; index++) {
		let line = lines[index]!;
		const opening = picked.length === 0 && lead === undefined ? verdict.exec(line) : null;
		if (opening) {
			lead = `${opening[1]}${/^\p{Script=Latin}/u.test(opening[1]!) ? '.' : '。'}`;
			line = line.slice(opening[0].length);
		}
		// "Changes:" then its list: the list says what changed, the label only that it did.
		const label = line.trim().replace(statusReport, '');
		const list = picked.length === 0 && !listed[index]!.item && isLabel(label) ? labelledList(label, listed, index + 1) : undefined;
		if (list) {
			picked.push(list.sentence);
			count += words(list.sentence).length;
			index += list.used;
			if (count >= maxWords / 2) break;
			continue;
		}
		for (const sentence of lineSentences(line)) {
			// "Done. `SUPER + T` opens Teams." is one sentence to the splitter: the cheer is no part of it.
			const clean = sentence.trim().replace(leadingCheer, '').replace(statusReport, '');
			if (!clean || (picked.length === 0 && (cheer.test(clean) || wordsAbout(clean) < 3)) || offer.test(clean) || toolNote.test(clean) || (skipIntentions && intention.test(clean))) continue;
			const stopped = /[.!?…:;。！？：；]$/u.test(clean) ? clean : `${clean}.`;
			picked.push(picked.length === 0 && lead ? `${lead}${/^\p{Script=Latin}/u.test(lead) ? ' ' : ''}${stopped}` : stopped);
			count += words(clean).length;
			if (/[:：]$/u.test(clean)) {
				// "I fixed three things:" then its list, as one sentence.
				const items: string[] = [];
				for (let next = index + 1; next < lines.length && count < maxWords && items.length < 4; next++) {
					const item = lines[next]!.replace(/[.;:：]+$/u, '');
					if (offer.test(item)) break;
					if (!/\p{L}{2}/u.test(item)) continue;
					items.push(item);
					count += words(item).length;
				}
				if (items.length > 0) picked[picked.length - 1] = `${clean} ${items.join('; ')}.`;
				// With nothing after it but code or headings, it still says something unless it only introduces.
				else if (introducesOnly.test(clean) || wordsAbout(clean) < 4) picked.pop();
				else picked[picked.length - 1] = `${clean.replace(/[:：]$/u, '')}.`;
				index += items.length;
				break;
			}
			if (picked.length >= 2 || count >= maxWords / 2) break;
		}
		if (picked.length >= 2 || count >= maxWords / 2) break;
	}
	return picked.length === 0 && lead ? [lead] : picked;
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
			outcome = reportSentences(candidates[from]!, skipNarration ? 'skip-only' : 'keep');
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
