import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {hermesSessionId, readHermesFile} from '../../../source/ingest/formats/hermes.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {textsOf} from './read.js';

const log = 'fixtures/agents/hermes/sessions/session_20260420_172948_424fa3.json';
const transcript = 'fixtures/agents/hermes/sessions/20260501_211916_a960c82a.jsonl';
const read = (file: string) => readHermesFile(file, readFileSync(file, 'utf8'), []) as ParsedSource;

describe('Hermes Agent sessions (real, trimmed)', () => {
	it('reads a session log: its id, model, times, tool calls and results', () => {
		const source = read(log);
		expect(source.facts.provenance).toMatchObject({agent: 'hermes', session_id: '20260420_172948_424fa3', model: 'glm-5', turns: 1, tool_calls: 5});
		expect(textsOf(source, 'tool')).toHaveLength(5);
	});

	it('reads a transcript: the session_meta line, requests, answers with their reasoning', () => {
		const source = read(transcript);
		expect(source.facts.provenance).toMatchObject({agent: 'hermes', session_id: '20260501_211916_a960c82a', model: 'glm-5', turns: 2});
		expect(textsOf(source, 'thinking').length).toBeGreaterThan(0);
		expect(hermesSessionId('', transcript)).toBe('20260501_211916_a960c82a');
	});

	it('is told from its content and ingested', async () => {
		for (const file of [log, transcript]) expect((await sniff(file, statSync(file).size)).format).toBe('hermes');
		expect(await ingest([path.dirname(log)], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 2, failed: []});
	});
});
