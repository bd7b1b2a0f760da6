import {copyFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {fileOfSourceUri, shownSourceUri, sourceUri} from '../../source/core/source-uri.js';
import {localSourceFile} from '../../source/domains/source-file.js';
import {ingest} from '../helpers/ingest.js';
import {createRuntime} from '../../source/runtime.js';
import {tempDir} from '../helpers/cli.js';

describe("an item's source file", () => {
	it('takes a plain path whole: a # in a file name is part of it', () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'notes'), 'the other file\n');
		const file = path.join(folder, 'notes#2.jsonl');
		writeFileSync(file, '{}\n');
		expect(localSourceFile({uri: file, kind: 'claude-code', line: 1})).toEqual({file, line: 1});
		expect(localSourceFile({uri: path.join(folder, 'gone#2.jsonl'), kind: 'claude-code'})).toBeUndefined();
	});

	it('reads a fragment only off a file: URI (and off the PATH#id an older store holds for a ChatGPT or aider item)', () => {
		const folder = tempDir();
		const file = path.join(folder, 'export #1.json');
		writeFileSync(file, '[]\n');
		const uri = sourceUri(file, 'conv/17 #x');
		expect(uri).toMatch(/^file:\/\/.*export%20%231\.json#conv%2F17%20%23x$/u);
		expect(fileOfSourceUri(uri)).toBe(file);
		expect(shownSourceUri(uri)).toBe(`${file}#conv/17 #x`);
		expect(localSourceFile({uri, kind: 'chatgpt'})).toEqual({file});
		expect(localSourceFile({uri: `${file}#conv-17`, kind: 'chatgpt'})).toEqual({file});
		expect(fileOfSourceUri(`${file}#conv-17`, 'markdown')).toBe(`${file}#conv-17`);
		expect(fileOfSourceUri('https://example.com/a#b')).toBeUndefined();
		expect(fileOfSourceUri('relative/a#b')).toBeUndefined();
	});

	it('opens the file an item was ingested from, # and all, for every kind of file', async () => {
		const folder = tempDir();
		const session = path.join(folder, 'notes#2.jsonl');
		copyFileSync('fixtures/transcripts/claude-code-session.jsonl', session);
		writeFileSync(path.join(folder, 'notes'), 'not the session\n');
		const exported = path.join(folder, 'chat#export.json');
		copyFileSync('fixtures/transcripts/chatgpt-conversations.json', exported);
		const storePath = path.join(folder, 'store.db');
		const report = await ingest([session, exported], {storePath, cwd: folder});
		expect(report.failed).toEqual([]);
		const runtime = createRuntime({storePath, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		const namespace = runtime.domains.walk('summary', 'conversation_session', 'index', {limit: 100});
		const files = namespace.children.map((child) => runtime.domains.sourceFile('summary', child.node_id)?.file);
		expect(files.length).toBeGreaterThan(2);
		expect(new Set(files)).toEqual(new Set([session, exported]));
	});
});
