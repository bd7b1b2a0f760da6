import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {unreadChat} from '../../../source/ingest/formats/chat-shape.js';
import {buildStore} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {storedItems} from '../../helpers/items.js';

/**
 * Point 1 of issue 33: a file that holds a conversation is read as a session, or reported on one
 * line ("looks like a chat from X, not read: why"); "other files" are only files with none.
 */
describe('nothing conversation-shaped is skipped in silence', () => {
	it('reads, or reports on one line, one real-shaped file of every agent shape in a folder walk; none is an "other file"', async () => {
		const folder = tempDir();
		const real = 'fixtures/agents/real';
		cpSync(real, path.join(folder, 'real'), {recursive: true, filter: (source) => !source.endsWith('.store.json') && !source.endsWith('README.md')});
		// The stores, built as their agents write them.
		for (const [fixture, name] of [['crush-v5', '.crush/crush.db'], ['opencode-go', 'go/opencode.db'], ['kilo', 'kilo/kilo.db'], ['opencode-1.17', 'opencode/opencode.db']] as const) {
			const file = path.join(folder, 'stores', name.replace(/^\./u, 'dot-'));
			mkdirSync(path.dirname(file), {recursive: true});
			buildStore(path.join(real, 'stores', `${fixture}.store.json`), file);
		}
		// An Amp thread (its first two messages, from workriar/cortinasbras) and a Zed threads.db (fixtures/agents/zed).
		writeFileSync(path.join(folder, 'T-e27481cd-3cd0-42ee-b07f-643aba461893.json'), JSON.stringify({v: 1371, id: 'T-e27481cd-3cd0-42ee-b07f-643aba461893', created: 1761677380935, messages: [{role: 'user', messageId: 0, content: [{type: 'text', text: 'git add index.html'}], meta: {sentAt: 1761677380935}}, {role: 'assistant', content: [{type: 'text', text: 'Staged index.html.'}], state: {type: 'complete', stopReason: 'end_turn'}}], env: {}, title: 'Stage index.html'}));
		buildStore('fixtures/agents/zed.store.json', path.join(folder, 'threads.db'));
		const skipped: string[] = [];
		const store = path.join(tempDir(), 's.db');
		const report = await ingest([folder], {storePath: store, workers: false, onSkippedFile: (file, reason) => skipped.push(`${path.basename(file)}: ${reason}`)});
		const itemsFrom = new Set(storedItems(store).map(({record}) => path.basename((record.source?.uri ?? '').replace(/#.*$/u, ''))));
		const reported = new Set(report.failed.filter((failure) => /looks like a chat (?:database )?from /u.test(failure.reason)).map((failure) => path.basename(failure.path)));
		for (const name of ['export-2025.json', 'export-v3-prompt-completion.json', 'github-thread.json', 'logs.json', '734553eb-442f-4bd2-8002-4cd9ecd958e3.jsonl', '4eb362e5-e40d-4f92-be47-a5eb907628b9.jsonl', 'rollout-2026-07-11T10-22-29-019f4efb-ae76-7e30-b44e-3fa464c16193.jsonl', 'ui_messages.json', 'c553c0a6-703b-4638-bcac-54fdcf59230f.json', '03518130-43f2-4e05-af2a-509aed5c31fc.json', 'crush.db', 'opencode.db', 'kilo.db', 'T-e27481cd-3cd0-42ee-b07f-643aba461893.json', 'threads.db']) {
			expect(itemsFrom.has(name) || reported.has(name), `${name} read or reported`).toBe(true);
		}
		// What is left out is read with a session (Codex's thread index, OpenCode's message files) or an agent's bookkeeping.
		expect(skipped.filter((reason) => !/ read with |not a session/u.test(reason))).toEqual([]);
		expect(skipped).toContain("session_index.jsonl: is Codex's index of thread names, read with each rollout (its thread's title)");
		expect(report.failed.filter((failure) => !/looks like a chat/u.test(failure.reason))).toEqual([]);
	});

	it('tells a conversation in JSON of no format drill reads from JSON that holds none', () => {
		const said = (value: unknown) => unreadChat(value, 'keys');
		expect(said({conversation: [{speaker: 'human', text: 'why is the build red?'}, {speaker: 'bot', text: 'A flaky test.'}]})).toMatch(/^looks like a chat from an agent drill does not know, not read: /u);
		expect(said([{request: 'rename the column', response: 'Renamed.'}])).toBeDefined();
		expect(said({messages: [{User: {content: [{Text: 'open the settings'}]}}, {Agent: {content: [{Text: 'Opened.'}]}}]})).toBeDefined();
		expect(said({id: 'T-16e6b4e5-12ad-47bb-b598-7e040de598f7', messages: [{role: 'user', content: [{type: 'text', text: 'hi'}]}]})).toMatch(/^looks like a chat from Amp/u);
		// No conversation: configuration, a category file, an empty thread, a list of files.
		expect(said({name: 'drill', scripts: {test: 'vitest'}})).toBeUndefined();
		expect(said({label: 'Guides', position: 2})).toBeUndefined();
		expect(said({v: 1, id: 'T-16e6b4e5-12ad-47bb-b598-7e040de598f7', messages: []})).toBeUndefined();
		expect(said([{file: 'a.ts', before: '', after: 'x', additions: 1, deletions: 0}])).toBeUndefined();
		expect(said({items: [{type: 'user', name: 'ana'}]})).toBeUndefined();
	});

	it('reports a conversation too long for the head it is first looked at by', async () => {
		const folder = tempDir();
		const turns = Array.from({length: 400}, (_, index) => ({speaker: index % 2 ? 'assistant' : 'user', text: `turn ${index}: ${'the cache key includes the locale '.repeat(8)}`}));
		writeFileSync(path.join(folder, 'export.json'), JSON.stringify({exported: '2026-01-01', dialogue: turns}, null, 2));
		const report = await ingest([folder], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report.skipped_files).toBe(0);
		expect(report.failed).toEqual([{path: expect.stringMatching(/export\.json$/u), reason: expect.stringMatching(/^the file looks like a chat from an agent drill does not know, not read: /u)}]);
	});
});
