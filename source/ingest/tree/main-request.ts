import {toolsOf} from '../formats/conversation.js';
import {isRealRequest, withoutContext} from '../formats/requests.js';
import {changesFiles} from '../formats/session-facts.js';
import type {Block, Unit} from '../model.js';
import {termsOf} from '../../text/summary-words.js';
import {isGreeting, requestTitle} from './titles.js';

/**
 * Which of a session's requests it was about. Each real request is weighed by the work that
 * followed it (tool calls, edits, and how much the agent wrote and its tools returned), and a
 * request that only replies to the one before (a follow-up, an answer to the agent's question, a
 * pasted error) adds its work to that one's. Small talk never is the subject: greetings, asking
 * which model answers, `/exit`, "where did we leave off".
 */

export interface RequestWork {
	/** The request as typed, context an agent wrapped around it removed. */
	text: string;
	/** The request as a title (`requestTitle`), when it reads as one. */
	gist: string | undefined;
	tools: number;
	edits: number;
	/** Characters the agent wrote and its tools returned (each output counted up to 2 000). */
	chars: number;
	/** The first request of a subject: not a follow-up to the request before it. */
	opensSubject: boolean;
	/** An agent's `/init` prompt (`isInitTemplate`), not the person's words. */
	template: boolean;
}

export interface MainRequest {
	request: RequestWork;
	/** Requests on subjects of their own besides the main one. */
	others: number;
	/** Whether the last request is on another subject than the main one. */
	lastIsOther: boolean;
	/** Every request, in order. */
	requests: RequestWork[];
}

