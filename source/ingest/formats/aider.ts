import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';

/** `# aider chat started at 2025-12-24 16:45:52`: aider writes one when it starts (io.py). */
export const aiderSessionStart = /^# aider chat started at (\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d)?)\s*$/u;

/** Slash commands whose text is a request ("/ask why is this slow?"); the others are actions. */
const requestCommands = new Set(['/ask', '/code', '/architect', '/context', '/help']);
/** Of those, the ones that hand their text to a new chat, which logs it again as a `#### ` message. */
const echoedCommands = new Set(['/ask', '/code', '/architect', '/context']);
const sameText = (a: string, b: string) => a.replace(/\s+/gu, ' ') === b.replace(/\s+/gu, ' ');

/** What aider's own output lines say it did, for `Tools: Edit ×2, Commit` notes and the counts. */
function actionsOf(lines: readonly string[]): string[] {
	const tools: string[] = [];
	for (const line of lines) {
		if (/^Applied edit to \S/u.test(line)) tools.push('Edit');
		else if (/^Commit [0-9a-f]{7,}\b/u.test(line)) tools.push('Commit');
		else if (/^Running \S/u.test(line)) tools.push('Run');
	}
	return tools;
}

/**
 * A reasoning model served through aider (DeepSeek R1, Qwen3) writes its reasoning first, inside
 * `<think>` tags; aider 0.8x stores the reasoning it receives apart inside its own tag,
 * `<thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>` (aider/reasoning_tags.py `REASONING_TAG`).
 */
const leadingThought = /^<(think|thinking|reasoning|thinking-content-[0-9a-f]{32})>[ \t]*\n?([\s\S]*?)<\/\1>\s*/u;

function answerBlocks(text: string): Block[] {
	const thought = leadingThought.exec(text);
	if (!thought) return [{role: 'assistant', kind: 'prose', text}];
	const reasoning = thought[2]!.trim();
	const answer = text.slice(thought[0].length).trim();
	return [...(reasoning ? [{role: 'thinking', kind: 'thinking', text: reasoning} as const] : []), ...(answer ? [{role: 'assistant', kind: 'prose', text: answer} as const] : [])];
}

/** aider's own words for a failed request (aider/exceptions.py), before litellm's raw error line. */
const providerFailure = /^(?:The API provider\b|Model \S+ has hit a token limit)/u;
const litellmError = /^litellm\.(\w+(?:Error|Exception))\b[:\s]*(?:litellm\.\w+:\s*)?([^-\n]{0,100})/u;

/** The error a block of aider's output reports ("The API provider has rate limited you…"), if any. */
function failureOf(lines: readonly string[]): string | undefined {
	const own = lines.find((line) => providerFailure.test(line));
	if (own) return own.trim();
	const raw = lines.map((line) => litellmError.exec(line)).find(Boolean);
	return raw ? `${raw[1]}${raw[2]?.trim() ? `: ${raw[2].trim()}` : ''}` : undefined;
}

type Mode = 'none' | 'user' | 'output' | 'assistant';

/**
 * One session of an aider chat history (`.aider.chat.history.md`): `#### ` lines are what the
 * person typed (aider prefixes every line of a multi-line message, so consecutive ones are one
 * message; a slash command is an action, except the ones that ask something), `> ` lines are
 * aider's own output (commands it ran, edits it applied, errors, its startup banner naming the
 * model), and everything else is the assistant's answer, as aider's own history parser reads it.
 */
export class AiderSessionReader {
	private readonly conversation: ConversationBuilder;
	private mode: Mode = 'none';
	private lines: string[] = [];
	/** The text of the last `/ask`, `/code`… command, until the message that repeats it. */
	private echo: string | undefined;
	/** Whether this log keeps the two spaces aider ends each of its own lines with (an editor may strip them). */
	private keepsLineEnds = false;

	/** `start`: the time of its `# aider chat started at` line; none for lines before the first. */
	constructor(start: string | undefined, line: number, project?: string) {
		this.conversation = new ConversationBuilder('aider', line);
		if (start) this.conversation.time(factDate(start.replace(' ', 'T')));
		if (project) this.conversation.project(project);
	}

	private flush(): void {
		const lines = this.lines;
		this.lines = [];
		const mode = this.mode;
		this.mode = 'none';
		if (mode === 'user') this.user(lines.join('\n'));
		else if (mode === 'output') this.output(lines);
		else if (mode === 'assistant') {
			const text = lines.join('\n').trim();
			if (text) this.conversation.answer(answerBlocks(text));
		}
	}

	private user(text: string): void {
		const trimmed = text.trim();
		if (trimmed === '' || trimmed === '<blank>') {
			this.conversation.skipped++;
			return;
		}
		const echo = this.echo;
		this.echo = undefined;
		// `/code add a dark mode` is logged, then the same request again as the new chat's message.
		if (echo !== undefined && sameText(echo, trimmed)) return;
		const command = /^\/[a-z][\w-]*/u.exec(trimmed)?.[0];
		if (command && echoedCommands.has(command)) this.echo = trimmed.slice(command.length).trim();
		if (command && !requestCommands.has(command)) {
			const block: Block = {role: 'tool_call', kind: 'tool', text: trimmed, tools: [command]};
			this.conversation.answer([block]);
			return;
		}
		this.conversation.prompt([{role: 'user', kind: 'prose', text: trimmed}]);
	}

	private output(lines: string[]): void {
		for (const line of lines) {
			// "Model: x with …", "Main model: x …", and aider 0.4x–0.5x's "Models: x with …, weak model y".
			const model = /^(?:Main model|Models?): (\S+)/u.exec(line);
			if (model) this.conversation.model(model[1]);
		}
		const text = lines.join('\n').trim();
		if (text) this.conversation.toolResults([{role: 'tool', kind: 'tool', text, tools: actionsOf(lines)}]);
		const error = failureOf(lines);
		if (error) this.conversation.system([{role: 'system', kind: 'prose', text: `[error] ${error}`}]);
	}

	push(line: string): void {
		// aider ends every line it writes for the person or for itself with two spaces, never the
		// model's answer: a "#### Step 1" heading inside an answer is the answer's.
		const ownLine = line.endsWith('  ');
		// Only a request line says so: aider 0.50–0.52 ended its `> ` notes with two spaces, not its `####` requests.
		if (ownLine && line.startsWith('####')) this.keepsLineEnds = true;
		const userLine = (line.startsWith('#### ') || line === '####') && (ownLine || !this.keepsLineEnds);
		const mode: Mode = userLine ? 'user' : line.startsWith('> ') || line === '>' ? 'output' : line.trim() === '' ? (this.mode === 'assistant' ? 'assistant' : 'none') : 'assistant';
		if (mode !== this.mode) this.flush();
		this.mode = mode;
		if (mode === 'user') this.lines.push(line.slice(5).replace(/ {2}$/u, ''));
		else if (mode === 'output') this.lines.push(line.slice(2).replace(/ {2}$/u, ''));
		else if (mode === 'assistant') this.lines.push(line);
	}

	get isEmpty(): boolean {
		return this.conversation.isEmpty && this.lines.length === 0;
	}

	finish(): ParsedSource {
		this.flush();
		return this.conversation.finish();
	}
}
