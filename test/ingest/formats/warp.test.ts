import {statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {WireMessage, wireFields} from '../../../source/ingest/formats/protobuf-wire.js';
import {readWarpStore} from '../../../source/ingest/formats/warp.js';
import {openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import {ingest} from '../../helpers/ingest.js';
import {buildStore, expectUntouched} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {textsOf} from './read.js';

// Trimmed from real public databases: see fixtures/agents/warp/README.md.
const current = 'fixtures/agents/warp/warp.store.json';
const legacy = 'fixtures/agents/warp/warp-2024.store.json';

function warpStore(fixture: string): string {
	const file = path.join(tempDir('drill-warp-'), 'warp.sqlite');
	buildStore(fixture, file);
	return file;
}

function sessions(file: string) {
	const store = openAgentDatabase(file);
	try {
		return [...readWarpStore(store.database)].map((session) => ({id: session.id, source: session.read()}));
	} finally {
		store.close();
	}
}

describe('Warp AI conversations (warp.sqlite)', () => {
	it('reads a conversation from its protobuf tasks, titled as Warp titles it (the root task)', () => {
		const [session, ...rest] = sessions(warpStore(current));
		expect(rest).toEqual([]);
		expect(session!.id).toBe('8cfe75bc-357f-4247-9bfb-66eb1bfe2154');
		const source = session!.source;
		expect(source.facts.title).toBe('Identify Hyprland Setup And Apps');
		expect(source.facts.provenance).toMatchObject({
			agent: 'warp',
			project: '/home/abdo',
			model: 'gpt-5 (high reasoning)',
			started_at: '2025-12-31T19:09:31.418Z',
			turns: 2,
			session_id: '8cfe75bc-357f-4247-9bfb-66eb1bfe2154',
			agent_title: 'Identify Hyprland Setup And Apps',
		});
		expect(textsOf(source, 'user')).toEqual([expect.stringMatching(/^scan my system i use hyprland/u), expect.stringMatching(/^i want you make an install\.sh/u)]);
		expect(textsOf(source, 'thinking')).toEqual([expect.stringMatching(/^\*\*Investigating application metadata\*\*/u)]);
		expect(textsOf(source, 'assistant')[0]).toMatch(/^Scanning your configs for Hyprland/u);
		expect(textsOf(source, 'assistant').at(-1)).toMatch(/^Here’s what I can detect from your system right now/u);
	});

	it('reads tool calls by their proto fields and their results, errors marked; server payloads are bookkeeping', () => {
		const source = sessions(warpStore(current))[0]!.source;
		const calls = textsOf(source, 'tool_call');
		expect(calls.map((call) => call.split('\n', 1)[0])).toEqual(['read_files', 'file_glob', 'run_shell_command', 'suggest_new_conversation']);
		expect(calls[0]).toContain('  - /home/abdo/.config/hypr/hyprland.conf');
		expect(calls[1]).toMatch(/^file_glob\npatterns:\n {2}- hypr\/\*\.conf/u);
		expect(calls[2]).toMatch(/^run_shell_command\ncommand: /u);
		const results = textsOf(source, 'tool');
		expect(results[0]).toMatch(/^\[error\] These files do not exist: \/home\/abdo\/\.config\/waybar\/config/u);
		expect(results[1]).toContain('/home/abdo/.config/dolphinrc');
		expect(results).toHaveLength(4);
		expect(source.facts.provenance?.tool_calls).toBe(4);
		// The server tool call, its result, and the per-message bookkeeping Warp keeps are counted, not read.
		expect(source.skipped).toBeGreaterThan(0);
	});

	it('reads a 2024 database: each exchange’s query (ai_queries) and answer (ai_blocks)', () => {
		const [session] = sessions(warpStore(legacy));
		expect(session!.id).toBe('81338b81-69b4-400e-8eb2-60762bcd9dd6');
		expect(textsOf(session!.source, 'user')).toEqual(['are you familiar with the Mikrotik RouterOS CLI or Scripting language']);
		expect(textsOf(session!.source, 'assistant')).toEqual([expect.stringMatching(/^Yes, I am familiar with the Mikrotik RouterOS CLI/u)]);
		expect(session!.source.facts.provenance).toMatchObject({agent: 'warp', project: '/home/mdriscoll', started_at: '2024-10-14T09:40:15.380Z', session_id: '81338b81-69b4-400e-8eb2-60762bcd9dd6'});
	});

	it('is told from its tables, and read without writing to it or beside it', async () => {
		const file = warpStore(current);
		expect((await sniff(file, statSync(file).size)).format).toBe('warp');
		expect((await sniff(warpStore(legacy), statSync(file).size)).format).toBe('warp');
		await expectUntouched(file, () => sessions(file));
	});

	it('ingests one item per conversation, then skips it unchanged', async () => {
		const file = warpStore(current);
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([file], {storePath: store, workers: false})).toMatchObject({added: 1, failed: []});
		expect(await ingest([file], {storePath: store, workers: false})).toMatchObject({added: 0, updated: 0, skipped: 1, failed: []});
	});
});

describe('protobuf wire format', () => {
	it('reads fields, nested messages and texts, and refuses bytes that are no message', () => {
		// {1: "a", 2: {1: 7}, 3: 150}
		const bytes = Uint8Array.from([0x0a, 0x01, 0x61, 0x12, 0x02, 0x08, 0x07, 0x18, 0x96, 0x01]);
		const message = WireMessage.of(bytes)!;
		expect(message.text(1)).toBe('a');
		expect(message.message(2)?.number(1)).toBe(7);
		expect(message.number(3)).toBe(150);
		// A length past the end, a field 0, a group: not a message.
		expect(wireFields(Uint8Array.from([0x0a, 0x05, 0x61]))).toBeUndefined();
		expect(wireFields(Uint8Array.from([0x02, 0x00]))).toBeUndefined();
		expect(wireFields(Uint8Array.from([0x0b]))).toBeUndefined();
		expect(WireMessage.of(Uint8Array.from([0xff, 0xff, 0xff]))).toBeUndefined();
	});
});
