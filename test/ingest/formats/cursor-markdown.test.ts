import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {exportDate, readCursorExport} from '../../../source/ingest/formats/cursor-markdown.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {ingest} from '../../helpers/ingest.js';
import {runCli, tempDir} from '../../helpers/cli.js';
import {allUnits} from './read.js';

const fixture = 'fixtures/agents/cursor-export.md';

describe('Cursor chat exports (Markdown)', () => {
	const source = readCursorExport(readFileSync(fixture, 'utf8'));
	const blocks = allUnits(source).flatMap((unit) => unit.blocks);

	it('reads the turns, with separators and speaker lines inside code left in the answer', () => {
		expect(blocks.map((block) => block.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
		expect(blocks[0]!.text).toBe('The harbour gauge feed sometimes sends readings out of order, and the chart draws a zigzag. Where should I sort them?');
		expect(blocks[1]!.text).toMatch(/^Sort them once, where they enter the system[\s\S]*```markdown\n---\ntitle: not a separator\n---\n\n\*\*User\*\*\n\nnot a new turn either\n```$/u);
		expect(blocks[3]!.text).toMatch(/^Yes: after sorting, drop a reading[\s\S]*```$/u);
	});

	it('takes the chat’s name and the export time (in UTC) from its first lines', () => {
		expect(source.facts.title).toBe('Harbour gauge readings arrive out of order');
		expect(source.facts.generatedAt).toBe('2025-12-16T07:51:26.000Z');
		expect(source.facts.provenance).toMatchObject({agent: 'cursor', agent_title: 'Harbour gauge readings arrive out of order', turns: 2});
	});

	it('reads the export line in the locales Cursor writes it, and leaves an ambiguous day alone', () => {
		expect(exportDate('_Exported on 19/10/2025 at 12:29:42 GMT+8 from Cursor (1.7.38)_')).toBe('2025-10-19T04:29:42.000Z');
		expect(exportDate('_Exported on 10/31/2025 at 14:35:25 GMT+7 from Cursor (1.7.54)_')).toBe('2025-10-31T07:35:25.000Z');
		expect(exportDate('_Exported on 2025. 6. 27. at 14시 17분 35초 GMT+9 from Cursor (1.1.6)_')).toBe('2025-06-27T05:17:35.000Z');
		expect(exportDate('_Exported on 7/29/2025 at 18:51:14 EDT from Cursor (1.2.4)_')).toBe('2025-07-29T22:51:14.000Z');
		expect(exportDate('_Exported on 7/8/2025 at 11:55:38 PDT from Cursor (1.2.2)_')).toBeUndefined();
		expect(exportDate('_Exported on 8/21/2025 at 6:13:28 PM GMT+2 from Cursor (1.4.5)_')).toBe('2025-08-21T16:13:28.000Z');
	});

	it('is told from markdown by its export line, and ingested as a conversation, not a document', async () => {
		expect((await sniff(fixture, statSync(fixture).size)).format).toBe('cursor-markdown');
		expect((await sniff(path.resolve('fixtures/transcripts/README.md'), statSync('fixtures/transcripts/README.md').size)).format).toBe('markdown');
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([fixture], {storePath: store, workers: false})).toMatchObject({added: 1, failed: []});
		const walk = runCli(['walk', 'summary', 'conversation_session', '--json', '--store', store]);
		expect(JSON.parse(walk.stdout).children).toHaveLength(1);
	});
});
