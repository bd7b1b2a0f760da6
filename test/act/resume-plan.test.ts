import {describe, expect, it} from 'vitest';
import {resumePlan} from '../../source/act/resume.js';
import {DrillError} from '../../source/core/errors.js';

function refusal(run: () => unknown): DrillError {
	try {
		run();
	} catch (error) {
		if (error instanceof DrillError) return error;
		throw error;
	}
	throw new Error('no error');
}

describe('resume plans that could not run', () => {
	it('a Windows folder is not glued onto the current one: the plan is refused unless --cwd gives a folder here', () => {
		const source = {agent: 'qwen-code', kind: 'qwen-code', project: 'C:\\Users\\linhl\\Documents\\master', session_id: 'a1b2c3d4-0000-4000-8000-000000000001'};
		const error = refusal(() => resumePlan(source, 'conversation_session:q1'));
		expect(error.message).toBe('conversation_session:q1: the session ran in C:\\Users\\linhl\\Documents\\master, a Windows folder, not one on this machine');
		expect(error.hint).toMatch(/--cwd DIR/u);
		expect(resumePlan(source, 'conversation_session:q1', {cwd: '/tmp'}).shell).toMatch(/^cd \/tmp && qwen /u);
	});

	it('a log that records no session id is not sent back to be ingested again', () => {
		for (const source of [{agent: 'claude-agent', kind: 'claude-agent', project: '/tmp'}, {agent: 'cursor', kind: 'cursor-markdown', project: '/tmp'}, {agent: 'gemini-cli', kind: 'gemini-markdown', project: '/tmp'}, {agent: 'qwen-code', kind: 'gemini-markdown', project: '/tmp'}]) {
			const error = refusal(() => resumePlan(source, 'conversation_session:c1'));
			expect(error.message).toMatch(/its log records no .* session id/u);
			expect(`${error.message} ${error.hint}`).not.toMatch(/ingest/u);
		}
	});
});

describe('a folder VS Code opened remotely', () => {
	it('is named as the remote and refused without --cwd', () => {
		const error = refusal(() => resumePlan({agent: 'claude-code', kind: 'claude-code', project: 'dev-container: /workspaces/dashboard_mictlan', session_id: 'a1b2c3d4-0000-4000-8000-000000000001'}, 'conversation_session:r1'));
		expect(error.message).toMatch(/a dev-container folder, not one on this machine/u);
	});
});
