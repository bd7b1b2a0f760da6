import {describe, expect, it} from 'vitest';
import {ClaudeAgentReader, claudeAgentSessionId} from '../../../source/ingest/formats/claude-agent.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {allUnits, readWith} from './read.js';

const pairs = (source: ParsedSource) => allUnits(source).flatMap((unit) => unit.blocks.map((block) => [block.role, block.text]));

describe('ClaudeAgentReader (managed-agent session events)', () => {
	it('reads what the person asked, what the agent did, and what the session said; skips status and timing', () => {
		const problems: SourceProblem[] = [];
		const source = readWith('fixtures/transcripts/claude-agent-events.jsonl', new ClaudeAgentReader(problems));
		expect(problems).toEqual([]);
		expect(pairs(source)).toEqual([
			// user.define_outcome: the task and its rubric.
			['user', expect.stringMatching(/^Produce a one-page incident summary for the 9 November checkout outage[^\n]*\n\nRubric:\n- States the customer impact/u)],
			['user', 'The outage started around 14:05 UTC. Use the gateway logs; the database logs are noisy.'],
			['assistant', "I'll start with the gateway logs around 14:05 UTC to find when errors began and which upstream failed."],
			['tool_call', "bash\ncommand: grep -c ' 502 ' /mnt/incident/gateway-2026-11-09.log && grep ' 502 ' /mnt/incident/gateway-2026-11-09.log | head -3"],
			['tool', expect.stringMatching(/^18342\n2026-11-09T14:05:12Z POST \/v2\/checkout 502/u)],
			['tool_call', 'grafana/query_metrics\nexpr: sum(rate(payments_db_pool_wait_seconds_count[1m]))\nstart: 2026-11-09T13:50:00Z\nend: 2026-11-09T15:10:00Z'],
			['tool', expect.stringMatching(/^Pool waits rise from 3\/s/u)],
			['tool_call', 'lookup_deploy\nservice: payments-api\naround: 2026-11-09T14:05:00Z'],
			['tool', expect.stringMatching(/^payments-api v2\.41\.0 deployed 14:02 UTC/u)],
			['tool_call', expect.stringMatching(/^write\nfile_path: \/mnt\/outputs\/incident-2026-11-09\.md\ncontent:\n {2}# Checkout outage, 9 November 2026\n\n {2}\*\*Impact\.\*\*/u)],
			['system', '[tool allow]'],
			['tool', 'File written: /mnt/outputs/incident-2026-11-09.md (812 bytes)'],
			['system', '[outcome] satisfied\nImpact has duration and failed checkouts; trigger and root cause are separate; three follow-ups, each with an owner.'],
			['system', '[outcome] satisfied'],
			['assistant', expect.stringMatching(/^The summary is in \/mnt\/outputs\/incident-2026-11-09\.md/u)],
			['system', '[error] MCP server grafana disconnected'],
			['system', '[interrupted by the user]'],
		]);
		// status_running ×2, status_idle ×3, terminated, model request start/end, a thinking event
		// without text, context compacted, outcome evaluation start and ongoing.
		expect(source.skipped).toBe(12);
		expect(source.facts.provenance).toEqual({agent: 'claude-agent', started_at: '2026-11-10T13:00:00.412Z', ended_at: '2026-11-10T13:05:50.100Z', turns: 2, tool_calls: 4, line: 1});
	});

	it('unwraps events from a logging envelope {role, kind, time, content, tool, raw}', () => {
		const source = readWith('fixtures/transcripts/claude-agent-envelope.jsonl', new ClaudeAgentReader([]));
		expect(pairs(source).map(([role]) => role)).toEqual(['user', 'assistant', 'tool_call', 'tool', 'assistant']);
		expect(pairs(source)[4]![1]).toMatch(/^Release notes for atlas 3\.2:\n\nFeatures\n- Typo-tolerant search/u);
		expect(source.skipped).toBe(2);
	});

	it('takes a session id and model when the events carry them', () => {
		const reader = new ClaudeAgentReader([]);
		reader.push('{"session_id":"sesn_01","model":"claude-opus-4-1","raw":{"type":"user.message","content":[{"type":"text","text":"Summarize the open incidents"}]}}', 1);
		reader.push('{"type":"agent.message","content":"There are two open incidents."}', 2);
		reader.push('{"type":"something.else"}', 3);
		reader.push('"a string"', 4);
		expect(reader.sessionId).toBe('sesn_01');
		expect(claudeAgentSessionId('{"session_id":"sesn_01","raw":{}}')).toBe('sesn_01');
		const source = reader.finish();
		expect(source.facts.provenance?.model).toBe('claude-opus-4-1');
		expect(source.skipped).toBe(1);
	});
});