/** Asking which model or agent answers ("what llm are you?", "who are you"): no work follows. */
const modelQuestion = /^(?:(?:hi|hey|hello)[\s,!.]+)?(?:(?:what|which)\s+(?:llm|model|ai|language model|version of \w+)(?:\s+(?:are|is)\s+(?:you|this|it))?(?:\s+using)?|(?:what|who) are you|are you (?:claude|gpt[\w.-]*|gemini|codex|an? (?:ai|llm|bot|human))|what(?:['’]s| is) your (?:model|name))[\s?!.]*$/iu;
/** The same asked in another language ("hola que modelo sos?", "qual modelo você é?", "你是什么模型"). */
const otherModelQuestion = /^(?:(?:hola|oi|olá|ola|bonjour|salut|hallo|ciao|你好|您好|こんにちは|안녕(?:하세요)?)[\s,!.，！]*)?(?:¿\s*)?(?:(?:qu[eé]|cu[aá]l|qual|quel|quale|welches)\s+(?:(?:es|é|est|ist)\s+)?(?:(?:o|el|le|tu|ton|seu|su|dein)\s+)?(?:modelo|modèle|modello|modell)(?:\s+(?:de\s+)?(?:ia|ai|lenguaje|linguagem|langage))?(?:\s+(?:sos|eres|es|usas|utilizas|você é|voce é|vc é|é você|é|es-tu|êtes-vous|utilises-tu|sei|bist du|usted es))?|qui[eé]n (?:sos|eres|es usted)|quem (?:é você|é voce|és tu)|qui es-tu|qui êtes-vous|wer bist du|chi sei|你是(?:谁|誰|什么模型|什麼模型|哪个模型|哪個模型)|あなたは(?:誰|だれ|何)(?:ですか)?|(?:너는|넌|당신은) (?:누구|무슨 모델)(?:야|니|입니까|인가요|이야)?)[\s?？!！.。]*$/iu;
/** A session command with nothing after it: `/exit`, `/clear`, `/model`. */
const bareCommand = /^\/(?:exit|quit|clear|compact|resume|model|cost|status|init|help|login|logout|config|memory|doctor|bug|permissions|context|usage)\s*$/iu;
/** Picking up an earlier session ("where did we leave off?"): the subject is what follows. */
const resumption = /^(?:(?:ok(?:ay)?|so|hi|hey)[\s,!.]+)?(?:(?:can|could|shall) (?:we|you) |let['’]?s )?(?:(?:continue|resume|pick up|carry on)(?: (?:from|with))? where (?:we|you|i) (?:left|stopped)(?: off)?|where (?:did|were) we(?: leave| left| stop(?:ped)?)?(?: off)?|i accident(?:al)?ly closed you\b.*|we (?:were|was) working on (?:this|that|it|something)\b.*|(?:continue|resume) (?:the |our )?(?:last|previous) (?:session|task|conversation))[\s?!.]*$/iu;

/** An agent's own yes/no question answered in the person's place (aider's "Add file to the chat? (Y)es/(N)o…"). */
const confirmation = /\(Y\)es\/\(N\)o/u;

/**
 * An agent's `/init` prompt, the same in every session that ran it: Crush's "Please analyze this
 * codebase and create a **CRUSH.md** file containing:", Claude Code's CLAUDE.md, OpenCode's
 * AGENTS.md, Codex's "Generate a file named AGENTS.md that serves as a contributor guide…".
 */
const initTemplate = /^[`*\s]*(?:please )?(?:analy[sz]e this (?:codebase|repository|project) and (?:create|generate|update) an? \**[\w.-]+\.md\b|generate a file named \**AGENTS\.md\b)/iu;
export const isInitTemplate = (text: string) => initTemplate.test(text);

/** Requests that never name a session's subject: greetings, model questions, bare commands, resumptions, confirmations. */
export function isSmallTalk(text: string): boolean {
	const trimmed = text.trim();
	return isGreeting(trimmed) || bareCommand.test(trimmed) || confirmation.test(trimmed) || (trimmed.split(/\s+/u).length <= 12 && (modelQuestion.test(trimmed) || otherModelQuestion.test(trimmed) || resumption.test(trimmed)));
}

/**
 * A request shares at least this many words with the subject it follows (its requests, the agent's
 * answers and tool calls): it follows up on it. One that shares fewer, and has `newSubjectWords`
 * words or more, opens a subject of its own, unless it answers a question the agent just asked.
 */
const sharedWords = 2;
const newSubjectWords = 8;
/** The first subject stays the session's unless it was a short question that led to under this share of the work and another subject to over `mainShare`. */
const firstShare = 0.1;
const mainShare = 0.5;
const shortQuestionWords = 15;
/** A question answered with no tool call is in passing when it led to under this share of the heaviest subject's work. */
const answeredShare = 1 / 3;
const outputChars = 2000;

/** A gist of three words or more (four CJK letters) names a subject; "Restart" does not. */
const namesSubject = (request: RequestWork) => request.gist !== undefined && (request.gist.split(/\s+/u).length >= 3 || (request.gist.match(cjkLetter)?.length ?? 0) >= 4);
const cjkLetter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

const weight = (request: RequestWork) => request.tools + 2 * request.edits + request.chars / 2000;

function promptOf(unit: Unit): string | undefined {
	if (!unit.opensTurn) return undefined;
	// An editor's or hook's notice can come first in the same prompt: the request is the block that is one.
	const prompt = unit.blocks.find((block) => block.role === 'user' && block.kind === 'prose' && isRealRequest(block.text));
	return prompt ? withoutContext(prompt.text).trim() : undefined;
}

function addWork(request: RequestWork, block: Block): void {
	if (block.role === 'tool_call') {
		request.tools++;
		if (toolsOf(block).some(changesFiles)) request.edits++;
		request.chars += Math.min(block.text.length, outputChars);
	} else if (block.role === 'tool') request.chars += Math.min(block.text.length, outputChars);
	else if (block.role === 'assistant' && block.kind === 'prose') request.chars += block.text.length;
}

/** The session's requests with the work each led to, in order. */
export function requestsWithWork(units: Iterable<Unit>): RequestWork[] {
	const requests: RequestWork[] = [];
	/** The words of the current subject: its requests, the agent's answers and tool calls. */
	let subject = new Set<string>();
	let current: RequestWork | undefined;
	/** Whether the agent's last answer asked the person something ("Which key should open it?"). */
	let asked = false;
	const learn = (text: string) => {
		for (const term of termsOf(text.slice(0, 2000))) subject.add(term);
	};
	for (const unit of units) {
		const text = promptOf(unit);
		if (text !== undefined && !isSmallTalk(text)) {
			const terms = new Set(termsOf(text));
			const shared = [...terms].filter((term) => subject.has(term)).length;
			const words = text.split(/\s+/u).filter(Boolean).length;
			const template = isInitTemplate(text);
			// The request after an `/init` prompt is the person's own: it opens a subject, however many words it shares with the file the prompt had written.
			const opensSubject = current === undefined || current.template !== template || (words >= newSubjectWords && shared < sharedWords && !asked);
			if (opensSubject) subject = new Set();
			current = {text, gist: requestTitle(text), tools: 0, edits: 0, chars: 0, opensSubject, template};
			requests.push(current);
			learn(text);
		}
		for (const block of unit.blocks) {
			if (!current || (text !== undefined && block.role === 'user')) continue;
			addWork(current, block);
			if ((block.role === 'assistant' && block.kind === 'prose') || block.role === 'tool_call') learn(block.text);
			if (block.role === 'assistant' && block.kind === 'prose') asked = /[?？]\s*$/u.test(block.text.trim());
			else if (block.role === 'tool_call') asked = false;
		}
	}
	return requests;
}

const wordsOf = (text: string) => text.split(/\s+/u).filter(Boolean).length;

/** A question of a few words ("whats my localhost address", "what llm are you?"): a request that ends in a question mark is longer. */
const quickQuestionWords = 6;
const isQuickQuestion = (text: string) => isShortQuestion(text) && wordsOf(text) <= quickQuestionWords;

/** An error message pasted as a request ("ERROR: Invalid value for [--tag]"): it opens a subject, but it names no session in a question's place. */
const pastedError = /^\[?(?:error|fatal|exception|traceback|panic|warning|failed)\b/iu;
/** A shell prompt pasted with what it printed ("jun@cloudshell:~/app$ gcloud builds submit …"). */
const shellPrompt = /^[\w.-]+@[\w.-]+:[^\n]*?[$#]\s/u;
const isPastedError = (request: RequestWork) => pastedError.test(request.text.trim()) || shellPrompt.test(request.text.trim()) || pastedError.test(request.gist ?? '');

/** A question asked in passing ("what's my localhost address?"), not work to do. */
const isShortQuestion = (text: string) => text.split(/\s+/u).length <= shortQuestionWords && (/[?？]\s*$/u.test(text) || /^(?:what|what['’]s|whats|which|who|where|when|why|how|is|are|do|does|can|could)\b/iu.test(text));

/**
 * The request a session was about: the first subject (with its follow-ups) unless that was a short
 * question that led to under a tenth of the work (or, answered with no tool call, to under a third
 * of the heaviest subject's) while another subject led to over half of it (a question answered in
 * passing, "what's my localhost address?", before the work). Undefined for a session with no real request.
 */
export function mainRequest(units: Iterable<Unit>): MainRequest | undefined {
	const requests = requestsWithWork(units);
	const subjects: Array<{opening: RequestWork; work: number; requests: RequestWork[]}> = [];
	for (const request of requests) {
		if (request.opensSubject || subjects.length === 0) subjects.push({opening: request, work: 0, requests: []});
		const subject = subjects.at(-1)!;
		subject.work += weight(request);
		subject.requests.push(request);
		// A subject opened by pasted output, a template or a word or two ("restart") is named by its first request that reads as a title.
		if (!namesSubject(subject.opening) && namesSubject(request)) subject.opening = request;
	}
	// An `/init` prompt names the session only when nothing the person asked besides led to a tool call.
	const own = subjects.filter((subject) => !subject.opening.template);
	const choices = own.some((subject) => subject.requests.some((request) => request.tools > 0)) ? own : subjects;
	const named = choices.filter((subject) => subject.opening.gist !== undefined);
	if (named.length === 0) return choices[0] ? {request: choices[0].opening, others: subjects.length - 1, lastIsOther: subjects.at(-1) !== choices[0], requests} : undefined;
	const total = choices.reduce((sum, subject) => sum + subject.work, 0);
	const first = named[0]!;
	const heaviest = named.reduce((best, subject) => (subject.work > best.work ? subject : best), first);
	const passing = isShortQuestion(first.opening.text) && !isShortQuestion(heaviest.opening.text);
	// A question answered without a tool call is in passing when the work it led to is small beside the main subject's, however little work the session did in all.
	const answeredOnly = first.requests.every((request) => request.tools === 0);
	const small = first.work / total < firstShare || (answeredOnly && first.work < heaviest.work * answeredShare);
	// A short opening question ("whats my localhost address") is in passing when a later request led to more work than it did.
	const outweighed = heaviest !== first && heaviest.work > first.work && isQuickQuestion(first.opening.text) && !isPastedError(heaviest.opening);
	const main = passing && total > 0 && ((small && heaviest.work / total > mainShare) || outweighed) ? heaviest : first;
	return {request: workedRequest(main), others: subjects.length - 1, lastIsOther: subjects.at(-1) !== main, requests};
}

/** A request that led to at least this share of its subject's work names it when the subject opened with a question asked in passing. */
const workedShare = 0.3;

/**
 * The request that names a subject: its opening, unless that was a short question that led to
 * under a tenth of the subject's work ("what folder are you in?") and a later request of it (a
 * sentence long, not a question in passing, followed by tool calls) led to most of the work. The
 * requests after such a question share the words of its answer, so they join its subject, but the
 * work they led to names it. In a chat of questions alone the answers are the work: it keeps its first.
 */
function workedRequest(subject: {opening: RequestWork; work: number; requests: RequestWork[]}): RequestWork {
	const {opening, work, requests} = subject;
	if (work <= 0 || !isShortQuestion(opening.text)) return opening;
	const worked = requests.filter((request) => request.tools > 0 && namesSubject(request) && !isShortQuestion(request.text) && wordsOf(request.text) >= newSubjectWords && !isPastedError(request));
	const heaviest = worked.reduce<RequestWork | undefined>((best, request) => (best === undefined || weight(request) > weight(best) ? request : best), undefined);
	if (!heaviest) return opening;
	// The opening question led to a tenth of the work or less, or a later request led to more work than it did.
	const outweighed = isQuickQuestion(opening.text) && weight(heaviest) > weight(opening) && weight(heaviest) / work >= workedShare;
	return (weight(opening) / work < firstShare && weight(heaviest) / work >= workedShare) || outweighed ? heaviest : opening;
}
