import type {Format} from './catalog.js';
import {ClaudeSubagents} from './claude-subagents.js';
import {CodexSubagents} from './codex-subagents.js';
import type {SubagentLayout} from './subagent-layout.js';

/** The layouts, one per agent whose subagents write files of their own; each caches what it has read for one run. */
export function subagentLayouts(): Partial<Record<Format, SubagentLayout>> {
	return {'claude-code': new ClaudeSubagents(), codex: new CodexSubagents()};
}
