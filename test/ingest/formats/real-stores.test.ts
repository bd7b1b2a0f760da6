import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildStore} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {storedItems} from '../../helpers/items.js';

/**
 * Agents' databases trimmed from real public stores (fixtures/agents/real/stores, sources in
 * fixtures/agents/real/README.md): each is named by its own markers, titled by the agent, and
 * what it recorded (cost, tokens, model) is read; rows of tables drill does not use are counted.
 */
async function ingestStore(fixture: string, name: string) {
	const folder = tempDir();
	const file = path.join(folder, name);
	buildStore(path.join('fixtures/agents/real/stores', fixture), file);
	const store = path.join(tempDir(), 's.db');
	const report = await ingest([file], {storePath: store, workers: false});
	return {report, items: storedItems(store).map(({record}) => record)};
}

describe('real agent databases', () => {
	it("names the Go OpenCode's opencode.db opencode-go, not crush, and reads its recorded cost", async () => {
		const {report, items} = await ingestStore('opencode-go.store.json', 'opencode.db');
		expect(report).toMatchObject({added: 2, failed: []});
		expect(items.map((item) => [item.source?.agent, item.title, item.source?.cost_usd]).sort()).toEqual([
			['opencode-go', 'Analyze codebase and draft OpenCode.md with build, test, and style guidelines', 2.648304],
			['opencode-go', 'Repository, domain, DB, and networking stubs for shared module', 0.37049],
		]);
	});

	it('names a Crush store crush, with its recorded cost and tokens', async () => {
		const {report, items} = await ingestStore('crush-v5.store.json', 'crush.db');
		expect(report).toMatchObject({added: 1, failed: []});
		expect(items[0]!.title).toBe('Forgejo crashing in k3s cluster');
		expect(items[0]!.source).toMatchObject({agent: 'crush', agent_title: 'Forgejo crashing in k3s cluster', cost_usd: 0.040845, tokens: {input: expect.any(Number), output: expect.any(Number)}});
	});

	it("names Kilo CLI's kilo.db kilo-cli, whatever the file is called", async () => {
		for (const name of ['kilo.db', 'store.db']) {
			const {report, items} = await ingestStore('kilo.store.json', name);
			expect(report).toMatchObject({added: 1, failed: []});
			expect(items[0]!.source).toMatchObject({agent: 'kilo-cli', agent_title: 'Project memory bank initialization', session_id: 'ses_31f27563dffeFcy5Zsz7p67DJQ'});
		}
	});

	it("reads OpenCode 1.17's session columns (cost, model) and counts its event, session_message and session_input rows as unused", async () => {
		const {report, items} = await ingestStore('opencode-1.17.store.json', 'opencode.db');
		expect(report).toMatchObject({added: 1, failed: []});
		expect(items[0]!.title).toBe('Greeting');
		expect(items[0]!.source).toMatchObject({agent: 'opencode', cost_usd: 1.662471, project: '/home/build'});
		// 5 events and 1 model switch, besides the step bookkeeping of its parts.
		expect(report.skipped_records).toBeGreaterThanOrEqual(6);
	});
});
