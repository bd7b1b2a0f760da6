import {describe, expect, it} from 'vitest';
import {claude, clockedSession} from '../../helpers/claude-records.js';
import {describeSource} from '../../../source/ingest/build-item.js';
import {requestSequel} from '../../../source/ingest/tree/request-sequel.js';
import {withSequel} from '../../../source/ingest/tree/session-tldr.js';
import {requestTitle} from '../../../source/ingest/tree/titles.js';

// Issue 34, the title and TLDR rules of pipeline ingest-25. Every fixture here is written for the test.

describe('rule 1: when the title states the request, the TLDR says what the request goes on to ask', () => {
	it('gives the sentence after the one the title states', () => {
		const request = 'Hello there. This is the old tide gauge server, the one that still works. Your mission is to audit every importer on it so we can rebuild it on a new machine.';
		const title = requestTitle(request)!;
		expect(title).toBe('This is the old tide gauge server, the one that still works');
		expect(requestSequel(request, title)).toBe('Your mission is to audit every importer on it so we can…');
	});

	it('gives the rest of a sentence the title cuts', () => {
		const request = 'Map every module of the harbour pipeline and wire each of its stages properly to the gauge registry service';
		const title = requestTitle(request)!;
		expect(title).toMatch(/…$/u);
		expect(requestSequel(request, title)).toMatch(/registry service$/u);
	});

	it('gives nothing for a one-sentence request, a title not in the request, or a pasted log line after it', () => {
		expect(requestSequel('Fix the tide importer so it keeps readings after midnight', 'Fix the tide importer so it keeps readings after midnight')).toBeUndefined();
		expect(requestSequel('Fix the tide importer. Then run the tests of the gauges', 'Harbour dashboard colours')).toBeUndefined();
		expect(requestSequel('Fix the tide importer crash.\n2025-09-01 21:30:18,910 app.importer INFO reading gauge 7', 'Fix the tide importer crash')).toBeUndefined();
	});

	it("puts it before a prompt log's own TLDR, and leaves an /init prompt's alone", () => {
		const logTldr = 'The prompt log keeps the person\'s requests only, no answers; the last of 3: "run it again"';
		const request = {text: 'I only see one gauge in the list. I want a menu that lists every gauge.', gist: 'I only see one gauge in the list'};
		expect(withSequel(logTldr, request.gist, {...request, template: false})).toBe(`I want a menu that lists every gauge. ${logTldr}`);
		expect(withSequel(logTldr, request.gist, {...request, template: true})).toBe(logTldr);
		expect(withSequel(logTldr, 'Harbour dashboard colours', {...request, template: false})).toBe(logTldr);
	});

	it("carries the session's subject into a session's TLDR", () => {
		const {user, assistant, calls} = clockedSession('s-25', '2026-12-01T09');
		const session = claude([
			user('u1', 'This prompt is written for an agent working on the gauge server. It is a mandate to resolve the container desync of the tide importer.\n\nSteps:\n1. Stop the old containers.'),
			...calls('c', 'Bash', {command: 'docker compose up -d'}, 3),
			assistant('a1', 'The importer container is running again and the health check answers 200.'),
		]);
		const described = describeSource(session);
		expect(described.title).toBe('This prompt is written for an agent working on the gauge server');
		expect(described.tldr).toMatch(/^It is a mandate to resolve the container desync/u);
		expect(described.tldr).toMatch(/health check answers 200/u);
	});
});

describe('rule 2: a sentence that points at "the below" text is completed by the next one', () => {
	it('adds what the brief below is about', () => {
		expect(requestTitle('Please check the below brief. Encoding of tide station names has been fixed already.\n\nWhat should we work on next?')).toBe('Check the below brief. Encoding of tide station names has been fixed already');
	});

	it('leaves a sentence that names what is below alone', () => {
		expect(requestTitle('Fix the importer described below. Then run the tests')).toBe('Fix the importer described below');
	});
});

describe("rule 3: an agent's usage-limit notice the work went on after is not what the work came to", () => {
	it('takes the report before the notice', () => {
		const {user, assistant, calls} = clockedSession('s-25b', '2026-12-01T10');
		const session = claude([
			user('u1', 'Wire the tide importer into the gauge registry and run its tests'),
			...calls('e', 'Edit', {file_path: '/repo/src/importer.rs', old_string: 'a', new_string: 'b'}, 2),
			assistant('a1', 'The importer now registers every gauge with the registry, and the tests pass.'),
			user('u2', 'Now document the registry'),
			assistant('a2', "You're out of extra usage · resets 9am (UTC)"),
			user('u3', 'Go on with the registry documentation'),
			assistant('a3', 'Let me read the registry module first.'),
			...calls('r', 'Read', {file_path: '/repo/src/registry.rs'}, 2),
		]);
		const {tldr} = describeSource(session);
		expect(tldr).not.toMatch(/out of extra usage/u);
		expect(tldr).toMatch(/registers every gauge/u);
	});
});

describe('rule 4: a terminal pasted as it was is named by its error, not its shell prompt', () => {
	it('takes the error line', () => {
		const paste = ['(venv) jo@gauge-pi:~$ python main.py', 'Traceback (most recent call last):', '  File "/home/jo/main.py", line 4, in <module>', '    from tide import importer', "SyntaxError: f-string: unmatched '['", '(venv) jo@gauge-pi:~$'].join('\n');
		expect(requestTitle(paste)).toBe("SyntaxError: f-string: unmatched '['");
	});

	it('leaves a pasted terminal with no error, and a request that only quotes a prompt, as they are', () => {
		expect(requestTitle('jo@gauge-pi:~$ ls readings\nmonday.csv tuesday.csv') ?? '').not.toMatch(/error/iu);
		expect(requestTitle('Why does jo@gauge-pi:~$ python main.py print nothing at all?')).toMatch(/^Why does/u);
	});
});

describe('rule 3b: a usage-limit notice that is the last answer says how the session stopped', () => {
	it('keeps it', () => {
		const {user, assistant} = clockedSession('s-25c', '2026-12-01T11');
		const session = claude([
			user('u1', 'Explain how the tide importer reads the gauge files'),
			assistant('a1', 'The importer reads every gauge file line by line and keeps readings after midnight.'),
			user('u2', 'Now explain the registry'),
			assistant('a2', 'Session limit reached ∙ resets 11pm'),
		]);
		expect(describeSource(session).tldr).toMatch(/Session limit reached/u);
	});
});
