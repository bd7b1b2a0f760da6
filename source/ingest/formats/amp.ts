import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {addTokens, filePath, isObject, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * An Amp thread (Sourcegraph's ampcode): `~/.local/share/amp/threads/T-<uuid>.json`
 * (`$XDG_DATA_HOME/amp`), one JSON document per thread, and the VS Code extension's older
 * `globalStorage/sourcegraph.amp/threads3/`. Amp is closed source: the shape is taken from real
 * threads (workriar/cortinasbras, fixtures/agents/amp/README.md) and the Anthropic-style blocks
 * they hold. `{v, id: "T-…", created (ms), title, messages, env: {initial: {trees: [{uri,
 * repository}], platform: {client, clientVersion}}}, usageLedger, agentMode, relationships}`;
 * each message `{role: user|assistant, messageId, content, meta: {sentAt}, usage: {model,
 * inputTokens, outputTokens, cacheCreationInputTokens, cacheReadInputTokens}, state}`; blocks
 * text, thinking, redacted_thinking, image, tool_use `{id, name, input}` and tool_result
 * `{toolUseID, run: {status: done|error|cancelled|rejected-by-user|…, result, error}}` in a user
 * message. A thread holds no cost in money (its `credits` are Amp's own unit).
 */

/** Whether a JSON value is an Amp thread. */
export function isAmpThread(value: unknown): boolean {
	return isObject(value) && typeof value.id === 'string' && /^T-[\da-f-]{8,}$/iu.test(value.id) && Array.isArray(value.messages) && ('v' in value || 'created' in value);
}

/** The thread id from the start of its file, for the item id. */
export function ampThreadId(head: string): string | undefined {
	return /^\s*\{[^{}]*?"id"\s*:\s*"(T-[\da-fA-F-]{8,80})"/u.exec(head.slice(0, 4096))?.[1];
}

interface Thread {
	conversation: ConversationBuilder;
	edited: Set<string>;
	commands: Map<string, string>;
	commits: number;
	tokens: ReturnType<typeof tokenCounts>;
}

function runText(run: unknown): {output: string; failed: boolean} {
	if (!isObject(run)) return {output: '', failed: false};
	const status = typeof run.status === 'string' ? run.status : 'done';
	const failed = status !== 'done';
	if (isObject(run.error)) return {output: text(run.error.message) ?? toolResultText(run.error), failed: true};
	const result = run.result;
	if (isObject(result) && typeof result.output === 'string') {
		const exit = typeof result.exitCode === 'number' && result.exitCode !== 0 ? `[exit code ${result.exitCode}]\n` : '';
		return {output: `${exit}${result.output}`, failed: failed || exit !== ''};
	}
	const output = toolResultText(result);
	return {output: output || (failed ? `[${status}]` : ''), failed};
}

function userMessage(message: Json, thread: Thread): void {
	const said: Block[] = [];
	const results: Block[] = [];
	for (const block of Array.isArray(message.content) ? message.content : []) {
		if (!isObject(block)) continue;
		if (block.type === 'text' && text(block.text)) said.push({role: 'user', kind: 'prose', text: String(block.text)});
		else if (block.type === 'image') said.push({role: 'user', kind: 'prose', text: '[image]'});
		else if (block.type === 'tool_result') {
			const {output, failed} = runText(block.run);
			const command = thread.commands.get(String(block.toolUseID));
			if (command) thread.commits += commitsMade(command, output, failed);
			results.push({role: 'tool', kind: 'tool', text: toolOutputText(output, failed)});
		} else thread.conversation.skipped++;
	}
	thread.conversation.prompt(said);
	thread.conversation.toolResults(results);
}

function assistantMessage(message: Json, thread: Thread): void {
	const blocks: Block[] = [];
	for (const block of Array.isArray(message.content) ? message.content : []) {
		if (!isObject(block)) continue;
		if (block.type === 'text' && text(block.text)) blocks.push({role: 'assistant', kind: 'prose', text: String(block.text)});
		else if (block.type === 'thinking' && text(block.thinking)) blocks.push({role: 'thinking', kind: 'thinking', text: String(block.thinking)});
		else if (block.type === 'tool_use') {
			const name = String(block.name ?? 'tool');
			for (const file of filesEditedBy(name, block.input)) thread.edited.add(file);
			const command = shellCommand(block.input);
			if (command && typeof block.id === 'string') thread.commands.set(block.id, command);
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, block.input)});
		} else thread.conversation.skipped++;
	}
	if (isObject(message.usage)) {
		const usage = message.usage;
		thread.conversation.model(usage.model);
		thread.tokens = addTokens(thread.tokens, tokenCounts({input: usage.inputTokens, output: usage.outputTokens, cache_read: usage.cacheReadInputTokens, cache_write: usage.cacheCreationInputTokens}));
	}
	thread.conversation.answer(blocks);
}

/** The folder the thread ran in: its first tree's `file://` URI. */
function projectOf(value: Json): string | undefined {
	const initial = isObject(value.env) && isObject(value.env.initial) ? value.env.initial : undefined;
	const tree = Array.isArray(initial?.trees) ? initial.trees.find(isObject) : undefined;
	return filePath(tree?.uri);
}

export function readAmpThread(_file: string, value: unknown, _problems: SourceProblem[]): ParsedSource | {reason: string} {
	if (!isAmpThread(value)) return {reason: 'is not an Amp thread (a JSON object with an id "T-…" and messages)'};
	const record = value as Json;
	const thread: Thread = {conversation: new ConversationBuilder('amp'), edited: new Set(), commands: new Map(), commits: 0, tokens: undefined};
	thread.conversation.time(factDate(record.created));
	thread.conversation.project(projectOf(record));
	for (const message of record.messages as unknown[]) {
		if (!isObject(message)) continue;
		if (isObject(message.meta)) thread.conversation.time(factDate(message.meta.sentAt));
		if (message.role === 'user') userMessage(message, thread);
		else if (message.role === 'assistant') assistantMessage(message, thread);
		else thread.conversation.skipped++;
	}
	const ledger = isObject(record.usageLedger) && Array.isArray(record.usageLedger.events) ? record.usageLedger.events : [];
	for (const event of ledger) if (isObject(event)) thread.conversation.time(factDate(event.timestamp));
	return withSessionFacts(thread.conversation.finish(), {
		sessionId: String(record.id),
		agentTitle: text(record.title),
		tokens: thread.tokens,
		filesEdited: thread.edited,
		commits: thread.commits,
	});
}
