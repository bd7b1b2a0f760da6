import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {runCli, tempDir} from '../helpers/cli.js';

/**
 * Session logs that hold no session: a Codex rollout its CLI opened and left before the first
 * request (the `session_meta` line, then the environment and permissions messages Codex sends
 * before any request), and a Claude Code file of `summary` and `file-history-snapshot` records
 * only. Both are the first lines of the fixtures of a real session of each
 * (fixtures/transcripts/README.md).
 */
const rolloutLines = readFileSync(path.resolve('fixtures/transcripts/codex-rollout.jsonl'), 'utf8').split('\n').filter(Boolean);
const claudeLines = readFileSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), 'utf8').split('\n').filter(Boolean);

function items(store: string): number {
	const summary = SummaryStore.open(store);
	try {
		return [...summary.eachItem()].length;
	} finally {
		summary.close();
	}
}

describe('session logs with no request', () => {
	it('leaves out a Codex rollout of its metadata (and environment context) only, and counts it', async () => {
		const folder = tempDir();
		const metaOnly = path.join(folder, 'rollout-2026-11-03T14-02-11-0199a7c4.jsonl');
		const withContext = path.join(folder, 'rollout-2026-11-03T14-05-00-0199a7c5.jsonl');
		writeFileSync(metaOnly, `${rolloutLines[0]}\n`);
		// The environment context (a user message Codex writes itself) and the developer's permissions.
		writeFileSync(withContext, `${rolloutLines.slice(0, 4).join('\n').replaceAll('0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7', '0199a7c5-0000-7000-8000-000000000001')}\n`);
		const store = path.join(folder, 's.db');
		const report = await ingest([metaOnly, withContext], {storePath: store});
		expect(report).toMatchObject({added: 0, empty_sessions: 2, failed: []});
		expect(items(store)).toBe(0);
		// A real rollout beside them is still one session.
		const real = path.join(folder, 'rollout-real.jsonl');
		writeFileSync(real, `${rolloutLines.join('\n')}\n`);
		expect(await ingest([real], {storePath: store})).toMatchObject({added: 1, empty_sessions: 0, failed: []});
	});

	it('leaves out a Claude Code file of summaries and snapshots only, as it does a Codex one', async () => {
		const folder = tempDir();
		const file = path.join(folder, 'summaries.jsonl');
		writeFileSync(file, `${claudeLines.slice(0, 3).join('\n')}\n`);
		const store = path.join(folder, 's.db');
		expect(await ingest([file], {storePath: store})).toMatchObject({added: 0, empty_sessions: 1, failed: []});
		expect(items(store)).toBe(0);
	});

	it('leaves out a Gemini CLI chat of its injected context only (the a2a server’s chats), with no false version conflict', async () => {
		// fixtures/agents/real/README.md: three `$set`s of the `<session_context>` message, no request, no answer.
		const real = path.resolve('fixtures/agents/real/gemini-cli/tmp/zizoozaa01/chats/session-2026-08-17T09-52-a2a-serv.jsonl');
		const folder = tempDir();
		const chats = path.join(folder, '.gemini', 'tmp', 'zizoozaa01', 'chats');
		mkdirSync(chats, {recursive: true});
		// Every chat of that server has the same session id: two of them are no versions of one session.
		copyFileSync(real, path.join(chats, 'session-2026-08-17T09-52-a2a-serv.jsonl'));
		copyFileSync(real, path.join(chats, 'session-2026-08-17T09-53-a2a-serv.jsonl'));
		const store = path.join(folder, 's.db');
		expect(await ingest([chats], {storePath: store})).toMatchObject({added: 0, conflicts: [], empty_sessions: 2, failed: []});
		expect(items(store)).toBe(0);
	});

	it('says so in the summary line', () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'rollout-empty.jsonl'), `${rolloutLines.slice(0, 3).join('\n')}\n`);
		const result = runCli(['ingest', 'rollout-empty.jsonl', '--store', 's.db'], {cwd: folder});
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^ingested: 0 added, 0 updated, 0 unchanged, 0 files with problems, 1 empty session \(no request\) left out — /u);
	});
});
