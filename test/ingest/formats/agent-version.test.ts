import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import {CodexReader} from '../../../source/ingest/formats/codex.js';
import {readOpenCodeSessionFile} from '../../../source/ingest/formats/opencode.js';
import {QwenCodeReader} from '../../../source/ingest/formats/qwen-code.js';
import {agentVersion} from '../../../source/ingest/formats/session-facts.js';
import {sourceLine} from '../../../source/core/item-source.js';
import {validateSource} from '../../../source/store/validate-source.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {storedItems} from '../../helpers/items.js';
import {readWith} from './read.js';

const real = (...parts: string[]) => path.join('fixtures/agents/real', ...parts);

// Issue 33 point 3: the agent, its version and folder come from the file's own markers.
describe("the agent's version, from the log", () => {
	it('Claude Code: the `version` its records carry (a real 2.1.92 session)', () => {
		const source = readWith(real('claude-code', '4eb362e5-e40d-4f92-be47-a5eb907628b9.jsonl'), new ClaudeCodeReader([]));
		expect(source.facts.provenance?.agent_version).toBe('2.1.92');
	});

	it('is kept by the store: an item read back carries it', async () => {
		const store = path.join(tempDir(), 's.db');
		await ingest([real('claude-code', '4eb362e5-e40d-4f92-be47-a5eb907628b9.jsonl')], {storePath: store, workers: false});
		expect(storedItems(store).map((item) => item.record.source?.agent_version)).toEqual(['2.1.92']);
	});

	it("Codex: session_meta's cli_version (a real 0.144 rollout)", () => {
		const rollout = real('codex', 'sessions/2026/07/11/rollout-2026-07-11T10-22-29-019f4efb-ae76-7e30-b44e-3fa464c16193.jsonl');
		expect(readWith(rollout, new CodexReader([])).facts.provenance?.agent_version).toBe('0.144.0-alpha.4');
	});

	it("OpenCode: the session's `version`", () => {
		const file = 'fixtures/agents/opencode/storage/session/3f1a9c0b2e7d4c18a6b5/ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a.json';
		expect(readOpenCodeSessionFile(file, JSON.parse(readFileSync(file, 'utf8')), []).facts.provenance?.agent_version).toBe('0.15.4');
	});

	it('Qwen Code: the last version named when an update happened mid-session', () => {
		const line = (version: string, n: number) => JSON.stringify({uuid: `u${n}`, sessionId: 's1', timestamp: `2026-01-0${n}T10:00:00Z`, type: 'user', version, cwd: '/p', message: {role: 'user', parts: [{text: `request ${n}`}]}});
		const reader = new QwenCodeReader([]);
		reader.push(line('0.0.14', 1), 1);
		reader.push(line('0.1.0', 2), 2);
		expect(reader.finish().facts.provenance?.agent_version).toBe('0.1.0');
	});

	it('a value that is not a version is none: no text from the log passes for one', () => {
		expect(['2.1.22', 'v1.4', '0.140.0-alpha.3', '1.2.3+build.7'].map(agentVersion)).toEqual(['2.1.22', '1.4', '0.140.0-alpha.3', '1.2.3+build.7']);
		for (const bad of ['latest', '\u001b[31m1.0', '1.0 --yes', 42, {}, `1.${'0'.repeat(80)}x`]) expect(agentVersion(bad)).toBeUndefined();
	});

	it('the detail line names it after the agent; a listing row does not', () => {
		const source = {agent: 'claude-code', agent_version: '2.1.92', project: '/p'};
		expect(sourceLine(source, {full: true})).toMatch(/^claude-code 2\.1\.92 · /u);
		expect(sourceLine(source)).toMatch(/^claude-code · /u);
		expect(validateSource('x', {agent_version: '2.1.92'})).toEqual({agent_version: '2.1.92'});
		expect(() => validateSource('x', {agent_version: 'v'.repeat(65)})).toThrow(/agent_version/u);
	});
});
