import {appendFileSync, copyFileSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {AiderSessionReader} from '../../../source/ingest/formats/aider.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {fileRecords, type FileRecord} from '../../../source/ingest/multi-item.js';
import {ingest} from '../../helpers/ingest.js';
import {SummaryStore} from '../../../source/store/summary-store.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits} from './read.js';

const fixture = path.resolve('fixtures/transcripts/aider.chat.history.md');
const pairs = (source: ParsedSource) => allUnits(source).flatMap((unit) => unit.blocks.map((block) => [block.role, block.text, block.tools]));

async function records(file: string) {
	const problems: SourceProblem[] = [];
	let skipped = 0;
	const found: Array<Extract<FileRecord, {kind: 'source'}>> = [];
	const head = readFileSync(file, 'utf8').slice(0, 65536);
	for await (const record of fileRecords('aider', {file, real: file, size: statSync(file).size, head, salt: 's', problems, onSkipped: () => skipped++})) {
		if (record.kind === 'source') found.push(record);
	}
	return {found, problems, skipped};
}

describe('aider chat history', () => {
	it('makes one item per session that asked something, each with its own place in the file', async () => {
		const {found, problems, skipped} = await records(fixture);
		expect(problems).toEqual([]);
		// The session of 1 October only started and quit.
		expect(skipped).toBe(1);
		expect(found.map((record) => [record.line, record.uri])).toEqual([
			[2, `${pathToFileURL(fixture).href}#L2`],
			[87, `${pathToFileURL(fixture).href}#L87`],
		]);
		expect(new Set(found.map((record) => record.itemId)).size).toBe(2);
		expect(found[0]!.parsed.facts.provenance).toEqual({agent: 'aider', project: path.dirname(fixture), model: 'anthropic/claude-sonnet-4-20250514', started_at: new Date('2026-09-30T10:12:04').toISOString(), turns: 2, tool_calls: 8, line: 2});
		expect(found[1]!.parsed.facts.provenance).toMatchObject({model: 'openai/gpt-4.1', turns: 2, line: 87});
	});

	it('reads #### lines as the person (consecutive ones as one message), > lines as aider, the rest as the answer', async () => {
		const {found} = await records(fixture);
		const first = pairs(found[0]!.parsed);
		expect(first[0]).toEqual(['tool', expect.stringMatching(/^\/home\/sam\/\.local\/bin\/aider --model sonnet\nAider v0\.86\.1\nMain model: /u), []]);
		// A slash command is an action, not a request.
		expect(first[1]).toEqual(['tool_call', '/add src/slugify.py tests/test_slugify.py', ['/add']]);
		expect(first[2]).toEqual(['tool', 'Added src/slugify.py to the chat\nAdded tests/test_slugify.py to the chat', []]);
		expect(first[3]).toEqual(['user', 'slugify() drops non-ASCII letters completely, so "Café Müller" becomes "caf-mller".\nIt should transliterate them instead: "cafe-muller".\nKeep the existing behaviour for emoji (they are removed).', undefined]);
		expect(first[4]![0]).toBe('assistant');
		expect(first[4]![1]).toMatch(/^The function strips every character[\s\S]*```python\n<<<<<<< SEARCH[\s\S]*>>>>>>> REPLACE\n```$/u);
		expect(first[5]).toEqual(['tool', 'Applied edit to tests/test_slugify.py\nApplied edit to src/slugify.py\nCommit 7e3b1c9 fix: transliterate accented letters in slugify', ['Edit', 'Edit', 'Commit']]);
		expect(first[6]).toEqual(['tool_call', '/run pytest -q tests/test_slugify.py', ['/run']]);
		expect(first[7]![2]).toEqual(['Run']);
		expect(first[8]).toEqual(['user', "What's wrong? Fix that", undefined]);
		// "/ask" asks something; "<blank>" is nothing; an error aider printed stays its output.
		const third = pairs(found[1]!.parsed);
		expect(third.filter(([role]) => role === 'user').map(([, text]) => text)).toEqual(['/ask why do we keep a separate ascii fallback table in src/slugify.py if NFKD handles accents now?', "merge them then, one table for everything NFKD can't decompose"]);
		expect(third).toContainEqual(['tool', 'litellm.APIConnectionError: Connection error.\nRetrying in 0.5 seconds...', []]);
		expect(found[1]!.parsed.skipped).toBe(1);
	});

	it('keeps each session’s id when the history grows, and adds only the new session', async () => {
		const folder = tempDir();
		const history = path.join(folder, '.aider.chat.history.md');
		copyFileSync(fixture, history);
		const store = path.join(folder, 's.db');
		const first = await ingest([folder], {storePath: store, cwd: folder});
		expect(first).toMatchObject({added: 2, failed: [], skipped_records: 2});
		appendFileSync(history, '\n# aider chat started at 2026-10-03 09:00:00\n\n#### add a docstring to slugify explaining the transliteration\n\nAdded a docstring that lists the three steps.\n\n> Applied edit to src/slugify.py  \n');
		const second = await ingest([folder], {storePath: store, cwd: folder});
		expect(second).toMatchObject({added: 1, updated: 0, skipped: 2, failed: []});
		const reader = SummaryStore.open(store);
		try {
			expect([...reader.eachItem()].map((item) => item.title).sort()).toEqual([
				'Add a docstring to slugify explaining the transliteration',
				'Slugify drops non-ASCII letters completely, so "Café Müller" becomes "caf-mller"',
				'Why do we keep a separate ascii fallback table in src/slugify.py if NFKD…',
			]);
		} finally {
			reader.close();
		}
	});

	it('joins the lines of a pasted message, and a blank line ends it', () => {
		const reader = new AiderSessionReader('2026-01-01 10:00:00', 1);
		for (const line of ['', '#### first line of a paste  ', '####   ', '#### third line  ', '', '#### a second message  ', '', 'An answer.']) reader.push(line);
		expect(pairs(reader.finish()).map(([role, text]) => [role, text])).toEqual([
			['user', 'first line of a paste\n\nthird line'],
			['user', 'a second message'],
			['assistant', 'An answer.'],
		]);
	});

	it('reads a request given as /code, /ask or /architect once, though aider logs it again as the new chat’s message', () => {
		const reader = new AiderSessionReader('2026-01-01 10:00:00', 1);
		for (const line of ['', '> Aider v0.82.2  ', '', '#### /code add a dark mode switch at the top right  ', '', '#### add a dark mode switch at the top right  ', '', 'Here is the toggle.', '', '#### /ask why is the   switch slow?  ', '', '#### why is the switch slow?  ', '', 'It re-renders the whole tree.', '', '#### why is the switch slow?  ', '', 'Asked again: the same answer.']) reader.push(line);
		const parsed = reader.finish();
		expect(pairs(parsed).filter(([role]) => role === 'user').map(([, text]) => text)).toEqual([
			'/code add a dark mode switch at the top right',
			'/ask why is the   switch slow?',
			// Typed again by the person later: a request of its own.
			'why is the switch slow?',
		]);
		expect(parsed.facts.provenance?.turns).toBe(3);
	});

	it('keeps a "#### " heading of the answer in the answer: aider ends only its own lines with two spaces', () => {
		const reader = new AiderSessionReader('2026-01-01 10:00:00', 1);
		for (const line of ['', '> Aider v0.86.1  ', '', '#### make the parser tolerant of blank lines  ', '', '#### 1. Update the parser', '', 'Skip blank lines before the header.', '', '#### 2. Add a test', '', 'One case with two blank lines.', '', '> Applied edit to parser.py  ', '', '#### thanks, now the docs  ']) reader.push(line);
		const roles = pairs(reader.finish()).map(([role, text]) => [role, text]);
		expect(roles.filter(([role]) => role === 'user').map(([, text]) => text)).toEqual(['make the parser tolerant of blank lines', 'thanks, now the docs']);
		expect(roles).toContainEqual(['assistant', '#### 1. Update the parser\n\nSkip blank lines before the header.\n\n#### 2. Add a test\n\nOne case with two blank lines.']);
	});

	it('reads a history cut at the top (no start line before its first request) as aider, that part a session of its own', async () => {
		const folder = tempDir();
		const history = path.join(folder, 'chat-log.md');
		writeFileSync(history, ['#### fix the login redirect loop  ', '', 'The cookie path was wrong; here is the fix.', '', '> Tokens: 1.2k sent, 80 received.  ', '> Applied edit to app/auth.py  ', '', '# aider chat started at 2026-02-03 10:00:00', '', '#### now add a test for it  ', '', 'Added test_login_redirect.', ''].join('\n'));
		expect((await sniff(history, statSync(history).size)).format).toBe('aider');
		const {found} = await records(history);
		expect(found.map((record) => [record.line, record.parsed.facts.provenance?.started_at])).toEqual([
			[1, undefined],
			[8, new Date('2026-02-03T10:00:00').toISOString()],
		]);
		expect(new Set(found.map((record) => record.itemId)).size).toBe(2);
		// Named as aider names it, a history is aider's whatever its first line.
		const named = path.join(folder, '.aider.chat.history.md');
		writeFileSync(named, '> Add .aider* to .gitignore (recommended)? (Y)es/(N)o [Yes]: y  \n\n#### hello  \n');
		expect((await sniff(named, statSync(named).size)).format).toBe('aider');
		// A markdown page that only shows a "#### " heading is not.
		const page = path.join(folder, 'page.md');
		writeFileSync(page, '#### Options\n\n> Note: defaults apply.\n');
		expect((await sniff(page, statSync(page).size)).format).toBe('markdown');
	});

	it("keeps a reasoning model's <think> block as its thinking, not as its answer", () => {
		const reader = new AiderSessionReader('2025-05-04 17:02:36', 1);
		for (const line of ['', '> Main model: ollama/qwen3:8b with whole edit format  ', '', "#### now I have: Module not found: Error: Can't resolve 'styled-components'  ", '', '<think>', "Okay, the user is getting an error that 'styled-components' can't be resolved.", '', 'That usually means the package is not installed.', '</think>', '', 'Install the package: `npm install styled-components`.', '', '> Tokens: 11k sent, 967 received.  ']) reader.push(line);
		const roles = pairs(reader.finish()).map(([role, text]) => [role, text]);
		expect(roles.slice(2, 4)).toEqual([
			['thinking', "Okay, the user is getting an error that 'styled-components' can't be resolved.\n\nThat usually means the package is not installed."],
			['assistant', 'Install the package: `npm install styled-components`.'],
		]);
	});

	it("keeps the reasoning aider 0.8x stores in its own thinking-content tag as thinking", () => {
		const tag = 'thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b';
		const reader = new AiderSessionReader('2026-07-03 13:15:19', 1);
		for (const line of ['> Model: deepseek/deepseek-v4-pro with whole edit format, infinite output  ', '', '#### I am trying to spawn 3 roads but none appear  ', '', `<${tag}>`, '', 'We are asked to analyze the code in RoadManager.cs.', '', `</${tag}>`, '', 'The road chunks are never added to the scene tree: call `AddChild` for each.', '', '> Tokens: 1.4k sent, 1.0k received.  ']) reader.push(line);
		const roles = pairs(reader.finish()).map(([role, text]) => [role, text]);
		expect(roles.filter(([role]) => role === 'thinking' || role === 'assistant')).toEqual([
			['thinking', 'We are asked to analyze the code in RoadManager.cs.'],
			['assistant', 'The road chunks are never added to the scene tree: call `AddChild` for each.'],
		]);
	});

	it("keeps an aider answer's \"I'll change …\": its edits follow in the same turn", () => {
		const reader = new AiderSessionReader('2025-06-01 10:00:00', 1);
		for (const line of ['#### gather the owner and the last commit of every repo  ', '', "I'll modify the script to gather the owner and the last commit of every repo.", '', '```bash', 'gh repo list', '```', '', '> Applied edit to scripts/repos.sh  ']) reader.push(line);
		expect(describeSource(reader.finish()).tldr).toBe("I'll modify the script to gather the owner and the last commit of every repo.");
	});

	it('says a request that only met provider errors was stopped by one', () => {
		const reader = new AiderSessionReader('2025-04-07 03:59:01', 1);
		const error = "litellm.RateLimitError: litellm.RateLimitError: VertexAIException - b'{\\n  \"error\": {\\n    \"code\": 429,";
		for (const line of ['> Main model: gemini/gemini-2.5-pro-preview-03-25 with diff-fenced edit format  ', '', '#### analyze the project and tell me why the website is not working  ', `> ${error}  `, '> The API provider has rate limited you. Try again later or check your quotas.  ', '> Retrying in 0.2 seconds...  ']) reader.push(line);
		const parsed = reader.finish();
		expect(pairs(parsed)).toContainEqual(['system', '[error] The API provider has rate limited you. Try again later or check your quotas.', undefined]);
		expect(describeSource(parsed).tldr).toBe('Stopped by an error (The API provider has rate limited you. Try again later or check your quotas.) before the work was done.');
		// litellm's own line names the error when aider adds no words of its own.
		const raw = new AiderSessionReader('2025-04-07 03:59:01', 1);
		for (const line of ['#### analyze the project  ', '> litellm.APIConnectionError: Connection error.  ']) raw.push(line);
		expect(describeSource(raw.finish()).tldr).toBe('Stopped by an error (APIConnectionError: Connection error.) before the work was done.');
	});
});


describe('aider 0.50–0.52 histories', () => {
	it('reads every request when only its `> ` notes end with two spaces (not its `####` requests)', async () => {
		const file = path.join(tempDir(), '.aider.chat.history.md');
		const session = (day: string, ask: string, answer: string) =>
			[`# aider chat started at 2024-08-${day} 10:00:00`, '', '> Aider v0.51.0  ', '> Main model: claude-3-5-sonnet-20240620 with diff edit format  ', '', `#### ${ask}`, '', answer, '', '> Tokens: 1.2k sent, 80 received.  ', ''].join('\n');
		writeFileSync(file, [session('20', 'Why does the login button do nothing?', 'The handler is never bound.'), session('21', 'Add a cart badge with the item count', 'Added the badge.')].join('\n'));
		const {found} = await records(file);
		expect(found.map((record) => record.parsed.facts.provenance?.turns)).toEqual([1, 1]);
		expect(found.map((record) => allUnits(record.parsed).flatMap((unit) => unit.blocks).find((block) => block.role === 'user')?.text)).toEqual(['Why does the login button do nothing?', 'Add a cart badge with the item count']);
	});
});
