import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';

const osc52 = '\u001b]52;c;cHduZWQ=\u0007';
const red = '\u001b[31mRED\u001b[0m';
const title = '\u001b]0;pwned\u0007';
const dcs = '\u001bPq#0;2;0;0;0#1;2;100;100;0\u001b\\';

/** Every text the store can give back: the export (raw) and a search for the payloads' words. */
function everything(store: string): string {
	const found = JSON.parse(runCli(['find', 'cHduZWQ', '31mRED', 'pwned', 'RED', 'pool', '--store', store, '--json']).stdout) as Record<string, unknown>;
	const {query, ...hits} = found;
	expect(query).toContain('pwned');
	return runCli(['export', '--store', store]).stdout + JSON.stringify(hits);
}

describe('escape payloads in sources', () => {
	it('are stripped whole before summarizing and indexing: no leftovers in titles, keywords, spans or snippets', {timeout: 90_000}, () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'notes.md'), `# Pool notes ${title}\n\nThe pool ran dry ${osc52} under load ${red} again.\n\n## Sixel ${dcs}\n\nThe connection pool limit is twenty ${red}.\n`);
		writeFileSync(path.join(folder, 'chat.jsonl'), `${JSON.stringify({role: 'user', content: `Why is the pool dry? ${osc52}`})}\n${JSON.stringify({role: 'assistant', content: `The pool ${red} is exhausted ${title}.`})}\n`);
		const store = path.join(folder, 's.db');
		expect(runCli(['ingest', folder, '--store', store]).code).toBe(0);
		const text = everything(store);
		expect(text).toContain('pool');
		for (const leftover of ['52;c', 'cHduZWQ', '31m', '[0m', 'pwned', '2;100;100', '\\u001b', '\u001b']) expect(text, leftover).not.toContain(leftover);
	});

	it('are stripped from imported items too', {timeout: 90_000}, () => {
		const folder = tempDir();
		const item = {namespace: 'notes', item_id: 'a1', title: `Pool ${title}`, tldr: `Dry ${osc52}`, nodes: [{ordinal: 0, parent: null, title: `Pool ${red}`, summary: `The pool ${osc52}`, keywords: [`pool${red}`], spans: [0]}], spans: [{seq: 0, role: 'user', text: `pool ran dry ${dcs} ${red}`}]};
		const file = path.join(folder, 'item.json');
		writeFileSync(file, JSON.stringify(item));
		const store = path.join(folder, 's.db');
		expect(runCli(['import', file, '--store', store]).code).toBe(0);
		const text = everything(store);
		expect(text).toContain('pool');
		for (const leftover of ['52;c', 'cHduZWQ', '31m', 'pwned', '2;100;100', '\\u001b']) expect(text, leftover).not.toContain(leftover);
	});
});

describe('a file of one very long line', () => {
	it('is refused for its length, with the limit and what to do, not as an encoding problem', {timeout: 90_000}, () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'one-line.txt'), 'pool retry '.repeat(3_200_000));
		const result = runCli(['ingest', 'one-line.txt', '--store', 's.db'], {cwd: folder});
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: one-line\.txt:1: line 1 is longer than the limit of 32 MB for one line; break it into lines or paragraphs/mu);
		expect(result.stderr).not.toMatch(/UTF-8|iconv/u);
		expect(hasStackTrace(result.stderr)).toBe(false);
	});
});
