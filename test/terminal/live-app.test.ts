import {appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';
import {PtyScreen, testAtOneSize} from '../helpers/pty-screen.js';

/**
 * The app with real agent sessions: provenance in the tree rows and the detail pane, the key
 * that groups a namespace, and an open explorer following a store that grows under it.
 */

const transcripts = path.resolve('fixtures/transcripts');
/** Generous: the machine is shared; nothing here measures time. */
const patience = 30_000;

let app: PtyScreen | undefined;
afterEach(() => {
	app?.kill();
	app = undefined;
});

function ingest(store: string, files: string[]): void {
	const result = runCli(['ingest', ...files, '--store', store]);
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
}

function sessionsStore(): {folder: string; store: string} {
	const folder = tempDir('drill-live-app-');
	const store = path.join(folder, 's.db');
	ingest(store, ['claude-code-session.jsonl', 'codex-rollout.jsonl', 'gemini-stream.jsonl'].map((name) => path.join(transcripts, name)));
	return {folder, store};
}

/** A namespace's item ids, newest first, as `drill walk` lists them. */
function itemIds(store: string, namespace: string): string[] {
	return (JSON.parse(runCli(['walk', 'summary', namespace, '--store', store, '--json']).stdout) as {children: Array<{node_id: string}>}).children.map((child) => child.node_id);
}

/** Two documents (one in a subfolder) and, unless `session` is false, one session: the documents newest. */
function documentsStore(session = true): {folder: string; store: string; docs: string} {
	const folder = tempDir('drill-live-docs-');
	const docs = path.join(folder, 'docs');
	mkdirSync(path.join(docs, 'guides'), {recursive: true});
	copyFileSync(path.resolve('fixtures/docs/design-notes.md'), path.join(docs, 'design-notes.md'));
	copyFileSync(path.resolve('fixtures/docs/incident-review.md'), path.join(docs, 'guides', 'incident-review.md'));
	const store = path.join(folder, 's.db');
	if (session) ingest(store, [path.join(transcripts, 'codex-rollout.jsonl')]);
	ingest(store, [docs]);
	return {folder, store, docs};
}

function open(store: string, folder: string, args: string[] = [], size: {cols?: number; rows?: number} = {}): PtyScreen {
	app = new PtyScreen(['--store', store, '--knowledge', path.join(folder, 'none'), '--drills', folder, ...args], size);
	return app;
}

/** The tree pane's text of each row (left of the first inner border). */
function treeRows(text: string): string[] {
	return text.split('\n').flatMap((line) => (line.startsWith('│ ') ? [line.slice(2).split('│')[0]!.trimEnd()] : [])).filter(Boolean);
}

describe('provenance in the app', () => {
	testAtOneSize('tree rows carry agent · project · start day, and the detail pane the whole provenance', async () => {
		const {folder, store} = sessionsStore();
		// Rows of 160 columns: the note's parts are measured against that width.
		const screen = open(store, folder, ['--domain', 'summary', '--node', 'conversation_session'], {cols: 160, rows: 36});
		await screen.waitFor('summary:conversation_session');
		screen.write('l');
		const text = await screen.waitFor(/▾ conversation_session 3[\s\S]*Fix RateCache race with single-flight/u, patience);
		// Newest first; the note shows as much as fits (agent, project, start day) after the title,
		// which keeps 60 characters where the row has them: at 160 columns the tree is 80 wide.
		expect(treeRows(text).slice(-3)).toEqual([
			'    ▸ The nightly reconciliation job double-counts partial refunds 3  codex',
			'    ▸ Why does make docs fail on CI with "mkdocs 2  gemini-cli · 2026-10-21',
			'    ▸ Fix RateCache race with single-flight + quotedAt guard, add C… 4',
		]);
		screen.write('jjj');
		// The detail pane: who, where, when, how much, which model; then the file and line.
		// Waited for whole: a frame can be caught half drawn, with the line of the file not there yet.
		const detail = await screen.waitFor(/claude-code 2\.0\.14 · \/home\/ana\/src\/payments · 2026-10-14 09:12–\d\d:\d\d UTC[\s\S]*?5[\s│]+turns, 18[\s│]+tools ·[\s\S]*from \S*claude-code-session\.jsonl:1 /u, patience);
		expect(detail).toMatch(/[│·] claude-sonnet-4-5-20250929 /u);
	});
});

describe('grouping a namespace with b', () => {
	test('cycles none → project → agent → day → folder → machine → user → none on the namespace under the cursor, with group nodes as rows', async () => {
		const {folder, store} = sessionsStore();
		const screen = open(store, folder, ['--domain', 'summary', '--node', 'conversation_session:83606f5d37f7']);
		await screen.waitForNode('conversation_session:83606f5d37f7');
		// From an item inside: the namespace above it is regrouped, and the cursor goes to its row.
		screen.write('b');
		let text = await screen.waitFor(/▾ conversation_session by project 3/u, patience);
		text = await screen.waitForNode('conversation_session#project');
		expect(treeRows(text)).toEqual(expect.arrayContaining([expect.stringMatching(/▸ \/home\/ana\/src\/ledger 1$/u), expect.stringMatching(/▸ \/home\/ana\/src\/payments 1$/u), expect.stringMatching(/▸ \(no project\) 1$/u)]));
		screen.write('b');
		text = await screen.waitFor(/▾ conversation_session by agent 3/u, patience);
		expect(treeRows(text)).toEqual(expect.arrayContaining([expect.stringMatching(/▸ claude-code 1$/u), expect.stringMatching(/▸ codex 1$/u), expect.stringMatching(/▸ gemini-cli 1$/u)]));
		// A group opens onto the same items as the flat list, with their ids (agents: most recent first).
		expect(treeRows(text).slice(-3).map((row) => row.trim())).toEqual(['▸ codex 1', '▸ gemini-cli 1', '▸ claude-code 1']);
		screen.write('jjjl');
		await screen.waitFor(/▾ claude-code 1 [\s\S]*▸ Fix RateCache/u, patience);
		screen.write('j');
		await screen.waitForNode('conversation_session:83606f5d37f7');
		screen.write('b');
		await screen.waitFor(/▾ conversation_session by day 3[\s\S]*▸ 2026-11-03 1/u, patience);
		screen.write('b');
		await screen.waitFor(/▾ conversation_session by folder/u, patience);
		// A store without pulled items (every item this machine's own) is not offered by machine or by user.
		screen.write('b');
		text = await screen.waitFor(/▾ conversation_session 3/u, patience);
		await screen.waitForNode('conversation_session');
	});

	test('a document namespace opens grouped by folder', async () => {
		const {folder, store} = documentsStore(false);
		const screen = open(store, folder, ['--domain', 'summary', '--node', '']);
		await screen.waitForNode('');
		screen.write('l');
		await screen.waitFor(/▸ document by folder/u, patience);
		screen.write('jl');
		await screen.waitFor(/▾ document by folder[\s\S]*▸ guides 1/u, patience);
		await screen.waitForNode('document#folder');
	});
});

describe('an open explorer follows the store', () => {
	test('a new session and a grown one show up without a restart; the cursor stays on its item', async () => {
		const folder = tempDir('drill-live-follow-');
		const store = path.join(folder, 's.db');
		const session = path.join(folder, 'session.jsonl');
		const lines = readFileSync(path.join(transcripts, 'claude-code-session.jsonl'), 'utf8').split('\n').filter(Boolean);
		writeFileSync(session, `${lines.slice(0, 8).join('\n')}\n`);
		ingest(store, [session, path.join(transcripts, 'gemini-stream.jsonl')]);
		const screen = open(store, folder, ['--domain', 'summary', '--node', 'conversation_session:1e5622ae5b5f']);
		await screen.waitForNode('conversation_session:1e5622ae5b5f');
		let text = await screen.waitFor(/▾ conversation_session 2/u, patience);
		expect(text).not.toContain('nightly recon');
		ingest(store, [path.join(transcripts, 'codex-rollout.jsonl')]);
		text = await screen.waitFor(/▾ conversation_session 3[\s\S]*The nightly recon/u, patience);
		// Still on the Gemini session, though a newer item came in above it.
		await screen.waitForNode('conversation_session:1e5622ae5b5f');
		// Its detail pane (narrow: behind Tab) read again.
		if (!screen.wide) screen.write('\t');
		await screen.waitFor(/gemini-cli · 2026-10-21 08:14–08:14 UTC · 2 turns, 3 tools/u, patience);
		if (!screen.wide) screen.write('\t');
		await screen.waitFor(/▾ conversation_session 3/u, patience);
		appendFileSync(session, `${lines.slice(8).join('\n')}\n`);
		ingest(store, [session]);
		text = await screen.waitFor(/▸ Fix RateCache race w.* 4/u, patience);
		await screen.waitForNode('conversation_session:1e5622ae5b5f');
	});

	test('the first screen shows a document namespace as → does: grouped by folder, with its items counted', async () => {
		const {folder, store} = documentsStore();
		const screen = open(store, folder);
		await screen.waitFor(/▾ document by folder 2[\s\S]*▸ guides 1/u, patience);
		await screen.waitForNode(itemIds(store, 'document')[0]!);
	});

	test('a refresh keeps what was open exactly as it was: a flat document list stays flat and open, the cursor on its item', async () => {
		const {folder, store, docs} = documentsStore();
		const items = itemIds(store, 'document');
		const screen = open(store, folder);
		let text = await screen.waitForNode(items[0]!, 'summary', patience);
		screen.write('g');
		text = await screen.waitFor(/drill · drills\s/u, patience);
		screen.write('j'.repeat(treeRows(text).findIndex((row) => /[▸▾] document /u.test(row))));
		text = await screen.waitFor(/drill · summary › document/u, patience);
		// Shown by folder: b makes it the flat list (folder → none: nothing here is pulled), open.
		if (/document by folder/u.test(text)) screen.write('b');
		text = await screen.waitFor(/▾ document 2/u, patience);
		screen.write('jj');
		// The second item of the flat list (newest first).
		text = await screen.waitForNode(items[1]!, 'summary', patience);
		const selected = items[1]!.split(':')[1]!;
		const before = treeRows(text);
		// Another process adds a document: one row more, nothing else moves.
		copyFileSync(path.resolve('fixtures/docs/field-notes.txt'), path.join(docs, 'field-notes.txt'));
		ingest(store, [docs]);
		text = await screen.waitFor(/▾ document 3/u, patience);
		text = await screen.waitForNode(`document:${selected}`, 'summary', patience);
		expect(text).not.toContain('document by folder');
		const after = treeRows(text);
		expect(after.filter((row) => !before.includes(row) && !/▾ document 3/u.test(row))).toHaveLength(1);
		expect(before.filter((row) => !after.includes(row) && !/▾ document 2/u.test(row))).toEqual([]);
	});
});
