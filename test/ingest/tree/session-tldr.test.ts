import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {sessionTldr, titleStates} from '../../../source/ingest/tree/session-tldr.js';
import {assistant, claude, result, tool, user} from '../../helpers/claude-records.js';

const claudeFile = (file: string): ParsedSource => {
	const reader = new ClaudeCodeReader([]);
	readFileSync(file, 'utf8').split('\n').filter(Boolean).forEach((line, index) => reader.push(line, index + 1));
	return reader.finish();
};
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=\p{Lu})/u).length;
const words = (text: string) => text.split(/\s+/u).filter(Boolean).length;
const sessions = 'fixtures/summaries/sessions';

describe('a session TLDR says what was asked and what came of it', () => {
	it("a real Claude Code file whose rename comes after its last message: the rename titles it, the TLDR carries the subject", () => {
		const parsed = claudeFile(path.join(sessions, 'claude-code-custom-title.jsonl'));
		const described = describeSource(parsed);
		expect(described.title).toBe('add-teams-keybinding');
		expect(parsed.facts.provenance?.own_title).toBe('I need some new keyboard shortcuts added to my keybindings file');
		expect(described.tldr).toBe('I need some new keyboard shortcuts added to my keybindings file: SUPER + SHIFT + T opens Teams, SUPER + SHIFT + ALT + T opens btop. Edited bindings.conf.');
	});

	it("a real Claude Code file whose ai-title comes after its last message: the title already states the request, so the TLDR does not repeat it", () => {
		const parsed = claudeFile(path.join(sessions, 'claude-code-ai-title.jsonl'));
		const described = describeSource(parsed);
		expect(described.title).toBe('Upgrade all project modules');
		expect(described.tldr).toBe('The container ran out of memory and was killed. It has since restarted automatically.');
	});

	it('names the files edited most and the commits with their hashes, within two sentences and 60 words', () => {
		const edit = (uuid: string, file: string) => [tool(uuid, 'Edit', {file_path: file, old_string: 'a', new_string: 'b'}), result(uuid, 'ok')];
		const parsed = claude([
			user('u1', 'Fix the flaky FX conversion test in the rates service'),
			...edit('e1', '/repo/src/cache.ts'),
			...edit('e2', '/repo/src/rates.ts'),
			...edit('e3', '/repo/src/rates.ts'),
			...edit('e4', '/repo/test/convert.test.ts'),
			...edit('e5', '/repo/src/rates.ts'),
			...edit('e6', '/repo/README.md'),
			tool('c1', 'Bash', {command: 'git commit -am "Fix RateCache race"'}),
			result('c1', '[main 7ef0eb4] Fix RateCache race\n 2 files changed'),
			assistant('a1', 'The convert test passes 40 times in a row now.'),
		]);
		parsed.facts.provenance!.files_edited = ['/repo/src/cache.ts', '/repo/src/rates.ts', '/repo/test/convert.test.ts', '/repo/README.md'];
		const {tldr} = describeSource(parsed);
		expect(tldr).toBe('The convert test passes 40 times in a row now. Edited rates.ts, cache.ts, convert.test.ts, README.md; committed Fix RateCache race (7ef0eb4).');
		// More than five: counted, the five edited most named.
		expect(sessionTldr({others: 0, files: ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts', 'g.ts'], outcome: {report: ['The build passes again after the refactor.'], commits: [], endingNamesWork: false, endingNamesRequest: false}})).toBe('The build passes again after the refactor. Edited 7 files (a.ts, b.ts, c.ts, d.ts, e.ts, …).');
	});

	it('the answer to a background notice does not replace the report; a "please" lets the work go on', () => {
		const parsed = claude([
			user('u1', 'Make sure no call reaches Teamwork before the Microsoft login'),
			tool('t1', 'Bash', {command: 'bun run dev', run_in_background: true}),
			result('t1', 'started'),
			assistant('a1', 'The frontend now waits for the Microsoft login before calling Teamwork; the backend still accepts calls with no authentication.'),
			user('n1', '<task-notification>\n<task-id>b0a5bd1</task-id>\n<status>killed</status>\n</task-notification>\nRead the output file to retrieve the result: /tmp/b0a5bd1.output'),
			assistant('a2', 'Frontend server was terminated.'),
		]);
		expect(describeSource(parsed).tldr).toBe('The frontend now waits for the Microsoft login before calling Teamwork; the backend still accepts calls with no authentication.');
		const pleased = claude([
			user('u1', 'Improve the /start-project interview: nine questions, description first'),
			assistant('a1', 'Should I also fix the progress bar?'),
			user('u2', 'please'),
			tool('t1', 'Edit', {file_path: '/repo/lib/question-engine.js', old_string: 'a', new_string: 'b'}),
			result('t1', 'ok'),
			assistant('a2', 'The interview asks nine questions with the description second, and the progress bar moves in 11% steps.'),
		]);
		expect(describeSource(pleased).tldr).toMatch(/^The interview asks nine questions/u);
	});

	it('puts the request, the others and the outcome together, and cuts the report before the facts', () => {
		const outcome = {report: ['I fixed the race in the cache refresh and added a regression test that runs the conversion forty times in a row under load.', 'The flaky test has passed every run since then, on CI and locally, with no retries left in the config.'], commits: [{subject: 'Fix RateCache race', hash: '7ef0eb4aa'}], endingNamesWork: false, endingNamesRequest: false};
		const tldr = sessionTldr({gist: 'Fix the flaky FX conversion test', others: 2, outcome, files: ['rates.ts']});
		expect(tldr).toMatch(/^Fix the flaky FX conversion test \(\+2 other requests\): I fixed the race/u);
		expect(tldr).toMatch(/edited rates\.ts; committed Fix RateCache race \(7ef0eb4\)\.$/u);
		expect(words(tldr)).toBeLessThanOrEqual(60);
		expect(sentences(tldr)).toBeLessThanOrEqual(2);
		// An ending joins the request with a dash, which counts as a word too.
		const long = 'word '.repeat(40).trim();
		const ended = sessionTldr({gist: 'Roll the release out to the production cluster tonight', others: 3, outcome: {ending: `Stopped by the person before the work was done: ${long}.`, report: [`${long}.`], commits: [{subject: long}], endingNamesWork: false, endingNamesRequest: true}, files: ['a.ts', 'b.ts']});
		expect(ended).toMatch(/^Roll the release out to the production cluster tonight \(\+3 other requests\) — Stopped by the person/u);
		expect(words(ended)).toBeLessThanOrEqual(60);
		expect(sentences(ended)).toBeLessThanOrEqual(2);
		// Nothing to say: nothing.
		expect(sessionTldr({others: 0, files: []})).toBe('');
		expect(titleStates('Upgrade all project modules', 'Upgrade all modules')).toBe(true);
		expect(titleStates('add-teams-keybinding', 'I need some new keyboard shortcuts added to my keybindings file')).toBe(false);
	});

	it('every session fixture: at most two sentences and 60 words', () => {
		for (const file of readdirSync(sessions)) {
			const {tldr} = describeSource(claudeFile(path.join(sessions, file)));
			expect(words(tldr), file).toBeLessThanOrEqual(60);
			expect(sentences(tldr), `${file}: ${tldr}`).toBeLessThanOrEqual(2);
		}
	});
});
