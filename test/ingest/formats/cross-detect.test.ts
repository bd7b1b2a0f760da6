import {statSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {conversationFormats, documentFormats, formatLabels, formats, type Format} from '../../../source/ingest/formats/catalog.js';
import {sniff} from '../../../source/ingest/formats/detect.js';

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
];

describe('format detection across every fixture', () => {
	it('tells each fixture’s format from its content', async () => {
		for (const [file, format] of fixtures) expect((await sniff(file, statSync(file).size)).format, file).toBe(format);
	});

	it('refuses every other session format forced on a fixture, in one line naming what it looks like', async () => {
		for (const [file, actual] of fixtures) {
			for (const forced of formats) {
				const sniffed = await sniff(file, statSync(file).size, forced);
				if (forced === actual || documentFormats.has(forced)) {
					// Its own format, or a document reading, which any text allows.
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
