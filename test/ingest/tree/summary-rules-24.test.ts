import {describe, expect, it} from 'vitest';
import {claude, clockedSession} from '../../helpers/claude-records.js';
import {describeSource} from '../../../source/ingest/build-item.js';
import {isInitTemplate} from '../../../source/ingest/tree/main-request.js';
import {requestNames} from '../../../source/ingest/tree/request-names.js';
import {requestTitle} from '../../../source/ingest/tree/titles.js';

// Issue 34, the title and TLDR rules of pipeline ingest-24. Every fixture here is written for the test.

/** An `/init` prompt as an agent sends it, shaped after Crush's (its file's name given). */
const initPrompt = (file: string) =>
	[
		`\`Please analyze this codebase and create a **${file}** file containing:`,
		'',
		'- Build/lint/test commands - especially for running a single test',
		'- Code style guidelines including imports, formatting, types, naming conventions, error handling, etc.',
		'',
		'The file you create will be given to agentic coding agents (such as yourself) that operate in this repository. Make it about 20-30 lines long.',
	].join('\n');

describe("rule 1: an agent's /init prompt is a template, not the session's subject", () => {
	const {user, assistant, calls} = clockedSession('s-24', '2026-11-05T09');
	/** The /init prompt, the CRUSH.md it wrote, and the agent's report of it: how both sessions below open. */
	const initWritten = (content: string, report: string) => [
		user('u1', initPrompt('CRUSH.md')),
		...calls('i', 'Write', {file_path: '/repo/CRUSH.md', content}, 2),
		assistant('a1', report),
	];

	it('knows the prompt of several agents, and no request of the person', () => {
		expect(isInitTemplate(initPrompt('CRUSH.md'))).toBe(true);
		expect(isInitTemplate('Please analyze this codebase and create a CLAUDE.md file, which will be given to future instances of Claude Code.')).toBe(true);
		expect(isInitTemplate('Generate a file named AGENTS.md that serves as a contributor guide for this repository.')).toBe(true);
		expect(isInitTemplate('Please analyze this codebase and tell me why the build is slow')).toBe(false);
		expect(isInitTemplate('Update the CRUSH.md file with the new test command')).toBe(false);
	});

	it("names the session by the person's own request, though it shares words with the file the prompt wrote", () => {
		const session = claude([
			...initWritten('# Build\n- cargo test', 'I created CRUSH.md with the build and test commands and the code style of this repository.'),
			user('u2', 'The tide gauge importer drops readings after midnight, run the tests and fix the importer'),
			...calls('e', 'Edit', {file_path: '/repo/src/importer.rs', old_string: 'a', new_string: 'b'}, 4),
			assistant('a2', 'Readings after midnight were dated the day before; the importer now keeps them and the tests pass.'),
		]);
		const described = describeSource(session);
		expect(described.title).toBe('The tide gauge importer drops readings after midnight');
		expect(described.tldr).toMatch(/\+1 other request/u);
	});

	it('keeps the prompt as the subject when nothing else the person asked led to work', () => {
		const session = claude([
			...initWritten('# Build', 'I created CRUSH.md with the build and test commands.'),
			user('u2', 'Thanks, that reads well and covers what the team needs for now'),
			assistant('a2', 'Glad it helps.'),
		]);
		expect(describeSource(session).title).toMatch(/Please analyze this codebase and create a CRUSH\.md file/u);
	});
});

describe('rule 2: a function the request writes as a call is one of its names', () => {
	it('takes `transfer_matrix(…)` as the name it is', () => {
		expect(requestNames('Create coeffs.py and integrate.py. coeffs.py: one function transfer_matrix(alpha_I, alpha_Q) returning the matrix K.')).toEqual(['coeffs.py', 'integrate.py', 'transfer_matrix', 'alpha_I', 'alpha_Q']);
		expect(requestNames('Call loadReadings() before drawChart(data) on every refresh')).toEqual(['loadReadings', 'drawChart']);
	});

	it('still leaves out a word in prose followed by brackets', () => {
		expect(requestNames('Fix the layout (it breaks on phones) and the footer')).toEqual([]);
	});
});

describe('rule 3: a short sentence that only points is completed by the next one', () => {
	it('adds what "this" is', () => {
		expect(requestTitle('fix this so it compiles and runs. i want a harbourstan backend that fits the tide curves')).toBe('Fix this so it compiles and runs. I want a harbourstan backend that fits the…');
		expect(requestTitle('Do that for every page. The footer links must open in the same tab')).toBe('Do that for every page. The footer links must open in the same tab');
	});

	it('leaves a sentence that names its subject, or a long one, as it is', () => {
		expect(requestTitle('Fix the tide importer so it compiles. Then run the tests')).toBe('Fix the tide importer so it compiles');
		expect(requestTitle('Fix this in importer.rs so it compiles. Then run the tests')).toBe('Fix this in importer.rs so it compiles');
		expect(requestTitle('Make this work on every phone and tablet we support today. Then run the tests')).toBe('Make this work on every phone and tablet we support today');
	});

	it('takes no next sentence that is no request, nor one after "I see that…"', () => {
		expect(requestTitle('Fix this so it compiles. Ok')).toBe('Fix this so it compiles');
		expect(requestTitle('I see that in the gauges folder. There are some scripts we never run')).toBe('I see that in the gauges folder');
	});
});

describe("rule 4: a web server's failed request names a pasted log that the person only said \"fix this\" about", () => {
	it('takes the first request that failed', () => {
		const log = ['fix this', ' GET /player?src=%2Fclips%2Fharbour+tide.mp4 200 in 46ms', ' GET /processed/harbour%20tide_sprite.vtt 404 in 76ms', ' GET /clips/harbour%20tide.mp4 404 in 60ms'].join('\n');
		expect(requestTitle(log)).toBe('GET /processed/harbour%20tide_sprite.vtt 404 in 76ms');
		expect(requestTitle('10.0.0.7 - - "POST /api/readings HTTP/1.1" 500 12')).toBe('10.0.0.7 - - "POST /api/readings HTTP/1.1" 500 12');
	});

	it('leaves a log of requests that all went through, and the person\'s own sentence, alone', () => {
		expect(requestTitle('fix this\n GET /player 200 in 46ms\n GET /clips/tide.mp4 304 in 5ms')).toBeUndefined();
		expect(requestTitle('The clips page shows a 404 for every clip with a space in its name\n\n GET /clips/harbour%20tide.mp4 404 in 60ms')).toBe('The clips page shows a 404 for every clip with a space in its name');
	});
});
