import {copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {isSpecStory, readSpecStory, specStoryTime} from '../../../source/ingest/formats/specstory.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {runCli, tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {allUnits, roles, textsOf} from './read.js';

const folder = 'fixtures/agents/specstory';
const fixture = (name: string) => path.join(folder, name);

function read(name: string): ParsedSource {
	const parsed = readSpecStory(readFileSync(fixture(name), 'utf8'), fixture(name));
	if ('reason' in parsed) throw new Error(parsed.reason);
	return parsed;
}

const tools = (source: ParsedSource) => allUnits(source).flatMap((unit) => unit.blocks.flatMap((block) => (block.role === 'tool_call' ? (block.tools ?? []) : [])));
const answers = (source: ParsedSource) => textsOf(source, 'assistant');

describe('SpecStory chats (.specstory/history Markdown)', () => {
	it('reads the early extension: `_**User**_` / `_**Assistant**_`, steps opened by `_\\*\\*\\*\\*_`, a read and a diff step as tool calls', () => {
		const source = read('extension-2025-02.md');
		expect(textsOf(source, 'user')).toEqual(['Add specstory to ignore files']);
		expect(tools(source)).toEqual(['Read file', 'Edit']);
		expect(answers(source)[0]).toMatch(/^I'll help you add `\.specstory` to the ignore files/u);
		expect(answers(source).join('\n')).not.toMatch(/_\\?\*/u);
		expect(answers(source).at(-1)).toMatch(/Is there anything else you need help with\?$/u);
		expect(source.facts.title).toBe('Adding .specstory to Ignore Files');
		expect(source.facts.provenance).toMatchObject({agent: 'specstory', turns: 1, tool_calls: 2});
		// Its heading's time is local and the file name has none: no date rather than a wrong one.
		expect(source.facts.generatedAt).toBeUndefined();
	});

	it('reads the spring 2025 extension: `Read file:` lines and `<details>` blocks as tools, dated by the file name (UTC), not the local heading', () => {
		const source = read('2025-04-26_23-34-fixing-changelog-duplicates-and-references.md');
		expect(source.facts.title).toBe('Fixing Changelog Duplicates and References');
		expect(source.facts.generatedAt).toBe('2025-04-26T23:34:00.000Z');
		expect(textsOf(source, 'user')[0]).toMatch(/^@changelog\.mdc the changelog appears to have duplicate items/u);
		expect(tools(source)).toContain('Listed directory');
		expect(tools(source)).toContain('Searched codebase');
		expect(tools(source).filter((name) => name === 'Read file').length).toBeGreaterThan(5);
		expect(answers(source).some((text) => text.includes('The `CHANGELOG.md` has been updated to:'))).toBe(true);
		expect(answers(source).join('\n')).not.toMatch(/^Read file:|<details>/mu);
	});

	it('reads the autumn 2025 extension: thinking kept apart from the answer, `Tool use:` lines, the edit’s file, the Cursor composer id', () => {
		const source = read('extension-2025-10.md');
		expect(source.facts.title).toBe('Me ajude a resolver');
		expect(source.facts.generatedAt).toBe('2025-10-14T22:25:00.000Z');
		expect(source.facts.provenance).toMatchObject({agent: 'cursor', session_id: 'd64938f0-bf1a-406b-97ab-4bd63e7ca60d', files_edited: ['.gitignore'], turns: 2});
		expect(textsOf(source, 'thinking')[0]).toMatch(/^O usuário está tentando fazer um git push/u);
		expect(answers(source).join('\n')).not.toMatch(/Thought Process|<think>|O usuário está tentando/u);
		expect(tools(source)).toEqual(expect.arrayContaining(['run_terminal_cmd', 'grep', 'read_file', 'search_replace']));
		expect(roles(source)).toContain('thinking');
	});

	it('reads the July 2025 CLI (Claude Code): its title, the agent’s session id and model, `Tool use:` lines with their results', () => {
		const source = read('cli-2025-07-claude-code.md');
		expect(source.facts.title).toBe('Real-time Collaborative Markdown Editor with Automerge and WebSocket');
		expect(source.facts.provenance).toMatchObject({agent: 'claude-code', session_id: '7bc2a6b1-c72b-417e-80b7-4a8e3541dcdf', model: 'claude-opus-4-20250514'});
		expect(source.facts.provenance?.files_edited).toEqual(['/Users/jakelevirne/dev/specstoryai/tnyOffice/apps/api/fly.toml']);
		expect(tools(source)).toEqual(expect.arrayContaining(['Read', 'Edit']));
		expect(textsOf(source, 'tool_call').find((text) => text.startsWith('Tool use: **Read** `./apps/api/fly.toml`'))).toMatch(/Result:/u);
		const early = read('cli-2025-07-claude-code-early.md');
		expect(early.facts.title).toBe('Whisper Install: Virtual Environment Setup Complete');
		expect(early.facts.generatedAt).toBe('2025-07-10T21:51:08.000Z');
		// The shell commands typed in Claude Code are context, not requests.
		expect(textsOf(early, 'user')).toEqual(['activate venv']);
	});

	it('reads CLI Markdown v2.1.0: `<tool-use>` blocks, a timestamp heading that is no title, per-message times, edits by Claude Code, Cursor and Codex', () => {
		const claude = read('cli-v2.1-claude-code.md');
		expect(claude.facts.title).toBeUndefined();
		expect(claude.facts.provenance).toMatchObject({agent: 'claude-code', session_id: 'e317d7b9-3289-4345-9c97-0bb1e3d998c8', started_at: '2026-01-16T16:48:38.000Z', ended_at: '2026-01-16T16:58:29.000Z', turns: 2});
		expect(claude.facts.provenance?.files_edited).toEqual(['/Users/sean/Source/SpecStory/getspecstory/specstory-cli/docs/CLI-RELEASE.md']);
		expect(tools(claude)).toEqual(['Glob', 'Glob', 'Edit', 'Edit']);
		expect(answers(claude).join('\n')).not.toMatch(/<\/?(?:tool-use|details|think)\b/u);
		const cursor = read('cli-v2.1-cursor-ide.md');
		expect(cursor.facts.provenance).toMatchObject({agent: 'cursor', session_id: '7648a3a8-cec0-45cc-a87c-6ad5a39677a2', model: 'claude-4-sonnet', files_edited: ['pkg/cloud/sync.go']});
		expect(tools(cursor)).toEqual(['read_file', 'read_file', 'search_replace', 'search_replace']);
		expect(answers(cursor).at(-1)).toMatch(/^That's it! I added the missing `AgentName` field/u);
		const codex = read('cli-v2.1-codex.md');
		expect(codex.facts.provenance).toMatchObject({agent: 'codex', session_id: '019fc978-674c-7ac3-9acf-ac7fc462c5f1', model: 'gpt-5.6-sol'});
		// A fence opened at the end of `Input (truncated): ```` does not swallow the turns after it.
		expect(tools(codex)).toEqual(['exec']);
		expect(answers(codex).at(-1)).toMatch(/No files were modified during the review\.$/u);
	});

	it('makes a subagent of the sidechain turns after a Task call, even when the call’s output left a fence open', () => {
		const source = read('cli-v2.1-claude-code-sidechain.md');
		expect(textsOf(source, 'user')).toEqual(['Implement the following plan:\n\n# Plan: Add `--json` flag to `specstory watch`', 'proceed']);
		expect(tools(source)).toEqual(['Task', 'ExitPlanMode']);
		expect(answers(source)).toEqual(["No existing helper for human-readable byte sizes — I'll add a simple inline formatter. Now let me write the plan."]);
		expect(source.subagents).toHaveLength(1);
		const subagent = source.subagents![0]!;
		expect(textsOf(subagent, 'user')[0]).toMatch(/^I need to understand how to count "agent messages"/u);
		expect(tools(subagent)).toEqual(['Glob']);
		expect(subagent.facts.provenance).toMatchObject({model: 'claude-haiku-4-5-20251001', turns: 1});
	});

	it('ends a fence a message left open at the next header SpecStory wrote, so the answer after a pasted diff is read', () => {
		const source = read('cli-v2.1-claude-code-open-fence.md');
		expect(textsOf(source, 'user')).toHaveLength(1);
		expect(textsOf(source, 'user')[0]).toMatch(/^## Context/u);
		expect(answers(source).join('\n')).toMatch(/## Unit Tests\n\nNo unit tests are needed for this PR\./u);
		expect(textsOf(source, 'system').join('\n')).toMatch(/<local-command-stdout>See ya!<\/local-command-stdout>/u);
	});

	it('reads the times SpecStory writes with a zone, and none without one', () => {
		expect(specStoryTime('2025-07-20 10:50:51Z')).toBe('2025-07-20T10:50:51.000Z');
		expect(specStoryTime('2025-07-19 23:13Z')).toBe('2025-07-19T23:13:00.000Z');
		expect(specStoryTime('2025-07-20_10-50-51Z')).toBe('2025-07-20T10:50:51.000Z');
		expect(specStoryTime('2025-11-13 21:12:14-0700')).toBe('2025-11-14T04:12:14.000Z');
		// Markdown v2.0.0 writes milliseconds, in the heading and the speaker lines; such a heading is no title.
		expect(specStoryTime('2025-12-05T00:27:59.056Z')).toBe('2025-12-05T00:27:59.056Z');
		const parsed = readSpecStory('<!-- Generated by SpecStory, Markdown v2.0.0 -->\n\n# 2025-12-05 00:26:41.576Z\n\n_**User (2025-12-05T00:27:59.056Z)**_\n\nFix the week widget\n\n---\n\n_**Agent (gpt-5-codex 2025-12-05T00:28:10.100Z)**_\n\nDone.\n');
		expect('reason' in parsed ? parsed.reason : [parsed.facts.title ?? '', parsed.facts.generatedAt]).toEqual(['', '2025-12-05T00:26:41.576Z']);
		expect(specStoryTime('2025-04-27 15:26:44')).toBeUndefined();
		expect(specStoryTime('2/15/2025, 4:08:22 AM')).toBeUndefined();
	});

	it('is told apart by content: every variant, not a plain markdown doc, not a doc that quotes the format', async () => {
		const names = ['cli-v2.1-claude-code-open-fence.md', 'cli-v2.1-claude-code-sidechain.md', 'extension-2025-02.md', '2025-04-26_23-34-fixing-changelog-duplicates-and-references.md', 'extension-2025-10.md', 'cli-2025-07-claude-code.md', 'cli-2025-07-claude-code-early.md', 'cli-v2.1-claude-code.md', 'cli-v2.1-cursor-ide.md', 'cli-v2.1-codex.md'];
		for (const name of names) expect((await sniff(fixture(name), statSync(fixture(name)).size)).format, name).toBe('specstory');
		for (const doc of ['fixtures/transcripts/README.md', 'docs/ingest.md', 'docs/summaries.md', `${folder}/README.md`, 'fixtures/agents/cursor-export.md']) {
			expect((await sniff(doc, statSync(doc).size)).format, doc).not.toBe('specstory');
		}
		const quoting = [
			'# Saving chats',
			'',
			'SpecStory writes files like this one:',
			'',
			'```markdown',
			'<!-- Generated by SpecStory -->',
			'',
			'_**User**_',
			'',
			'hello',
			'',
			'---',
			'',
			'_**Assistant**_',
			'```',
		].join('\n');
		expect(isSpecStory(quoting)).toBe(false);
		expect(isSpecStory('## SpecStory\n\nSpecStory is an extension that saves your AI chats.\n\n## Install\n')).toBe(false);
		expect(isSpecStory('_**User**_ is what the export writes for a request.\n')).toBe(false);
		const dir = tempDir();
		writeFileSync(path.join(dir, 'notes.md'), quoting);
		expect((await sniff(path.join(dir, 'notes.md'), quoting.length)).format).toBe('markdown');
	});

	it('reads a file cut at the top or in the middle of a block as far as it goes, and refuses one with no turn in one line', () => {
		const whole = readFileSync(fixture('cli-v2.1-claude-code.md'), 'utf8');
		const fromMiddle = whole.slice(whole.indexOf('_**User (2026-01-16 16:53:26Z)**_'));
		expect(isSpecStory(fromMiddle)).toBe(true);
		const cutInTool = whole.slice(0, whole.indexOf('<tool-use data-tool-type="write"') + 80);
		const cutInThought = whole.slice(0, whole.indexOf('<think>') + 40);
		for (const text of [fromMiddle, cutInTool, cutInThought, `${whole.slice(0, 2000)}\n\`\`\`text\nnever closed`]) {
			const parsed = readSpecStory(text);
			expect('reason' in parsed ? parsed.reason : roles(parsed)[0]).toBe('user');
		}
		expect(readSpecStory('<!-- Generated by SpecStory -->\n\n# 2025-07-20 10:50:51Z\n')).toEqual({reason: 'is a SpecStory file with no conversation in it (no _**User**_ or _**Agent**_ turn)'});
		expect(() => readSpecStory(`<!-- Generated by SpecStory -->\n${'_**Agent ('.repeat(5000)}\n${'<details>'.repeat(10_000)}\n<think>${'x'.repeat(100_000)}`)).not.toThrow();
	});

	it('names the Cursor editor by the SpecStory CLI’s provider id `cursoride`, as by `cursor` and `Cursor IDE`', () => {
		const text = readFileSync(fixture('extension-2025-10.md'), 'utf8').replace('<!-- cursor Session', '<!-- cursoride Session');
		const parsed = readSpecStory(text, fixture('extension-2025-10.md'));
		expect('reason' in parsed ? parsed.reason : parsed.facts.provenance).toMatchObject({agent: 'cursor', session_id: 'd64938f0-bf1a-406b-97ab-4bd63e7ca60d'});
	});

	it('keeps a chat with a character cut in two (a byte that is not UTF-8): the session is read, the byte is U+FFFD, and the report says where', async () => {
		const dir = tempDir();
		const history = path.join(dir, 'project', '.specstory', 'history');
		mkdirSync(history, {recursive: true});
		const original = readFileSync(fixture('extension-2025-10.md'));
		const at = original.indexOf('O usuário está tentando');
		// The first two bytes of a three-byte character, then the text goes on.
		const damaged = Buffer.concat([original.subarray(0, at), Buffer.from([0xe6, 0x96]), original.subarray(at)]);
		writeFileSync(path.join(history, 'cut.md'), damaged);
		const report = await ingest([history], {storePath: path.join(dir, 's.db'), workers: false});
		expect(report.added).toBe(1);
		const line = damaged.subarray(0, at).toString('latin1').split('\n').length;
		expect(report.failed).toEqual([expect.objectContaining({line, reason: expect.stringMatching(/^line \d+ is not valid UTF-8 \(byte \d+\); read with U\+FFFD/u)})]);
		const [item] = runCli(['export', '--store', path.join(dir, 's.db')])
			.stdout.trim()
			.split('\n')
			.map((text) => JSON.parse(text));
		expect(item.source.agent).toBe('cursor');
	});

	it('is ingested as a session; without the agent’s session id, resume says SpecStory has none', async () => {
		const dir = tempDir();
		const history = path.join(dir, 'project', '.specstory', 'history');
		mkdirSync(history, {recursive: true});
		copyFileSync(fixture('extension-2025-02.md'), path.join(history, 'adding-specstory-to-ignore-files.md'));
		copyFileSync(fixture('cli-2025-07-claude-code-early.md'), path.join(history, '2025-07-10_21-51-08Z-activate-venv.md'));
		const store = path.join(dir, 's.db');
		expect(await ingest([history], {storePath: store, workers: false})).toMatchObject({added: 2, failed: []});
		const items = runCli(['export', '--store', store])
			.stdout.trim()
			.split('\n')
			.map((line) => JSON.parse(line));
		expect(items.map((item) => item.namespace)).toEqual(['conversation_session', 'conversation_session']);
		const early = items.find((item) => item.source.agent === 'specstory');
		const claude = items.find((item) => item.source.agent === 'claude-code');
		expect(early.title).toBe('Adding .specstory to Ignore Files');
		expect(claude.source).toMatchObject({kind: 'specstory', session_id: '5652653b-6134-497f-ba06-0ef77c84adcf', project: path.join(dir, 'project')});
		expect(runCli(['resume', `${early.namespace}:${early.item_id}`, '--store', store]).stderr).toMatch(/SpecStory saves chats as Markdown and has no command to resume one/u);
		expect(JSON.parse(runCli(['resume', `${claude.namespace}:${claude.item_id}`, '--json', '--store', store]).stdout).command).toEqual(['claude', '--resume=5652653b-6134-497f-ba06-0ef77c84adcf']);
	});
});
