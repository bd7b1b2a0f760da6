import {mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {conversationFormats, documentFormats, formatLabels, formats, storeFormats, type Format} from '../../../source/ingest/formats/catalog.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {buildStore} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';

/** Every fixture, by the format it is written in. */
const fixtures: Array<[string, Format]> = [
	['fixtures/transcripts/claude-code-session.jsonl', 'claude-code'],
	['fixtures/transcripts/codex-rollout.jsonl', 'codex'],
	['fixtures/transcripts/gemini-stream.jsonl', 'gemini-cli'],
	['fixtures/transcripts/gemini-chat-session.json', 'gemini-chat'],
	['fixtures/transcripts/gemini-chat-session.jsonl', 'gemini-chat'],
	['fixtures/transcripts/gemini-checkpoint.json', 'gemini-chat'],
	['fixtures/transcripts/aider.chat.history.md', 'aider'],
	['fixtures/transcripts/claude-agent-events.jsonl', 'claude-agent'],
	['fixtures/transcripts/claude-agent-envelope.jsonl', 'claude-agent'],
	['fixtures/transcripts/chatgpt-conversations.json', 'chatgpt'],
	['fixtures/transcripts/generic-chat.jsonl', 'generic-chat'],
	['fixtures/transcripts/generic-chat-parts.jsonl', 'generic-chat'],
	['fixtures/transcripts/broken-lines.jsonl', 'generic-chat'],
	['fixtures/summaries.json', 'summary-json'],
	['fixtures/transcripts/README.md', 'markdown'],
	['fixtures/docs/field-notes.txt', 'text'],
	['fixtures/docs/blog-post.html', 'html'],
	['fixtures/agents/cursor-export.md', 'cursor-markdown'],
	['fixtures/agents/gemini-share/gemini-cli-share.md', 'gemini-markdown'],
	['fixtures/agents/gemini-share/qwen-code-share.md', 'gemini-markdown'],
	['fixtures/agents/cline/saoudrizwan.claude-dev/tasks/1765430000000/ui_messages.json', 'cline'],
	['fixtures/agents/cline/saoudrizwan.claude-dev/tasks/1730000000000/api_conversation_history.json', 'cline'],
	['fixtures/agents/cline/rooveterinaryinc.roo-cline/tasks/0c8f5e2a-7b1d-4c3e-9a6f-1e2d3c4b5a69/ui_messages.json', 'cline'],
	['fixtures/agents/continue/sessions/6a0c3f5e-2b9d-4e71-a8c4-5d2f9e1b7c30.json', 'continue'],
	['fixtures/agents/continue/sessions/f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b.json', 'continue'],
	['fixtures/agents/opencode/storage/session/3f1a9c0b2e7d4c18a6b5/ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a.json', 'opencode'],
	['fixtures/agents/opencode/export/ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a.json', 'opencode'],
	['fixtures/agents/copilot-chat/workspaceStorage/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/chatSessions/2d7b9e10-4c3a-4f21-b8e5-6a1c0d9f3e27.json', 'copilot-chat'],
	['fixtures/agents/copilot-chat/workspaceStorage/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/chatSessions/8c4a1f03-9e2b-4d6c-a7f1-3b5e2d0c9a18.jsonl', 'copilot-chat'],
	['fixtures/agents/goose/sessions/20251103_142210.jsonl', 'goose'],
	['fixtures/agents/qwen-code/projects/-home-mira-src-tidewater/chats/b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29.jsonl', 'qwen-code'],
	['fixtures/agents/specstory/extension-2025-02.md', 'specstory'],
	['fixtures/agents/specstory/cli-v2.1-claude-code.md', 'specstory'],
	['fixtures/agents/amp/threads/T-e27481cd-3cd0-42ee-b07f-643aba461893.json', 'amp'],
	['fixtures/agents/openclaw/agents/main/sessions/1f979e30-12ad-4b66-80ac-bcbb53b985ff.jsonl', 'pi'],
	['fixtures/agents/copilot-cli/session-state/9a493a94-a307-489e-8bc7-d16f4afcd992/events.jsonl', 'copilot-cli'],
	['fixtures/agents/hermes/sessions/session_20260420_172948_424fa3.json', 'hermes'],
	['fixtures/agents/real/copilot-chat/export-2025.json', 'copilot-chat'],
	['fixtures/agents/real/copilot-chat/export-v3-prompt-completion.json', 'copilot-chat'],
	['fixtures/agents/real/copilot-chat/github-thread.json', 'copilot-chat'],
	['fixtures/agents/real/qwen-code/tmp/47b8c5bef1c488a4e723e7abd2a8adae44413d00eb4c40dbfff20bd9a6d362f0/logs.json', 'prompt-log'],
	['fixtures/agents/real/qwen-code/projects/D--Hack-TODO-LIST/chats/734553eb-442f-4bd2-8002-4cd9ecd958e3.jsonl', 'qwen-code'],
	['fixtures/agents/deepseek-tui/sessions/3bd4c811-972d-4b18-be1e-dd50bf5f1279.json', 'deepseek-tui'],
	['fixtures/agents/vibe/logs/session/session_20251221_133707_b0ca69b9.json', 'vibe'],
	['fixtures/agents/vibe/logs/session/session_20260630_091512_7d3e0c41/meta.json', 'vibe'],
	['fixtures/agents/openhands/sessions/2bc22dd3cd194e7f95c02dd03fa796c9/metadata.json', 'openhands'],
	['fixtures/agents/openhands/conversations/5f2c9a1e8b7d4c3f9e0a1b2c3d4e5f60/base_state.json', 'openhands'],
	['fixtures/agents/trae-agent/workspace/trajectories/trajectory_20251119_073321.json', 'trae-agent'],
	['fixtures/agents/kimi-cli/kimi/sessions/697a0ebec3147bb421a9dd6a0531906f/3ec3e443-823d-4247-be92-2fadd5e194cf/wire.jsonl', 'kimi-cli'],
	['fixtures/agents/droid/sessions/-home-dev-shop/6f1d2c3b-8a4e-4f0a-9b1c-2d3e4f5a6b7c.jsonl', 'droid'],
	['fixtures/agents/grok-build/sessions/%2Fhome%2Fdev%2Fshop/019edf9c-3e02-7601-b726-1133cc72ef76/updates.jsonl', 'grok-build'],
	['fixtures/agents/antigravity/gemini/antigravity-cli/brain/7c4d2a10-5e6f-4a8b-9c0d-1e2f3a4b5c6d/.system_generated/logs/transcript_full.jsonl', 'antigravity'],
	['fixtures/agents/kiro/kiro/sessions/cli/9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f.jsonl', 'kiro-cli'],
	['fixtures/agents/kiro/Kiro/User/globalStorage/kiro.kiroagent/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d.chat', 'kiro-ide'],
];

/** The agents' SQLite stores, built from their fixtures before the tests. */
const stores: Array<[string, Format]> = [
	['crush.store.json', 'crush'],
	['goose.store.json', 'goose-db'],
	['goose-v1.store.json', 'goose-db'],
	['opencode.store.json', 'opencode-db'],
	['cursor-global.store.json', 'cursor'],
	['cursor-workspace.store.json', 'cursor'],
	['zed.store.json', 'zed'],
	['warp/warp.store.json', 'warp'],
	['warp/warp-2024.store.json', 'warp'],
	['kiro/kiro-cli-1x.store.json', 'kiro-cli-db'],
];

beforeAll(() => {
	const folder = tempDir('drill-stores-');
	for (const [fixture, format] of stores) {
		const file = path.join(folder, fixture.replace('.store.json', ''), 'store.db');
		mkdirSync(path.dirname(file), {recursive: true});
		buildStore(path.join('fixtures', 'agents', fixture), file);
		fixtures.push([file, format]);
	}
});

describe('format detection across every fixture', () => {
	it('covers every format drill reads', () => {
		expect(new Set(fixtures.map(([, format]) => format))).toEqual(new Set(formats));
	});

	it('tells each fixture’s format from its content', async () => {
		for (const [file, format] of fixtures) expect((await sniff(file, statSync(file).size)).format, file).toBe(format);
	});

	it('refuses every other session format forced on a fixture, in one line naming what it looks like', async () => {
		for (const [file, actual] of fixtures) {
			for (const forced of formats) {
				const sniffed = await sniff(file, statSync(file).size, forced);
				if (forced === actual || (documentFormats.has(forced) && !storeFormats.has(actual))) {
					// Its own format, or a document reading, which any text (not a database) allows.
					expect(sniffed, `${file} as ${forced}`).toMatchObject({format: forced});
					continue;
				}
				expect(sniffed.format, `${file} as ${forced}`).toBeUndefined();
				expect(sniffed.problem, `${file} as ${forced}`).toBe(`is not ${formatLabels[forced]}; it looks like ${formatLabels[actual]}`);
			}
		}
	});

	it('takes any session format as a transcript, and nothing else', async () => {
		for (const [file, actual] of fixtures) {
			const sniffed = await sniff(file, statSync(file).size, 'transcript');
			if (conversationFormats.has(actual)) expect(sniffed.format, file).toBe(actual);
			else expect(sniffed.problem, file).toBe(`is not a conversation log drill reads; it looks like ${formatLabels[actual]}`);
		}
	});
});
