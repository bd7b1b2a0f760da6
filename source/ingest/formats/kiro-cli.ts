import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isObject, parsedJson, text, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A Kiro CLI session of 2.x and later: `~/.kiro/sessions/cli/<session id>.jsonl` with
 * `<session id>.json` beside it (`$KIRO_HOME` replaces `~/.kiro`; kiro.dev/docs/cli/chat/
 * session-management, read 2026-12-06). Kiro CLI is closed source since it left
 * aws/amazon-q-developer-cli and its docs describe no file format: the shape is taken from
 * readers written against many real sessions (aleung/kiro-session-index ksi/index.py at
 * 3620cf3; getagentseal/codeburn src/providers/kiro.ts at ed8fa3a). One record per line,
 * `{version, kind, data}`: Prompt and AssistantMessage (`data: {message_id, meta: {timestamp
 * (epoch seconds)}, content: [{kind: text, data}, {kind: thinking, data: {text, signature}},
 * {kind: toolUse, data: {toolUseId, name, input}}]}`), ToolResults (`data.results: {<tool use
 * id>: {tool: {kind: {BuiltIn: {<name>: …}}}, result: {Success | Error: …}}}`), Clear (the
 * conversation cleared) and Compaction (a copy of earlier messages). The `.json` beside it:
 * `{session_id, cwd, title, created_at, updated_at, parent_session_id, session_state:
 * {agent_name, rts_model_state: {model_info: {model_id, model_name}}}}`.
 */

/** Whether a JSON line is a record of a Kiro CLI session. */
export function isKiroCliRecord(value: unknown): boolean {
	return isObject(value) && typeof value.kind === 'string' && /^(?:Prompt|AssistantMessage|ToolResults|Clear|Compaction)$/u.test(value.kind) && isObject(value.data) && ('version' in value || 'message_id' in value.data || 'content' in value.data || 'results' in value.data);
}

export const kiroCliSessionId = (_head: string, file: string) => path.basename(file, '.jsonl');

function sidecarOf(file: string): Json {
	try {
		const value = parsedJson(readFileSync(file.replace(/\.jsonl$/u, '.json'), 'utf8'));
		return isObject(value) ? value : {};
	} catch {
		return {};
	}
}

/** A tool result's outcome: `{Success: …}` or `{Error: …}` (Rust's enum as serde writes it), else the value. */
function outcome(result: unknown): {output: string; failed: boolean} {
	if (isObject(result)) {
		for (const key of ['Success', 'Ok']) if (key in result) return {output: toolResultText(result[key]), failed: false};
		for (const key of ['Error', 'Err', 'Failure']) if (key in result) return {output: toolResultText(result[key]), failed: true};
	}
	return {output: toolResultText(result), failed: false};
}

export class KiroCliReader {
	private readonly conversation = new ConversationBuilder('kiro-cli');
	private readonly edited = new Set<string>();
	private readonly commands = new Map<string, string>();
	private commits = 0;

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		const data = isObject(record.data) ? record.data : {};
		if (isObject(data.meta)) this.conversation.time(factDate(data.meta.timestamp));
		const content = Array.isArray(data.content) ? data.content.filter(isObject) : [];
		switch (record.kind) {
			case 'Prompt':
				this.conversation.prompt(content.filter((item) => item.kind === 'text' && text(item.data)).map((item) => ({role: 'user', kind: 'prose', text: String(item.data)})));
				return;
			case 'AssistantMessage':
				this.assistant(content);
				return;
			case 'ToolResults':
				this.results(data);
				return;
			case 'Clear':
				this.conversation.system([{role: 'system', kind: 'prose', text: '[conversation cleared]'}]);
				return;
			default:
				// Compaction: a copy of messages already read.
				this.conversation.skipped++;
		}
	}

	private assistant(content: Json[]): void {
		const blocks: Block[] = [];
		for (const item of content) {
			const data = isObject(item.data) ? item.data : {};
			if (item.kind === 'text' && text(item.data)) blocks.push({role: 'assistant', kind: 'prose', text: String(item.data)});
			else if (item.kind === 'thinking' && text(data.text)) blocks.push({role: 'thinking', kind: 'thinking', text: String(data.text)});
			else if (item.kind === 'toolUse') {
				const name = String(data.name ?? 'tool');
				for (const file of filesEditedBy(name, data.input)) this.edited.add(file);
				const command = shellCommand(data.input);
				if (command && typeof data.toolUseId === 'string') this.commands.set(data.toolUseId, command);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, data.input)});
			}
		}
		this.conversation.answer(blocks);
	}

	private results(data: Json): void {
		const blocks: Block[] = [];
		for (const [id, value] of Object.entries(isObject(data.results) ? data.results : {})) {
			if (!isObject(value)) continue;
			const {output, failed} = outcome(value.result);
			const command = this.commands.get(id);
			if (command) this.commits += commitsMade(command, output, failed);
			blocks.push({role: 'tool', kind: 'tool', text: toolOutputText(output, failed)});
		}
		this.conversation.toolResults(blocks);
	}

	finish(): ParsedSource {
		const sidecar = sidecarOf(this.file);
		const state = isObject(sidecar.session_state) ? sidecar.session_state : {};
		const model = isObject(state.rts_model_state) && isObject(state.rts_model_state.model_info) ? state.rts_model_state.model_info : {};
		this.conversation.project(sidecar.cwd);
		this.conversation.model(model.model_id ?? model.model_name);
		this.conversation.time(factDate(sidecar.created_at));
		return withSessionFacts(this.conversation.finish(), {
			sessionId: text(sidecar.session_id) ?? kiroCliSessionId('', this.file),
			agentTitle: text(sidecar.title),
			filesEdited: this.edited,
			commits: this.commits,
			parentSession: text(sidecar.parent_session_id),
		});
	}
}

/** A session's `<id>.json`, read with its `<id>.jsonl`. */
export function kiroCliCompanion(file: string): string | undefined {
	if (!file.endsWith('.json') || path.basename(path.dirname(file)) !== 'cli' || !existsSync(file.replace(/\.json$/u, '.jsonl'))) return undefined;
	return `is the metadata of a Kiro CLI session (its folder, title and model), read with ${path.basename(file, '.json')}.jsonl`;
}
