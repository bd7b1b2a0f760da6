import {describe, expect, it} from 'vitest';
import {ClaudeCodeReader} from '../../source/ingest/formats/claude-code.js';
import {CodexReader} from '../../source/ingest/formats/codex.js';
import {GeminiStreamReader} from '../../source/ingest/formats/gemini-stream.js';
import type {ParsedSource} from '../../source/ingest/model.js';
import {usageBuckets} from '../../source/ingest/usage-buckets.js';

function feed(reader: {push(text: string, line: number): void; finish(): ParsedSource}, records: unknown[]): ParsedSource {
	records.forEach((record, index) => reader.push(JSON.stringify(record), index + 1));
	return reader.finish();
}

const strip = (buckets: ReturnType<typeof usageBuckets>) => buckets?.map(({usd, ...rest}) => ({...rest, priced: usd !== undefined}));

describe('usage per message', () => {
	it('Claude Code: a message streamed over several lines counts once, with its last (largest) output, at its first line\'s time; 1h cache writes priced as such', () => {
		const line = (id: string, at: string, output: number, model = 'claude-sonnet-4-5-20250929') => ({type: 'assistant', uuid: `${id}-${at}`, sessionId: 's', timestamp: at, message: {id, role: 'assistant', model, content: [{type: 'text', text: 'x'}], usage: {input_tokens: 3, output_tokens: output, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, cache_creation: {ephemeral_1h_input_tokens: 200, ephemeral_5m_input_tokens: 0}}}});
		const parsed = feed(new ClaudeCodeReader([]), [
			{type: 'user', uuid: 'u', sessionId: 's', timestamp: '2026-10-14T09:59:58.000Z', message: {role: 'user', content: 'go'}},
			line('msg_1', '2026-10-14T09:59:59.000Z', 0),
			line('msg_1', '2026-10-14T10:00:03.000Z', 8),
			line('msg_1', '2026-10-14T10:00:04.000Z', 131),
			line('msg_2', '2026-10-14T10:01:00.000Z', 40),
			{type: 'assistant', uuid: 'syn', sessionId: 's', timestamp: '2026-10-14T10:02:00.000Z', message: {id: 'msg_3', role: 'assistant', model: '<synthetic>', content: [{type: 'text', text: 'No response requested.'}], usage: {input_tokens: 0, output_tokens: 0}}},
		]);
		expect(parsed.facts.provenance?.tokens).toEqual({input: 6, output: 171, cache_read: 2000, cache_write: 400});
		expect(strip(usageBuckets(parsed))).toEqual([
			{hour: '2026-10-14T09', model: 'claude-sonnet-4-5-20250929', input: 3, output: 131, cache_read: 1000, cache_write: 200, messages: 1, last: '2026-10-14T09:59:59.000Z', priced: true},
			{hour: '2026-10-14T10', model: 'claude-sonnet-4-5-20250929', input: 3, output: 40, cache_read: 1000, cache_write: 200, messages: 1, last: '2026-10-14T10:01:00.000Z', priced: true},
		]);
		// By hand, at $3 in, $15 out, $0.30 cache read and $6 one-hour cache write per million: 3×3 + 131×15 + 1000×0.3 + 200×6 = 3474 µ$.
		expect(usageBuckets(parsed)![0]!.usd).toBeCloseTo(0.003474, 9);
	});

	it('Codex: the growth of the running total per count (a count written twice adds nothing), at the model of its turn', () => {
		const total = (at: string, input: number, cached: number, output: number) => ({timestamp: at, type: 'event_msg', payload: {type: 'token_count', info: {total_token_usage: {input_tokens: input, cached_input_tokens: cached, output_tokens: output, total_tokens: input + output}}}});
		const parsed = feed(new CodexReader([]), [
			{timestamp: '2026-11-03T14:02:00.000Z', type: 'session_meta', payload: {id: 'c-1', timestamp: '2026-11-03T14:02:00.000Z', cwd: '/repo'}},
			{timestamp: '2026-11-03T14:02:01.000Z', type: 'turn_context', payload: {model: 'gpt-5-codex', cwd: '/repo'}},
			{timestamp: '2026-11-03T14:02:02.000Z', type: 'event_msg', payload: {type: 'user_message', message: 'Add a flag'}},
			total('2026-11-03T14:02:10.000Z', 1000, 800, 50),
			total('2026-11-03T14:02:10.500Z', 1000, 800, 50),
			{timestamp: '2026-11-03T15:10:00.000Z', type: 'turn_context', payload: {model: 'gpt-5.1-codex-max', cwd: '/repo'}},
			total('2026-11-03T15:10:05.000Z', 5000, 3000, 400),
		]);
		expect(parsed.facts.provenance?.tokens).toEqual({input: 2000, output: 400, cache_read: 3000});
		expect(strip(usageBuckets(parsed))).toEqual([
			{hour: '2026-11-03T14', model: 'gpt-5-codex', input: 200, output: 50, cache_read: 800, cache_write: 0, messages: 1, last: '2026-11-03T14:02:10.000Z', priced: true},
			{hour: '2026-11-03T15', model: 'gpt-5.1-codex-max', input: 1800, output: 350, cache_read: 2200, cache_write: 0, messages: 1, last: '2026-11-03T15:10:05.000Z', priced: true},
		]);
	});

	it('a log with session totals only (Gemini stream-json) puts them at the session\'s start', () => {
		const parsed = feed(new GeminiStreamReader([]), [
			{type: 'init', timestamp: '2026-10-21T08:14:02.117Z', session_id: 'g-2', model: 'gemini-2.5-pro'},
			{type: 'message', timestamp: '2026-10-21T08:14:02.200Z', role: 'user', content: 'Fix the typo'},
			{type: 'result', timestamp: '2026-10-21T09:14:15.990Z', status: 'success', stats: {total_tokens: 9000, input_tokens: 8000, output_tokens: 1000, cached: 5000}},
		]);
		expect(strip(usageBuckets(parsed))).toEqual([{hour: '2026-10-21T08', model: 'gemini-2.5-pro', input: 3000, output: 1000, cache_read: 5000, cache_write: 0, messages: 1, last: '2026-10-21T08:14:02.117Z', priced: true}]);
	});
});
