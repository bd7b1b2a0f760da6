import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {count, isObject, text, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A DeepSeek TUI session (`~/.deepseek/sessions/<id>.json`; followed: Hmbown/DeepSeek-TUI 0.8.40,
 * 1ca495f, crates/tui/src/session_manager.rs and models.rs): `{schema_version, metadata: {id,
 * title, created_at, updated_at, message_count, total_tokens, model, workspace, mode, cost:
 * {session_cost_usd, subagent_cost_usd, …}, parent_session_id?}, messages, system_prompt,
 * context_references?, artifacts?}`, each message `{role, content: [block]}` with Anthropic-style
 * blocks: text, thinking, tool_use, tool_result (in the user's message), server_tool_use,
 * tool_search_tool_result, code_execution_tool_result. Older versions put a `<turn_meta>` block
 * (date, workspace listing) before the person's words, and titled the session by its first line;
 * DeepSeek TUI shows the words after it (`extract_user_prompt`), so does drill.
 */

const turnMeta = /^\s*<turn_meta>([\s\S]*?)(?:<\/turn_meta>|$)/u;

/** The title DeepSeek TUI shows: the stored one without a leading `<turn_meta>` block; its placeholders are none. */
function shownTitle(raw: unknown): string | undefined {
	const title = text(raw);
	if (!title) return undefined;
	const shown = title.startsWith('<turn_meta>') ? (title.includes('</turn_meta>') ? title.slice(title.indexOf('</turn_meta>') + '</turn_meta>'.length).trim() : '') : title;
	if (!shown || shown === 'New Session' || /^session-[\w-]+$/u.test(shown)) return undefined;
	return shown;
}

class DeepSeekSession {
	readonly conversation = new ConversationBuilder('deepseek-tui');
	readonly edited = new Set<string>();
	commits = 0;
	private readonly calls = new Map<string, {name: string; input: unknown}>();

	user(blocks: Json[]): void {
		const said: Block[] = [];
		const results: Block[] = [];
		for (const block of blocks) {
			if (block.type === 'text' && typeof block.text === 'string') {
				const meta = turnMeta.exec(block.text);
				if (meta) this.conversation.system([{role: 'system', kind: 'prose', text: meta[1]!.trim()}]);
				const words = meta ? block.text.slice(meta[0].length).trim() : block.text;
				if (words.trim()) said.push({role: 'user', kind: 'prose', text: words});
			} else if (block.type === 'tool_result') results.push(this.result(block));
			else this.conversation.skipped++;
		}
		this.conversation.toolResults(results);
		this.conversation.prompt(said);
	}

	private result(block: Json): Block {
		const output = typeof block.content === 'string' ? block.content : toolResultText(block.content_blocks ?? block.content);
		const failed = block.is_error === true;
		const call = this.calls.get(String(block.tool_use_id ?? ''));
		if (call && /shell|bash|exec|command/iu.test(call.name)) this.commits += commitsMade(shellCommand(call.input), output, failed);
		return {role: 'tool', kind: 'tool', text: toolOutputText(output, failed)};
	}

	assistant(blocks: Json[]): void {
		const answer: Block[] = [];
		const results: Block[] = [];
		for (const block of blocks) {
			if (block.type === 'text' && text(block.text)) answer.push({role: 'assistant', kind: 'prose', text: String(block.text)});
			else if (block.type === 'thinking' && text(block.thinking)) answer.push({role: 'thinking', kind: 'thinking', text: String(block.thinking)});
			else if (block.type === 'tool_use' || block.type === 'server_tool_use') {
				const name = String(block.name ?? 'tool');
				this.calls.set(String(block.id ?? ''), {name, input: block.input});
				for (const file of filesEditedBy(name, block.input)) this.edited.add(file);
				answer.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, block.input)});
			} else if (block.type === 'tool_search_tool_result' || block.type === 'code_execution_tool_result') results.push({role: 'tool', kind: 'tool', text: toolOutputText(toolResultText(block.content))});
			else this.conversation.skipped++;
		}
		this.conversation.answer(answer);
		this.conversation.toolResults(results);
	}
}

export function readDeepSeekSession(value: Json): ParsedSource | {reason: string} {
	const metadata = isObject(value.metadata) ? value.metadata : undefined;
	if (!metadata || !Array.isArray(value.messages)) return {reason: 'is not a DeepSeek TUI session (no metadata and messages)'};
	const session = new DeepSeekSession();
	const {conversation} = session;
	conversation.time(factDate(metadata.created_at));
	conversation.project(metadata.workspace);
	conversation.model(metadata.model);
	for (const message of value.messages) {
		if (!isObject(message)) {
			conversation.skipped++;
			continue;
		}
		const blocks = Array.isArray(message.content) ? message.content.filter(isObject) : typeof message.content === 'string' ? [{type: 'text', text: message.content}] : [];
		if (message.role === 'user') session.user(blocks);
		else if (message.role === 'assistant') session.assistant(blocks);
		else conversation.skipped++;
	}
	conversation.time(factDate(metadata.updated_at));
	const cost = isObject(metadata.cost) ? (count(metadata.cost.session_cost_usd) ?? 0) + (count(metadata.cost.subagent_cost_usd) ?? 0) : undefined;
	return withSessionFacts(conversation.finish(), {
		sessionId: text(metadata.id),
		agentTitle: shownTitle(metadata.title),
		filesEdited: session.edited,
		commits: session.commits,
		parentSession: text(metadata.parent_session_id),
		costUsd: cost,
	});
}

/** The session id from the head of the file (`"metadata": {"id": …}`), for the item id. */
export function deepSeekSessionId(head: string): string | undefined {
	return /"metadata"\s*:\s*\{\s*"id"\s*:\s*"([^"\\]{1,200})"/u.exec(head.slice(0, 4096))?.[1];
}
