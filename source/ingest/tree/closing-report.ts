import {plainText} from '../../text/clean.js';
import {sentencesOf} from '../../text/sentences.js';
import {wordsAbout} from '../../text/words-about.js';
import {withoutEditBlocks} from './edit-blocks.js';

/**
 * Reading an agent's closing report: the sentences that say what was done, found or decided,
 * past cheers, offers, narration of what it was about to do, its reasoning headings and its code;
 * a labelled verdict first, a short label and its list as one sentence. `outcome.ts` decides
 * which answer is the report and what else the TLDR says.
 */

/** A TLDR's most words. */
export const maxWords = 60;

/** Openers that say nothing of the outcome ("Perfect!", "Great, all done."). */
const cheer = /^(?:perfect|great|excellent|done|awesome|nice|ok(?:ay)?|sure|got it|all set|good|success|alright|yes|absolutely|you['’]re (?:absolutely )?right|certainly|of course)\b[\s\p{P}]*(?:\p{L}+[\s\p{P}]*){0,3}$/iu;
const leadingCheer = /^(?:perfect|great|excellent|done|awesome|nice|all set|got it|success|alright)[!.]\s+(?=\S)/iu;
/**
 * A one-word status report ("Done.", "Fixed!", "Complete.", "Listo.", "Fertig.", "Готово.", "完成！"):
 * it says the work is over, not what it came to; the sentence after it does.
 */
export const statusReport =
	/^(?:all |it['’]s |it is )?(?:done|fixed|complete|completed|finished|resolved|implemented|updated|solved|ready|listo|hecho|terminado|completado|arreglado|resuelto|solucionado|pronto|feito|conclu[íi]do|resolvido|corrigido|termin[ée]|fait|corrig[ée]|r[ée]solu|c['’]est fait|fertig|erledigt|behoben|gel[öo]st|fatto|finito|completato|risolto|sistemato|готово|сделано|исправлено|выполнено|решено|готов|完成了?|已完成|搞定了?|好了|修好了|已修复|已修復|完了(?:しました)?|できました|修正しました|완료(?:했습니다|되었습니다)?)[.!！。]+(?:\s+|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]))(?=\S)/iu;
/** aider's own notes that end up in an answer: token counts, streaming caveats. */
const toolNote = /^(?:use --no-stream\b|tokens: [\d.]+k? sent\b|cost: \$|applied edit to\b|commit [0-9a-f]{7}\b)/iu;
/** A closing offer, not an outcome ("Let me know if …", "Would you like me to …"). */
const offer =
	/^(?:(?:please|just) )?(?:let me know|would you like|do you want|if you(?:['’]d like| want| need|['’]re ready| are ready)|(?:when|whenever) you['’]re ready|feel free|shall i|should i|want me to|happy to help|hope this helps)|^(?:precisa de ajuda|posso (?:criar|ajudar|fazer|tamb[ée]m)|quer que eu|se (?:voc[êe] )?quiser|¿?(?:quieres|necesitas|deseas) que|¿?puedo (?:ayudar|crear|tambi[ée]n)|si (?:necesitas|quieres|lo deseas|deseas)|av[íi]same|voulez-vous|souhaitez-vous|si vous (?:voulez|souhaitez)|dites-moi si|möchtest du|soll ich|wenn du (?:möchtest|willst)|falls du|sag bescheid|se vuoi|vuoi che|fammi sapere|если (?:за)?хотите|если (?:нужно|понадобится|будет нужно)|хотите,? (?:я|чтобы|теперь)|могу (?:также|ещё|еще) |дайте знать|напишите,? если|istersen(?:iz)?|(?:jika|kalau|bila) (?:anda )?(?:ingin|mau)|apakah anda ingin|nếu bạn (?:muốn|cần)|bạn có muốn|需要我|要不要我|如果需要|如需|需要的话|如果你需要|如果您需要|你需要我|要我|必要であれば|必要なら|ご希望|원하시면|필요하시면)/iu;
/**
 * What the agent is about to do, not what it did ("Let me check the logs.", "I'll first scan the
 * workspace…", "Checking the contract…", "We need to answer…"): narration between tool calls.
 */
const intention =
	/^(?:(?:now|next|first|then|ok(?:ay)?|alright|great|good)[,!]?\s+)?(?:let me|let['’]s|i['’]ll|i will|i['’]m going to|i am going to|i need to|we need to|i['’]m (?:now )?(?:checking|looking|reading|going)|i (?:can|could) |ich (?:werde|lese|schaue|prüfe)|lass(?:t)? (?:mich|uns)|voy a|déjame|vamos a|让我|讓我|我来|我來|我将|我將|我会|我會|我先|首先|먼저)|^(?:reviewing|checking|reading|searching|looking|examining|exploring|analy[sz]ing|scanning|inspecting|investigating|verifying|creating|updating|adding|implementing|running|starting|initializing|setting up|removing|installing)\b.{0,160}[.:]$/iu;
/** A sentence that introduces what follows it ("Here's the updated file:"), saying nothing itself. */
const introducesOnly = /^(?:here(?:['’]s| is| are)\b|below\b|this is\b|these are\b)|\b(?:the following|as follows|below)\s*:$/iu;

export function words(text: string): string[] {
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
export function reportSentences(text: string, narration: 'skip' | 'skip-only' | 'keep'): string[] {
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
