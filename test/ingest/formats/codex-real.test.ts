import {appendFileSync, cpSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CodexReader} from '../../../source/ingest/formats/codex.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {storedItems} from '../../helpers/items.js';
import {readWith} from './read.js';

/** A Codex 0.144 rollout and its home's session_index.jsonl, trimmed from real files (fixtures/agents/real/README.md). */
const home = 'fixtures/agents/real/codex';
const rollout = path.join(home, 'sessions/2026/07/11/rollout-2026-07-11T10-22-29-019f4efb-ae76-7e30-b44e-3fa464c16193.jsonl');

describe('Codex 0.14x: real rollouts', () => {
	it("takes the thread's name from session_index.jsonl (its latest line), never the plugin preamble Codex puts in the user's place", () => {
		const problems: SourceProblem[] = [];
		const source = readWith(rollout, new CodexReader(problems, undefined, path.resolve(rollout)));
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('排查 RPC 定时器泄露');
		expect(source.facts.provenance).toMatchObject({agent: 'codex', agent_title: '排查 RPC 定时器泄露', session_id: '019f4efb-ae76-7e30-b44e-3fa464c16193', model: 'gpt-5.5'});
		// Read without its index, the title is the request, not "Here is a list of plugins…".
		const alone = readWith(rollout, new CodexReader([]));
		expect(alone.facts.title).toBeUndefined();
		const user = alone.root.units.flatMap((unit) => unit.blocks).filter((block) => block.role === 'user');
		expect(user.map((block) => block.text)).toEqual([expect.stringMatching(/^我的这个项目里面，总是会内存泄露/u)]);
	});

	it('drops the turns a thread_rolled_back took back, and counts world_state, thread settings and the second session_meta as records of unused kinds', () => {
		const source = readWith(rollout, new CodexReader([]));
		// The request was sent, rolled back after a usage-limit error, and sent again: one turn.
		expect(source.facts.provenance?.turns).toBe(1);
		const said = source.root.units.flatMap((unit) => unit.blocks).map((block) => block.text);
		expect(said.some((text) => text.includes('usage limit'))).toBe(false);
		expect(source.skipped).toBeGreaterThan(5);
	});

	it('reads the index as a companion of the rollouts, and reads an unchanged rollout again when its thread is renamed', async () => {
		const copy = tempDir();
		cpSync(home, copy, {recursive: true});
		const index = path.join(copy, 'session_index.jsonl');
		expect((await sniff(index, statSync(index).size)).notASource).toBe(true);
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([copy], {storePath: store, workers: false})).toMatchObject({added: 1, skipped_files: 1, failed: []});
		appendFileSync(index, `${JSON.stringify({id: '019f4efb-ae76-7e30-b44e-3fa464c16193', thread_name: 'RPC 定时器泄露：修复 AFKZone', updated_at: '2026-07-12T08:00:00Z'})}\n`);
		expect(await ingest([copy], {storePath: store, workers: false})).toMatchObject({updated: 1, failed: []});
		expect(storedItems(store)[0]!.record.title).toBe('RPC 定时器泄露：修复 AFKZone');
		expect(await ingest([copy], {storePath: store, workers: false})).toMatchObject({added: 0, updated: 0, skipped: 1});
	});
});
