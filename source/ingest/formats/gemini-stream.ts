import type {ParsedSource, SourceProblem} from '../model.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import type {ItemSource} from '../../store/interchange.js';
import {ConversationBuilder, withSessionId} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonLine} from './json-line.js';
import {toolCallText, toolOutputText} from './tool-text.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A Gemini CLI `--output-format stream-json` log: `init` (session id, model), `message` (user or
 * assistant; assistant text arrives as `delta` chunks that are joined), `tool_use` (tool_name,
 * parameters), `tool_result` (status, output or error), `error` (warnings and errors) and `result`
 * (final status and stats).
 */
export class GeminiStreamReader {
	private readonly conversation: ConversationBuilder;
	private pending: string[] = [];
	sessionId: string | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		line?: number,
	) {
		this.conversation = new ConversationBuilder('gemini-cli', line);
	}

	/** Joined delta chunks become one assistant message when something else happens. */
	private flush(): void {
		if (this.pending.length === 0) return;
		const text = this.pending.join('');
		this.pending = [];
		if (text.trim()) this.conversation.answer([{role: 'assistant', kind: 'prose', text}]);
	}

	push(text: string, line: number): void {
		const parsed = parseJsonLine(text, line, this.problems);
		if (!parsed) return;
		const event = parsed.value;
		if (!isObject(event) || typeof event.type !== 'string') {
			this.problems.push({line, reason: `line ${line} is not a stream-json event (an object with a "type")`});
			return;
		}
		this.conversation.time(factDate(event.timestamp));
		switch (event.type) {
			case 'init':
				if (typeof event.session_id === 'string') this.sessionId ??= event.session_id;
				this.conversation.model(event.model);
				this.conversation.project(event.cwd);
				return;
			case 'message':
				this.message(event);
				return;
			case 'tool_use':
				this.flush();
				for (const file of filesEditedBy(String(event.tool_name ?? ''), event.parameters)) this.edited.add(file);
				this.conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(String(event.tool_name ?? 'tool'), event.parameters)}]);
				return;
			case 'tool_result': {
				this.flush();
				const error = isObject(event.error) && typeof event.error.message === 'string' ? event.error.message : undefined;
				const output = typeof event.output === 'string' ? event.output : '';
				const failed = event.status === 'error';
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText([output, error].filter(Boolean).join('\n') || String(event.status ?? ''), failed)}]);
				return;
			}
			case 'error':
				this.flush();
				if (typeof event.message === 'string') this.conversation.system([{role: 'system', kind: 'prose', text: `[${String(event.severity ?? 'error')}] ${event.message}`}]);
				return;
			case 'result':
				this.flush();
				if (isObject(event.stats)) this.stats = event.stats;
				if (isObject(event.error) && typeof event.error.message === 'string') this.conversation.system([{role: 'system', kind: 'prose', text: `[error] ${event.error.message}`}]);
				else this.conversation.skipped++;
				return;
			default:
				this.conversation.skipped++;
		}
	}

	private stats: Json | undefined;
	private readonly edited = new Set<string>();

	private message(event: Json): void {
		const content = typeof event.content === 'string' ? event.content : '';
		if (event.role === 'assistant') {
			this.pending.push(content);
			// A whole (non-delta) message stands alone.
			if (event.delta !== true) this.flush();
			return;
		}
		this.flush();
		if (event.role === 'user') this.conversation.prompt([{role: 'user', kind: 'prose', text: content}]);
		else this.conversation.system([{role: 'system', kind: 'prose', text: content}]);
	}

	finish(): ParsedSource {
		this.flush();
		return withSessionFacts(withSessionId(this.conversation.finish(), this.sessionId), {tokens: streamTokens(this.stats), filesEdited: this.edited});
	}
}

/** The session id of a stream-json log, from its `init` event. */
export function geminiStreamSessionId(head: string): string | undefined {
	const init = /\{[^\n]*"type"\s*:\s*"init"[^\n]*/u.exec(head)?.[0];
	return init ? /"session_id"\s*:\s*"([^"\\]{1,200})"/u.exec(init)?.[1] : undefined;
}

/** The `result` event's stats (`input_tokens` counts the `cached` part too, given apart here). */
function streamTokens(stats: Json | undefined): ItemSource['tokens'] {
	if (!stats) return undefined;
	const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
	if (typeof stats.input_tokens !== 'number' && typeof stats.output_tokens !== 'number') return undefined;
	const cached = n(stats.cached);
	return {input: Math.max(0, n(stats.input_tokens) - cached), output: n(stats.output_tokens), cache_read: cached};
}
