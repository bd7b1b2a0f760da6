import {mkdirSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {ingest} from '../../helpers/ingest.js';
import {runCli, tempDir} from '../../helpers/cli.js';

/** JSON that no reader knows: one line saying so, never an error per line, never a text document. */

const folder = tempDir('drill-unknown-json-');

async function problemOf(name: string, content: string): Promise<string | undefined> {
	const file = path.join(folder, name);
	writeFileSync(file, content);
	const sniffed = await sniff(file, statSync(file).size);
	expect(sniffed.notASource, name).toBe(true);
	return sniffed.problem;
}

const line = (what: string) => `is JSON but no session format drill reads (${what}); drill ingest --help lists the formats`;

describe('JSON of no session format', () => {
	it('names its top-level keys, whatever its layout', async () => {
		expect(await problemOf('settings.json', '{"editor.fontSize": 14, "files.exclude": {"**/.git": true}}')).toBe(line('top-level keys: editor.fontSize, files.exclude'));
		expect(await problemOf('pretty.json', JSON.stringify({name: 'tidewater', scripts: {test: 'vitest'}, private: true}, null, 2))).toBe(line('top-level keys: name, scripts, private'));
		expect(await problemOf('events.jsonl', '{"event": "deploy", "at": 1}\n{"event": "rollback", "at": 2}\n')).toBe(line('top-level keys: event, at'));
		expect(await problemOf('rows.json', '[{"id": 1, "height": 1.2}, {"id": 2, "height": 1.4}]')).toBe(line('an array of objects with keys: id, height'));
		expect(await problemOf('numbers.json', '[\n  1,\n  2,\n  3\n]\n')).toBe(line('an array of numbers'));
		expect(await problemOf('many.json', JSON.stringify(Object.fromEntries('abcdefghij'.split('').map((key) => [key, 1]))))).toBe(line('top-level keys: a, b, c, d, e, f, g, h, … (10)'));
	});

	it('reads the keys of a pretty-printed document longer than the head; one that holds a conversation is said to, not skipped as no source', async () => {
		const rows = Array.from({length: 900}, (_, index) => ({id: index, label: `row ${index} `.repeat(8)}));
		expect(await problemOf('table.json', JSON.stringify({id: 'x1', rows, meta: {source: 'export'}}, null, 2))).toBe(line('top-level keys: id, rows'));
		const history = Array.from({length: 900}, (_, index) => ({role: index % 2 ? 'assistant' : 'user', content: `message ${index} `.repeat(8)}));
		const big = JSON.stringify({id: 'x1', messages: history, meta: {source: 'export'}}, null, 2);
		expect(big.length).toBeGreaterThan(64 * 1024);
		const file = path.join(folder, 'export.json');
		writeFileSync(file, big);
		const sniffed = await sniff(file, statSync(file).size);
		expect(sniffed.notASource).toBeUndefined();
		expect(sniffed.problem).toBe('looks like a chat from an agent drill does not know, not read: drill reads no chat of this shape (top-level keys: id, messages); drill ingest --help lists the formats it reads');
	});

	it('is counted as a skipped file in a folder walk, and refused in one line when named', async () => {
		const walked = path.join(tempDir('drill-json-folder-'), 'logs');
		mkdirSync(walked);
		writeFileSync(path.join(walked, 'config.json'), JSON.stringify({retries: 3, endpoints: ['a', 'b']}, null, 2));
		writeFileSync(path.join(walked, 'notes.md'), '# Notes\n\nA page.\n');
		const report = await ingest([walked], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 1, failed: [], skipped_files: 1});
		const named = runCli(['ingest', path.join(walked, 'config.json'), '--store', path.join(tempDir(), 's.db')]);
		expect(named.code).toBe(1);
		const problems = named.stderr.split('\n').filter((text) => text.includes('config.json'));
		expect(problems).toEqual([`drill: ${path.join(walked, 'config.json')}: the file ${line('top-level keys: retries, endpoints')}`]);
	});
});
