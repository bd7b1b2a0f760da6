import {ClaudeCodeReader} from '../../source/ingest/formats/claude-code.js';
import type {ParsedSource} from '../../source/ingest/model.js';

// Claude Code JSONL records as tests write them: one session `s-1`, a request at 10:00, answers at 10:01, tools at 10:02.

/** The session these records make, read as the pipeline reads a file's lines. */
export const claude = (records: object[]): ParsedSource => {
	const reader = new ClaudeCodeReader([]);
	records.forEach((record, index) => reader.push(JSON.stringify(record), index + 1));
	return reader.finish();
};
export const user = (uuid: string, content: unknown) => ({type: 'user', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:00:00Z', message: {role: 'user', content}});
export const assistant = (uuid: string, text: string) => ({type: 'assistant', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:01:00Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'text', text}]}});
export const tool = (uuid: string, name: string, input: object) => ({type: 'assistant', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:02:00Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'tool_use', id: `t-${uuid}`, name, input}]}});
/** The result of tool call `uuid`; `failed` marks it as the tool's error. */
export const result = (uuid: string, output: string, failed = false) => user(`r-${uuid}`, [{type: 'tool_result', tool_use_id: `t-${uuid}`, content: output, ...(failed ? {is_error: true} : {})}]);
