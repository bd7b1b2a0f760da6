import {appendFileSync, copyFileSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {AiderSessionReader} from '../../../source/ingest/formats/aider.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {fileRecords, type FileRecord} from '../../../source/ingest/multi-item.js';
import {ingest} from '../../../source/ingest/pipeline.js';
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
			[2, `${fixture}#L2`],
			[87, `${fixture}#L87`],
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
				'Slugify() drops non-ASCII letters completely, so "Café Müller" becomes "caf-mller"',
				'Why do we keep a separate ascii fallback table in src/slugify.py if NFKD handles accents…',
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
});
