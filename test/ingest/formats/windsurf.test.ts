import {copyFileSync, mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';

// The first KB of a real, encrypted Cascade conversation: see fixtures/agents/windsurf/README.md.
const conversation = 'fixtures/agents/windsurf/.codeium/windsurf/cascade/fbc5c5f2-3bec-41b0-9b44-f31eb163a846.pb';

describe('Windsurf’s Cascade conversations', () => {
	it('are said, on one line, to be Windsurf’s and not read (encrypted), where Windsurf keeps them', async () => {
		expect(await sniff(conversation, statSync(conversation).size)).toEqual({problem: 'looks like Windsurf’s Cascade conversation, not read: Windsurf encrypts these files and publishes no way to read them', head: ''});
		const store = path.join(tempDir(), 's.db');
		const report = await ingest([conversation], {storePath: store, workers: false});
		expect(report.failed).toEqual([{path: expect.stringMatching(/fbc5c5f2-3bec-41b0-9b44-f31eb163a846\.pb$/u), reason: 'the file looks like Windsurf’s Cascade conversation, not read: Windsurf encrypts these files and publishes no way to read them'}]);
	});

	it('elsewhere, the same bytes are only a binary file', async () => {
		const elsewhere = path.join(tempDir(), 'cascade', 'x.pb');
		mkdirSync(path.dirname(elsewhere));
		copyFileSync(conversation, elsewhere);
		expect((await sniff(elsewhere, statSync(elsewhere).size)).problem).toMatch(/^is a binary file/u);
	});
});
