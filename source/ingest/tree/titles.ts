import {isInjectedContext, isRealRequest, withoutContext} from '../formats/requests.js';
import {capitalize, clip, plainText} from '../../text/clean.js';
import {commandGist, isCommandOnly, isGeneratedText, withoutPaste} from './pastes.js';

/**
 * Titles that say nothing about the work, whoever wrote them: raw JSON or a tool call, injected
 * context, a model's refusal or its attempt at making a title, a placeholder, a bare greeting, a
 * line of symbols.
 */
const refusal = /^(?:I['’]m sorry|I am sorry|I apologi[sz]e|Sorry[,.!]|I can(?:['’]|no)t\b|I cannot\b|I['’]m (?:not able|unable)|I am (?:not able|unable)|As an AI\b|I don['’]t have\b|I do not have\b|Unfortunately\b)/iu;
const titleAttempt = /^(?:Here(?:['’]s| is) (?:a |the |my )?(?:short |concise |suggested )?(?:title|summary|name)|(?:Suggested )?Title\s*:|Sure[,!.]|Certainly[,!.]|Of course[,!.]|Conversation (?:about|title|summary)|Chat (?:about|title)|Summary of (?:the |this )?(?:conversation|session|chat)\b)/iu;
const placeholder = /^(?:New chat|New conversation|New (?:agent )?session|New thread|Empty message|Untitled(?: session| conversation| chat)?|Unknown|No title|Title|Session|Conversation|Chat)$/iu;
/** A greeting alone ("Hi", "Hello there!", "Привет"): the request comes after it. */
const greeting = /^(?:hi|hello|hey|yo|hiya|howdy|good (?:morning|afternoon|evening)|hola|bonjour|salut|hallo|ciao|oi|olá|привет|здравствуйте|你好|您好|こんにちは|안녕(?:하세요)?)(?: there| all| team| claude| codex| gemini)?[\s\p{P}]*$/iu;
/** A table of contents' heading, in any language: it names no document, only the list under it. */
const contentsHeading = /^(?:(?:table of )?contents|目次|目录|目錄|索引|목차|차례|índice|indice|sumário|sommario|sommaire|table des matières|inhalt|inhaltsverzeichnis|inhoud(?:sopgave)?|innehåll(?:sförteckning)?|indholdsfortegnelse|innholdsfortegnelse|sisällys(?:luettelo)?|spis treści|obsah|tartalom(?:jegyzék)?|cuprins|içindekiler|содержание|оглавление|зміст|περιεχόμενα|mục lục|daftar isi|สารบัญ|فهرس|תוכן העניינים|विषय सूची)$/iu;
const jsonLike = /^(?:[\w.:-]{1,40}\s+)?[[{]\s*["{[\]]/u;

export const isGreeting = (text: string) => greeting.test(text.trim());

/** An agent's name for a session it has not titled yet ("New Session", "Untitled Session"): no title. */
export function isPlaceholderTitle(text: string): boolean {
	return placeholder.test(text.trim().replace(/[.!:]+$/u, ''));
}

export function isNoiseTitle(text: string): boolean {
	const trimmed = text.trim();
	if (!/\p{L}{2}/u.test(trimmed)) return true;
	if (jsonLike.test(trimmed) || isInjectedContext(trimmed)) return true;
	if (refusal.test(trimmed) || titleAttempt.test(trimmed) || greeting.test(trimmed) || placeholder.test(trimmed.replace(/[.!:]+$/u, '')) || contentsHeading.test(trimmed.replace(/^[#\s]+|[\s.:：]+$/gu, ''))) return true;
	const visible = trimmed.replace(/\s/gu, '');
	const letters = visible.match(/\p{L}/gu)?.length ?? 0;
	if (letters < visible.length * 0.4) return true;
	// A log or path line: fewer than half its tokens are words.
	const tokens = trimmed.split(/\s+/u);
	return tokens.filter((token) => plainWord.test(token)).length < tokens.length / 2;
}

// CJK runs hold their own punctuation (，、：；「」) inside a token.
const plainWord = /^["'(«“‘¿¡「『《（]*\p{L}[\p{L}\p{M}\p{N}'’.\-，、：；「」『』《》（）·]*[.,;:!?"')»”’…。！？」』》）]*$/u;

/** A title fits a row: at most 80 characters, cut at a word boundary. */
const maxRequestTitle = 80;
/** A slash command with words after it ("/ask why …", "/sp.specify Based on the constitution, …"): the words are the request. */
const requestCommand = /^\/[\w.:-]+[ \t]+(?=\S)/u;
const clauseBreak = /[,;:(]\s|\s[—–-]\s/gu;

/** Placeholders a reader puts for what is not text: "[image]", "[attachment]". */
const placeholderLine = /^\[(?:image|attachment|document|audio|file)\]$/iu;

/** A line of a pasted log or stack trace: never part of a title sentence. */
const logLine = /^(?:Traceback \(most recent call last\)|File "[^"]+", line \d+|at [\w.$<>]+ \(|at [\w./\\-]+:\d+|\^+$|\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\[\d{1,2}:\d\d|(?:INFO|WARN|WARNING|DEBUG|TRACE)\b|npm (?:ERR|WARN)|warning: in the working copy|On branch \S+$|Your branch is|Changes (?:not staged|to be committed)|Untracked files:|\(use "git|(?:modified|new file|deleted|renamed):\s)/u;

/**
 * Lines copied from a screen or a tool's output ("Import Complete", "Successfully created: 1
 * tickets", "Errors: 1"): several short lines and none a sentence, or a lone "Label: 3".
 */
function isPastedOutput(lines: readonly string[]): boolean {
	if (lines.length === 1) return /^[\p{L} ]{1,30}:\s*\d+$/u.test(lines[0]!);
	return lines.every((line) => line.length <= 40 && !/[.?!。？！]$/u.test(line) && !/\s(?:and|the|to|a|is|are|please|can|how|why|what)\s/iu.test(` ${line} `));
}

/** An absolute path of three parts or more says no more in a title than its file's name. */
const longPath = /(?<![\p{L}\p{N}_.~-])(?:[A-Za-z]:\\|~\/|\/)(?:[^\s\\/]+[\\/]){2,}([^\s\\/]+)/gu;
/** What Claude Code puts where a person pasted an image or a long text. */
const pastePlaceholder = /\s*\[(?:Image|Pasted text) #\d+(?: \+\d+ lines)?\]/gu;

/** The first paragraphs of prose of a message: code fences, quotes, shell lines and placeholders left out. */
function paragraphs(text: string, most = 3): string[] {
	const found: string[] = [];
	let lines: string[] = [];
	let inFence = false;
	const flush = () => {
		// A pasted file or log in the paragraph is left out; the person's lines around it stay.
		for (const part of withoutPaste(lines)) if (part.length > 0 && !isPastedOutput(part)) found.push(plainText(part.join('\n')));
		lines = [];
	};
	for (const raw of text.split('\n')) {
		if (found.length >= most) break;
		const line = raw.trim();
		if (/^(?:`{3,}|~{3,})/u.test(line)) {
			inFence = !inFence;
			flush();
			continue;
		}
		if (inFence) continue;
		if (line === '' || /^\*\*[\p{L} ]{1,30}\*\*:?$/u.test(line) || /^(?: {4}|\t)/u.test(raw) || /^(?:>|\||\$ |#!)/u.test(line) || placeholderLine.test(line) || logLine.test(line)) flush();
		else lines.push(line);
	}
	flush();
	return found.filter(Boolean);
}

/** A sentence too long for a title, cut at its first clause of four words or more, else at a word boundary. */
function shorten(text: string): string {
	if (text.length <= maxRequestTitle) return text;
	// Asides in parentheses are not part of a title, and a cut must not fall inside one.
	const sentence = text.replace(/\s*\([^()]*\)/gu, '').replace(/\s*\([^()]*$/u, '');
	if (sentence.length <= maxRequestTitle) return sentence;
	for (const match of sentence.matchAll(clauseBreak)) {
		const head = sentence.slice(0, match.index).trim();
		if (head.length > maxRequestTitle) break;
		// "D:\\0 - Downloads\\plan.xlsx": a path with spaces in it is not cut.
		if (/[A-Za-z]:\\\S*$/u.test(head)) continue;
		if (head.split(' ').length >= 4 && head.length >= 24) return head;
	}
	return clip(sentence, maxRequestTitle);
}

/**
 * A person's request as a title: the first sentence of its first paragraph that names
 * something (past a "Nice." or "Hi!"), shortened at a clause or a word boundary when long.
 * Undefined when nothing in it reads as a title.
 */
export function requestTitle(text: string): string | undefined {
	if (isInjectedContext(text)) return undefined;
	// A command template that quotes what was typed under a "User Input" heading (spec-kit's
	// /speckit.* prompts): the quoted text is the request, the template around it is not.
	const typed = typedInput.exec(text)?.[1]?.trim();
	if (typed && !/^\$ARGUMENTS$/u.test(typed)) {
		const title = requestTitle(typed);
		if (title) return title;
	}
	let fallback: string | undefined;
	let tried = 0;
	// "@src/app.ts", "@C:\\notes\\spec.md": an editor's file mention, read as the file's name.
	const mentioned = withoutContext(text)
		.replace(/(^|\s)@(?=[\w.-]+\/|[\w-]+\.\w|[A-Za-z]:\\)/gu, '$1')
		.replace(pastePlaceholder, '');
	// A request written wholly as a quote ("> Create Flask routes…" on every line) is the request itself, not a quote around one.
	const body = /\S/u.test(mentioned) && mentioned.split('\n').every((line) => line.trim() === '' || /^\s*>/u.test(line)) ? mentioned.replace(/^\s*>[ \t]?/gmu, '') : mentioned;
	// A command and nothing else ("powershell -c \"iex (irm https://…/setup_adc.ps1)\""): what it runs names it.
	if (isCommandOnly(body)) return commandGist(body);
	// A document pasted after a line that introduces it ("Implement the following plan:" and "# Plan: Site Content Update"): its heading names it.
	const heading = headedDocument.exec(body)?.[1];
	const named = heading ? plainText(heading).replace(planLabel, '').trim() : '';
	if (named && !isNoiseTitle(named)) return capitalize(shorten(named));
	// An error pasted in a fence after "we get this error:" (Cursor's "Fix in Chat" prompt): the error is the subject.
	const introduced = introducedBlock.exec(body)?.[1]?.trim();
	if (introduced) {
		const line = introduced.split('\n').map((entry) => entry.trim()).find((entry) => /\p{L}{2}/u.test(entry));
		if (line && !isNoiseTitle(line)) return capitalize(shorten(line.replace(/\s+/gu, ' ')));
	}
	// A terminal pasted as it was ("(venv) jo@pi:~$ python main.py" and what it printed): its error names it, not the prompt.
	if (shellPaste.test(body.trimStart())) {
		const error = errorLine(body);
		if (error) return capitalize(shorten(error));
	}
	for (const paragraph of paragraphs(body.trimStart().replace(requestCommand, ''))) {
		// A dot inside a word (a file name, a version) ends no sentence.
		const sentences = paragraph
			.replace(/(?<=[\p{L}\p{N}_])\.(?=[\p{L}\p{N}_])/gu, '\u2024')
			.split(/(?<=[.!?])\s+|(?<=[。！？])\s*/u)
			.map((sentence) => sentence.replace(/\u2024/gu, '.').trim().replace(/[\s.。]+$/u, ''));
		for (const [index, raw] of sentences.entries()) {
			if (++tried > 4) break;
			const sentence = titleSentence(raw);
			const words = wordsIn(sentence);
			if (words.length === 0 || !readsAsRequest(sentence)) continue;
			// "Nice." or "Hi there!" says nothing; a short sentence is kept only if nothing better follows.
			if (words.length < 3) {
				fallback ??= sentence;
				continue;
			}
			// "fix this so it compiles and runs. i want a bridgestan implementation…": what "this" is, the next sentence says.
			const next = pointsOnly(sentence, words) ? titleSentence(sentences[index + 1] ?? '') : '';
			const said = next && wordsIn(next).length >= 3 && readsAsRequest(next) ? `${sentence.replace(/\s*:$/u, '')}. ${capitalize(next)}` : sentence;
			return capitalize(shorten(withoutLeadIn(said.replace(/\s*:$/u, ''))));
		}
	}
	// A request that is only a path: the file it names.
	const only = body.trim();
	if (/^[\w:~.\\/-]+[\\/][\w .-]+\.\w{1,6}$/u.test(only)) return only.split(/[\\/]/u).at(-1);
	// A pasted error with nothing said around it: the error is the subject.
	const error = errorLine(body);
	if (error) return capitalize(shorten(error));
	if (fallback) return capitalize(shorten(fallback));
	// A Markdown document pasted alone, its lines no request of anyone's: its own heading names it
	// (a heading over sections of its own, not a generated file's comment line).
	const opening = !isGeneratedText(body) && /^\s*#{1,2}[ \t]+[^\n]+\n[\s\S]*^#{2,6}[ \t]+\S/mu.test(body) ? /^\s*#{1,2}[ \t]+([^\n]+)/u.exec(body)?.[1] : undefined;
	const title = opening ? plainText(opening).trim() : '';
	return title && !isNoiseTitle(title) ? capitalize(shorten(title)) : undefined;
}

/** A shell prompt opening a pasted terminal: `user@host:path$ ` or `#`, after a virtualenv's "(venv) ". */
const shellPaste = /^(?:\([\w.-]+\)\s*)?[\w.-]+@[\w.-]+:[^\n]*?[$#]\s/u;

/** A link says where, not what: "访问网站：@https://… 查找…" is titled by its words; a long path by its file. */
const titleSentence = (raw: string) => raw.replace(/@?https?:\/\/\S+/gu, ' ').replace(longPath, '$1').replace(/\s+/gu, ' ').replace(/^[\s,:：;-]+|[\s,:：;-]+$/gu, '').trim();
const wordsIn = (sentence: string) => sentence.match(/\p{L}[\p{L}\p{N}'’_-]*/gu) ?? [];
const readsAsRequest = (sentence: string) => !isNoiseTitle(sentence) && isRealRequest(sentence) && !boilerplate.test(sentence) && !introduction.test(sentence);

/**
 * A short sentence that points at what it does not name ("fix this so it compiles and runs", "do
 * that for every page", "check the below brief"): "this" or "the below" among its first words (not "I see that…"), and no name in it (no capital past its
 * first letter, no file, path or code).
 */
const pointing = /^(?!(?:i|we|you|they|he|she)\b)(?:\S+\s+){1,2}(?:this|that|it|these|those|them|(?:the\s+)?(?:below|above|attached)\b)\b/iu;
const pointingWords = 8;
const pointsOnly = (sentence: string, words: readonly string[]) => words.length <= pointingWords && pointing.test(sentence) && !/[\p{Lu}`'"./\\_#@\d]/u.test(sentence.slice(1));

/** A sentence that only announces what follows ("I want a system that does the following:"). */
const introduction = /(?:\b(?:the following|as follows|(?:two|three|a few|some) things)\s*[:.]?|\bbelow\s*:)$/iu;
/** "For the code present, we get this error:" and the fenced block it introduces. */
const introducedBlock = /^[^\n]*\b(?:get|got|getting|see|seeing|have|having|throws?|shows?)\s+(?:this|the following|an?|these|the)\s+(?:error|exception|warning|message)s?\s*:?\s*\n+(?:`{3,}|~{3,})[\w-]*\n([\s\S]*?)\n(?:`{3,}|~{3,})/iu;

/** A short first line ending in a colon, then a Markdown heading: the heading's text. */
const headedDocument = /^\s*(?!#)[^\n]{1,120}[:：]\s*\n(?:\s*\n)*#{1,6}[ \t]+([^\n]+)/u;
/** "Plan:" before a plan's name says what kind of document it is, not what it is about. */
const planLabel = /^(?:(?:implementation|execution|action|work|project)\s+)?plan\s*[:：—–-]\s*/iu;

const typedInput = /^#{1,6}\s*(?:User Input|Arguments|Input)\s*\n+(?:`{3,}|~{3,})[\w-]*\n([\s\S]*?)\n(?:`{3,}|~{3,})/mu;

/** Polite and filler openers a title does without ("Can you please …", "I want you to …"). */
const leadIn = /^(?:(?:hi|hey|hello)(?: there)?[,!.]?\s+|(?:(?:hi|hey|hello|ok|okay|so|now)[,!.]?\s+)?(?:(?:can|could|would|will) you (?:please )?(?:help me )?|please,? |i(?:'d| would) like (?:you )?to |i (?:want|need) (?:you )?to |help me (?:to )?|let['’]?s |we need to |i['’]m trying to ))(?:thoroughly |quickly |also )?/iu;

/** The same in Chinese: "幫我…", "请帮我…", "麻烦你…" (help me, please). */
const cjkLeadIn = /^(?:請|请)?(?:你)?(?:幫我|帮我|幫忙|帮忙|麻煩你?|麻烦你?)(?:一下)?[，,\s]*/u;

function withoutLeadIn(sentence: string): string {
	const cjk = sentence.replace(cjkLeadIn, '');
	if (cjk !== sentence && cjk.length >= 4) return cjk;
	const rest = sentence.replace(leadIn, '');
	return rest !== sentence && (rest.match(/\p{L}[\p{L}\p{N}'’_-]*/gu) ?? []).length >= 3 ? rest : sentence;
}

/** Sentences of templates and standing instructions: the same in every session, never its subject. */
const boilerplate =
	/^(?:(?:\**(?:Situation|Context|Role)\**\s+)?You are (?:a|an) (?:senior |expert |experienced |world-class |helpful )?[\w -]{2,60}?(?:\s(?:with|who|working|specializ\w*|in)\b|$)|Act as (?:a|an) |You \**MUST\**\s+consider the user input|\$ARGUMENTS\b|(?:The )?user input to you can be provided directly|Caveat:|IMPORTANT:\s*(?:this context|you must)|Please analy[sz]e this codebase and create a CLAUDE\.md|[\p{L} ]{1,30}:\s*<?https?:\/\/\S+$)/iu;
const errorPattern = /^(?:[\w.]*(?:Error|Exception|Panic|Failure)\b:?\s.{3,}|error(?:\[E\d+\])?:\s.{3,}|fatal:\s.{3,}|panic:\s.{3,}|FAILED\s.{3,}|npm ERR!\s.{3,})$/u;

/** A web server's log line of a request that failed ("GET /videos/clip.mp4 404 in 60ms", "POST /api/login 500"). */
const failedHttpRequest = /(?:^|[\s"])(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/\S*(?:\s+HTTP\/[\d.]+)?"?\s+[45]\d\d\b/u;

/** The most telling line of a pasted log or stack trace: its last `SomethingError: …` line, else its first error or failed request. */
function errorLine(text: string): string | undefined {
	let found: string | undefined;
	for (const raw of text.split('\n')) {
		const line = raw.trim();
		if (line.length <= 200 && (errorPattern.test(line) || failedHttpRequest.test(line))) found ??= line;
		if (/^\w*(?:Error|Exception)\b:\s/u.test(line)) found = line;
	}
	return found?.replace(/\s+/gu, ' ');
}
