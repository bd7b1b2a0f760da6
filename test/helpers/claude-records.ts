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

/**
 * Records of one session `sessionId` whose times advance a second per record from `start` (an ISO
 * time on the hour, e.g. '2026-11-03T10'): where the order of the work in time matters to a test.
 */
export function clockedSession(sessionId: string, start: string) {
	let clock = 0;
	const at = () => `${start}:${String(Math.floor(clock / 60) % 60).padStart(2, '0')}:${String(clock++ % 60).padStart(2, '0')}Z`;
	const user = (uuid: string, content: unknown) => ({type: 'user', uuid, sessionId, timestamp: at(), message: {role: 'user', content}});
	const assistant = (uuid: string, text: string) => ({type: 'assistant', uuid, sessionId, timestamp: at(), message: {role: 'assistant', model: 'claude-x', content: [{type: 'text', text}]}});
	const tool = (uuid: string, name: string, input: object) => ({type: 'assistant', uuid, sessionId, timestamp: at(), message: {role: 'assistant', model: 'claude-x', content: [{type: 'tool_use', id: `t-${uuid}`, name, input}]}});
	const result = (uuid: string, output: string) => user(`r-${uuid}`, [{type: 'tool_result', tool_use_id: `t-${uuid}`, content: output}]);
	/** `count` calls of tool `name` with `input`, each with its result. */
	const calls = (prefix: string, name: string, input: object, count: number) => Array.from({length: count}, (_, index) => [tool(`${prefix}${index}`, name, input), result(`${prefix}${index}`, 'ok')]).flat();
	return {user, assistant, tool, result, calls};
}
