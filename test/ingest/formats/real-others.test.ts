import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildStore} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {storedItems} from '../../helpers/items.js';

/** Sessions trimmed from real public files (fixtures/agents/real/README.md): counted and titled as their agents showed them. */
async function items(inputs: string[]) {
	const store = path.join(tempDir(), 's.db');
	const report = await ingest(inputs, {storePath: store, workers: false});
	return {report, items: storedItems(store).map(({record}) => record)};
}

describe('real sessions of the other agents drill reads', () => {
	it('aider 0.50: one item per session that asked something, the model of its "Models:" line', async () => {
		const {report, items: read} = await items(['fixtures/agents/real/aider/.aider.chat.history.md']);
		// Three sessions; the last only added a file (asked nothing).
		expect(report).toMatchObject({added: 2, failed: []});
		expect(read.map((item) => [item.title, item.source?.model]).sort()).toEqual([
			['Pojdme podle zadání v instructions md modifikovat naši hydrogen šablonu', 'claude-3-5-sonnet-20240620'],
			['Potřebuju aby navbar měl stejný padding nahoře i dole', 'deepseek/deepseek-coder'],
		]);
	});

	it('Gemini CLI: a recorded chat and a stream-json transcript', async () => {
		const {report, items: read} = await items(['fixtures/agents/real/gemini-cli']);
		expect(report).toMatchObject({added: 2, failed: []});
		expect(read.map((item) => [item.source?.kind, item.source?.agent, item.source?.model]).sort()).toEqual([
			['gemini-chat', 'gemini-cli', 'gemini-3-pro-preview'],
			['gemini-cli', 'gemini-cli', 'gemini-3-pro-preview'],
		]);
	});

	it("OpenCode's JSON storage: two sessions with OpenCode's titles, the message and part files read with them", async () => {
		const {report, items: read} = await items(['fixtures/agents/real/opencode']);
		expect(report).toMatchObject({added: 2, failed: []});
		expect(read.map((item) => [item.source?.session_id, item.title]).sort()).toEqual([
			['ses_53993b312ffeefelTsBlbUVXV8', 'Adding /story command to README'],
			['ses_539950424ffev4SAECXTZKSubM', 'Adding /story command to README'],
		]);
	});

	it("Goose's sessions.db of one session that never asked anything: no item, counted as empty", async () => {
		const file = path.join(tempDir(), 'sessions.db');
		buildStore('fixtures/agents/real/stores/goose-empty.store.json', file);
		const {report, items: read} = await items([file]);
		expect(read).toEqual([]);
		expect(report.failed).toEqual([]);
	});

	it('a Cursor "Export Chat" file (1.7.54, Japanese): its heading is the title, each **User** / **Cursor** turn read', async () => {
		const {report, items: read} = await items(['fixtures/agents/real/cursor/20251107_cursor_2.md']);
		expect(report).toMatchObject({added: 1, failed: []});
		expect(read[0]!.title).toBe('プロジェクトのデプロイ手順を確認する');
		expect(read[0]!.source).toMatchObject({kind: 'cursor-markdown', agent: 'cursor', turns: 2});
	});
});
