import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {gistWithNames, requestNames} from '../../../source/ingest/tree/request-names.js';

const claude = (records: object[]): ParsedSource => {
	const reader = new ClaudeCodeReader([]);
	records.forEach((record, index) => reader.push(JSON.stringify(record), index + 1));
	return reader.finish();
};
const user = (uuid: string, content: unknown) => ({type: 'user', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:00:00Z', message: {role: 'user', content}});
const assistant = (uuid: string, text: string) => ({type: 'assistant', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:01:00Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'text', text}]}});

describe('the names a request gives', () => {
	it('finds editor mentions, code spans, file names and identifiers, in order, each once', () => {
		const request = 'I want to achieve the following logic:\n\n1. whenever i rename a file inside #file:the-blog-posts folder, update the #file:dev-to-git.json file so that #sym:relativePathToArticle adjusts. See `update-paths.js` and dev-to-git.json again.';
		expect(requestNames(request)).toEqual(['the-blog-posts', 'dev-to-git.json', 'relativePathToArticle', 'update-paths.js']);
	});

	it("names a link by its host and a ticket by its key", () => {
		expect(requestNames('read this story and analyze it for me https://hrcloud.atlassian.net/browse/CHR-48347')).toEqual(['hrcloud.atlassian.net', 'CHR-48347']);
	});

	it('leaves out prose, placeholders, other scripts and snippets', () => {
		const request = 'Fill in [PROJECT_NAME] from $ARGUMENTS, e.g. the `OCR結果表示画面` and `x = 1`, then rest.';
		expect(requestNames(request)).toEqual([]);
	});

	it('reads only the opening of a long request', () => {
		const request = `${'word '.repeat(100)}late_name.py`;
		expect(requestNames(request)).toEqual([]);
	});

	it('adds at most three names the title and gist do not already say', () => {
		const request = 'Kindly implement this TO-DO: copy each block of notes.md to mermaid/diagram.mmd with mermaid-to-png.js and png-to-mermaid.js, see render_all.';
		expect(gistWithNames('Kindly implement this TO-DO', request, 'mermaid png conversion notes.md')).toBe('Kindly implement this TO-DO (mermaid/diagram.mmd, mermaid-to-png.js, png-to-mermaid.js)');
		expect(gistWithNames('Fix it.', 'Fix it.', 'fix it')).toBe('Fix it.');
	});
});

describe('a session TLDR carries the names its request gives', () => {
	it('names given in a fenced block after the request sentence lead the TLDR', () => {
		const parsed = claude([
			user('u1', 'Kindly, implement this TO-DO that i wrote yesterday:\n\n```md\n1. Write a task that copies each mermaid block of a .md file to `mermaid/flow.mmd`, then render it with mermaid-to-png.js.\n```'),
			assistant('a1', 'The task now renders every diagram to a PNG next to its source.'),
		]);
		expect(describeSource(parsed).tldr).toBe('mermaid/flow.mmd, mermaid-to-png.js: The task now renders every diagram to a PNG next to its source.');
	});

	it('when the title already states the request, the names still lead the TLDR', () => {
		const parsed = claude([
			user('u1', 'Create normalize_schedule.py in module from the VBA code in SourceCode_NormalizeSchedule.txt'),
			assistant('a1', 'Created the Python class with the same logic as the VBA macro.'),
		]);
		const described = describeSource(parsed);
		expect(described.title).toContain('normalize_schedule.py');
		expect(described.tldr).toBe('SourceCode_NormalizeSchedule.txt: Created the Python class with the same logic as the VBA macro.');
	});

	it('names a product or place the request writes with a capital when the answers write it the same, in two of them or more', () => {
		// As in a real Gemini CLI session (held-out set 5): the library is named inside the request's sentence, and again in the answers.
		const request = 'Oye Gemini, ayúdame a generar un programa en Python usando Tkinter y SQLite con una ventana de login';
		const answers = ['Primero crearé la base de datos con SQLite.', 'He creado la ventana de login con Tkinter y la base de datos SQLite.', 'Ejecuta python main.py para abrir la ventana de Tkinter.'];
		expect(requestNames(request, answers)).toEqual(['Tkinter', 'SQLite']);
		// Not without the answers, not a word the answers also write in lower case ("Python" / "python"), not the sentence's first word.
		expect(requestNames(request)).toEqual([]);
		expect(requestNames('Header and Footer must show the User menu', ['The Header shows the user menu.', 'The Header and the User menu are done.'])).toEqual([]);
		// A key or a run of base64 is no name, however often it is repeated.
		expect(requestNames('decode this zip NEPXzdqSRqkcRkK6Kq please', ['NEPXzdqSRqkcRkK6Kq', 'NEPXzdqSRqkcRkK6Kq'])).toEqual([]);
		// The names written as code come first.
		expect(gistWithNames('Fix the login', 'Fix the login in `auth.py` for the Keycloak realm', 'fix the login', ['Keycloak rejects it.', 'Keycloak accepts it now.'])).toBe('Fix the login (auth.py, Keycloak)');
	});
});
