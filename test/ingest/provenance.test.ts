import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {describedToItem, describeSource} from '../../source/ingest/build-item.js';
import type {Format} from '../../source/ingest/formats/catalog.js';
import {fileRecords} from '../../source/ingest/multi-item.js';
import {runSourceJob} from '../../source/ingest/work/source-job.js';

async function job(file: string, format: Format, document = false) {
	const absolute = path.resolve(file);
	const result = await runSourceJob({path: absolute, shown: file, size: statSync(file).size, mtime: '2030-01-01T00:00:00.000Z', format, namespace: 'conversation_session', itemId: 'abc', uri: absolute, hash: 'h', ...(document ? {document} : {})});
	expect(result.problems).toEqual([]);
	return result.item!;
}

describe('provenance', () => {
	it('goes into every session item’s source, with its uri and kind; the item is dated by the session’s start', async () => {
		const cases: Array<[string, Format, Record<string, unknown>, boolean?]> = [
			['fixtures/transcripts/claude-code-session.jsonl', 'claude-code', {agent: 'claude-code', agent_version: '2.0.14', project: '/home/ana/src/payments', started_at: '2026-10-14T09:12:03.120Z', turns: 5, tool_calls: 18, session_id: '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408', tokens: {input: 559744, output: 6057, cache_read: 423936, cache_write: 0}, files_edited: ['/home/ana/src/payments/src/fx/rateCache.ts', '/home/ana/src/payments/test/fx/convert.test.ts', '/home/ana/src/payments/CHANGELOG.md'], agent_title: 'Fix RateCache race with single-flight + quotedAt guard, add CHANGELOG entry', own_title: 'The convert.test.ts suite in payments keeps failing on CI'}],
			['fixtures/transcripts/codex-rollout.jsonl', 'codex', {agent: 'codex', agent_version: '0.46.0', project: '/home/ana/src/ledger', model: 'gpt-5-codex', started_at: '2026-11-03T14:02:11.482Z', turns: 3, tool_calls: 8, session_id: '0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7', files_edited: ['src/reconcile/refunds.ts', 'test/reconcile/refunds.test.ts']}],
			['fixtures/transcripts/gemini-stream.jsonl', 'gemini-cli', {agent: 'gemini-cli', model: 'gemini-2.5-pro', started_at: '2026-10-21T08:14:02.117Z', turns: 2, tool_calls: 3, session_id: 'c3f1a9e2-6b4d-4e8a-9f27-0d5b1c7e3a48', tokens: {input: 7520, output: 1312, cache_read: 9600}, files_edited: ['/home/li/src/atlas/.github/workflows/docs.yml']}],
			['fixtures/transcripts/gemini-chat-session.json', 'gemini-chat', {agent: 'gemini-cli', project: '/home/li/src/atlas', started_at: '2026-10-22T16:40:05.211Z', turns: 2, tool_calls: 4, session_id: '5e0d7b21-9a3c-4f6e-b812-7c4d2a9e1f60', tokens: {input: 10422, output: 228, cache_read: 0}, files_edited: ['/home/li/src/atlas/src/search/escape.ts']}, true],
			['fixtures/transcripts/claude-agent-events.jsonl', 'claude-agent', {agent: 'claude-agent', started_at: '2026-11-10T13:00:00.412Z', turns: 2, tool_calls: 4}],
		];
		for (const [file, format, expected, document] of cases) {
			const item = await job(file, format, document);
			// Its usage per hour and model (test/core/usage.test.ts, test/ingest/usage.test.ts) adds up to its tokens.
			const {usage, ...source} = item.source ?? {};
			if (expected.tokens) expect(usage?.reduce((sum, bucket) => sum + bucket.input + bucket.output + bucket.cache_read + bucket.cache_write, 0), file).toBe(Object.values(expected.tokens as Record<string, number>).reduce((a, b) => a + b, 0));
			expect(source, file).toEqual({uri: path.resolve(file), kind: format, line: 1, ended_at: expect.any(String), ...(item.source?.model && !expected.model ? {model: item.source.model} : {}), ...expected});
			expect(item.generated_at, file).toBe(expected.started_at);
		}
		// A session without any time (a saved checkpoint) falls back to the file's time.
		expect((await job('fixtures/transcripts/gemini-checkpoint.json', 'gemini-chat', true)).generated_at).toBe('2030-01-01T00:00:00.000Z');
		// Documents carry only where they are.
		expect((await job('fixtures/docs/design-notes.md', 'markdown')).source).toEqual({uri: path.resolve('fixtures/docs/design-notes.md'), kind: 'markdown'});
	});

	it('names the line where each item of a file of many starts', async () => {
		const file = path.resolve('fixtures/transcripts/chatgpt-conversations.json');
		const lines: Array<[number | undefined, unknown]> = [];
		for await (const record of fileRecords('chatgpt', {file, real: file, size: statSync(file).size, head: readFileSync(file, 'utf8').slice(0, 65536), salt: 's', problems: [], onSkipped: () => {}})) {
			if (record.kind !== 'source') continue;
			const item = describedToItem(describeSource(record.parsed), record.parsed, {namespace: 'conversation_session', itemId: record.itemId, source: {uri: record.uri, kind: 'chatgpt'}, fallbackDate: '2030-01-01T00:00:00.000Z'});
			expect(item.source).toMatchObject({uri: record.uri, kind: 'chatgpt', agent: 'chatgpt', line: record.line, started_at: item.generated_at});
			lines.push([record.line, item.source?.model]);
		}
		expect(lines.map(([line]) => line)).toEqual([2, expect.any(Number), expect.any(Number)]);
	});
});
