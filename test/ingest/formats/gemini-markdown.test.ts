import {readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {isGeminiShare, readGeminiShare, sharedContents} from '../../../source/ingest/formats/gemini-markdown.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';
import {storedItems} from '../../helpers/items.js';
import {textsOf} from './read.js';

const gemini = 'fixtures/agents/gemini-share/gemini-cli-share.md';
const qwen = 'fixtures/agents/gemini-share/qwen-code-share.md';

const read = (file: string, problems: SourceProblem[] = []) => readGeminiShare(readFileSync(file, 'utf8'), file, problems);
const sniffed = async (file: string) => (await sniff(file, statSync(file).size)).format;

describe('Gemini CLI and Qwen Code chats shared as Markdown (real, `/chat share`)', () => {
	it('is told from its content, in both heading shapes', async () => {
		expect(await sniffed(gemini)).toBe('gemini-markdown');
		expect(await sniffed(qwen)).toBe('gemini-markdown');
	});

	it('is Gemini CLI’s by the context it opens with, titled by the request, the context kept apart', () => {
		const problems: SourceProblem[] = [];
		const source = read(gemini, problems);
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'gemini-cli', turns: 1, tool_calls: 0});
		expect(textsOf(source, 'user')).toEqual(["If I wanted to simulate a drone track without a pre-computed path, what would be a simple way to do that? Just discuss this, don't write any code."]);
		expect(textsOf(source, 'assistant')[0]).toMatch(/^To simulate a drone track without a pre-computed path/u);
	});

	it('is Qwen Code’s by “This is the Qwen Code.”, with its tool calls and responses as tools', () => {
		const source = read(qwen);
		expect(source.facts.provenance).toMatchObject({agent: 'qwen-code', turns: 4, tool_calls: 7});
		expect(textsOf(source, 'tool_call')[0]).toMatch(/^list_directory\b/u);
		expect(textsOf(source, 'tool').length).toBe(7);
		// A tool response is no request: the requests are the person's words.
		expect(textsOf(source, 'user').some((said) => said.includes('**Tool Response**'))).toBe(false);
		expect(textsOf(source, 'user').some((said) => said.includes('review the work done in research/'))).toBe(true);
	});

	it('rebuilds the contents the export was written from', () => {
		const contents = sharedContents(readFileSync(qwen, 'utf8'));
		expect(contents.map((content) => content.role).slice(0, 5)).toEqual(['user', 'model', 'user', 'model', 'user']);
		expect(contents[3]!.parts.filter((part) => 'functionCall' in part)).toHaveLength(3);
		expect(contents[4]!.parts.every((part) => 'functionResponse' in part)).toBe(true);
	});

	it('is a session of the right agent in the store, titled by its main request', async () => {
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([gemini, qwen], {storePath: store, workers: false})).toMatchObject({added: 2, failed: []});
		const items = storedItems(store).map(({record}) => [record.namespace, record.source?.agent, record.title]).sort();
		expect(items).toEqual([
			['conversation_session', 'gemini-cli', 'If I wanted to simulate a drone track without a pre-computed path'],
			['conversation_session', 'qwen-code', 'Review the work done in research/ to measure and improve Conjecture accuracy'],
		]);
	});
});

describe('ordinary Markdown stays a document', () => {
	const documents: Record<string, string> = {
		'a doc with USER and MODEL sections': '# Roles\n\n## USER\n\nA person who signs in.\n\n---\n\n## MODEL\n\nThe data model.\n',
		'a doc that quotes an export’s heading further down': '# Notes on /chat share\n\nIt writes:\n\n---\n\n## USER 🧑‍💻\n\nhello\n\n---\n\n## MODEL ✨\n\nhi\n',
		'one heading and no other role': '## USER 🧑‍💻\n\nJust a note.\n\n---\n\n## USER 🧑‍💻\n\nAnother.\n',
	};

	for (const [name, text] of Object.entries(documents)) {
		it(`${name}`, async () => {
			expect(isGeminiShare(text)).toBe(false);
			const file = path.join(tempDir(), 'doc.md');
			writeFileSync(file, text);
			expect(await sniffed(file)).toBe('markdown');
		});
	}
});
