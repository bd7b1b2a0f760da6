import path from 'node:path';
import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {naiveUtc} from './dates.js';
import {addTokens, isObject, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * A Trae Agent trajectory (ByteDance's `trae-cli run`, which writes
 * `trajectories/trajectory_<YYYYMMDD_HHMMSS>.json` in the folder it runs in; followed:
 * bytedance/trae-agent e839e55, trae_agent/utils/trajectory_recorder.py): `{task, start_time,
 * end_time, provider, model, max_steps, llm_interactions, agent_steps, success, final_result,
 * execution_time}`, each step `{step_number, timestamp, state, llm_messages, llm_response:
 * {content, model, finish_reason, usage, tool_calls}, tool_calls, tool_results: [{call_id, success,
 * result, error}], reflection, error}`. The task is the person's one request; the user messages a
 * step sends after it are the agent's own nudges ("It seems that you have not completed the
 * task."). `llm_interactions` repeat the steps' requests and answers whole: not read again. Its
 * times carry no zone (Python's local `datetime.now()`): read as UTC. Trae Agent has no sessions
 * to resume; the Trae IDE's chats are kept elsewhere (not read).
 */

/** The working copy Trae Agent was pointed at, as its first request to the model names it. */
const projectRoot = /\[Project root path\]:\s*\n([^\n]+)/u;

class TraeSteps {
	readonly conversation = new ConversationBuilder('trae-agent');
	readonly edited = new Set<string>();
	commits = 0;
	tokens: ReturnType<typeof tokenCounts>;
	project: string | undefined;

	constructor(private readonly task: string) {}

	step(step: Json): void {
		this.conversation.time(naiveUtc(step.timestamp));
		for (const message of Array.isArray(step.llm_messages) ? step.llm_messages.filter(isObject) : []) this.sent(message);
		const response = isObject(step.llm_response) ? step.llm_response : {};
		this.conversation.model(response.model);
		if (isObject(response.usage)) {
			const usage = response.usage;
			this.tokens = addTokens(this.tokens, tokenCounts({input: usage.input_tokens, output: usage.output_tokens, cache_read: usage.cache_read_input_tokens, cache_write: usage.cache_creation_input_tokens}));
		}
		const answer: Block[] = [];
		const said = text(response.content);
		if (said) answer.push({role: 'assistant', kind: 'prose', text: said});
		const commands = new Map<string, string>();
		for (const call of Array.isArray(step.tool_calls) ? step.tool_calls.filter(isObject) : []) {
			const name = text(call.name) ?? 'tool';
			const input = isObject(call.arguments) ? call.arguments : call.arguments;
			if (!(isObject(input) && input.command === 'view')) for (const file of filesEditedBy(name, input)) this.edited.add(file);
			if (/bash|shell/iu.test(name)) commands.set(String(call.call_id ?? ''), shellCommand(input));
			answer.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, input)});
		}
		this.conversation.answer(answer);
		const results: Block[] = [];
		for (const result of Array.isArray(step.tool_results) ? step.tool_results.filter(isObject) : []) {
			const failed = result.success === false;
			const output = [text(result.result), text(result.error)].filter(Boolean).join('\n');
			const command = commands.get(String(result.call_id ?? ''));
			if (command !== undefined) this.commits += commitsMade(command, output, failed);
			results.push({role: 'tool', kind: 'tool', text: toolOutputText(output, failed)});
		}
		this.conversation.toolResults(results);
		const notes = [text(step.reflection) ? `[reflection] ${String(step.reflection)}` : undefined, text(step.error) ? `[error] ${String(step.error)}` : undefined].filter((note): note is string => Boolean(note));
		if (notes.length > 0) this.conversation.system(notes.map((note) => ({role: 'system', kind: 'prose', text: note})));
	}

	/** What a step sent the model: the task (with the project root), the agent's nudges; tool results and the system prompt are elsewhere. */
	private sent(message: Json): void {
		const content = text(message.content);
		if (message.role !== 'user' || !content) return;
		this.project ??= projectRoot.exec(content)?.[1]?.trim();
		if (content.includes(this.task.trim())) return;
		this.conversation.system([{role: 'system', kind: 'prose', text: content}]);
	}
}

export function readTraeTrajectory(file: string, value: Json): ParsedSource | {reason: string} {
	const task = text(value.task);
	if (!task || !Array.isArray(value.agent_steps)) return {reason: 'is not a Trae Agent trajectory (no task and agent steps)'};
	const steps = new TraeSteps(task);
	const {conversation} = steps;
	conversation.time(naiveUtc(value.start_time));
	conversation.model(value.model);
	conversation.prompt([{role: 'user', kind: 'prose', text: task}]);
	for (const step of value.agent_steps) {
		if (isObject(step)) steps.step(step);
		else conversation.skipped++;
	}
	const final = text(value.final_result);
	if (final) conversation.answer([{role: 'assistant', kind: 'prose', text: final}]);
	conversation.time(naiveUtc(value.end_time));
	// Trae Agent writes its trajectories in `trajectories/` of the folder it ran in.
	const folder = path.dirname(file);
	const ranIn = path.basename(folder) === 'trajectories' ? path.dirname(folder) : undefined;
	return withSessionFacts(conversation.finish(), {tokens: steps.tokens, filesEdited: steps.edited, commits: steps.commits, project: steps.project ?? ranIn});
}
