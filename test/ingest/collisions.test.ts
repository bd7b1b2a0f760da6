import {appendFileSync, copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {runCli, tempDir} from '../helpers/cli.js';

const session = 'fixtures/transcripts/claude-code-session.jsonl';
const id = 'conversation_session:83606f5d37f7';

/** The folder `d` with the whole session as a.jsonl and its first 40,978 bytes as b.jsonl (issue 16). */
function copies(): {folder: string; a: string; b: string} {
	const folder = tempDir();
	mkdirSync(path.join(folder, 'd'));
	const a = path.join(folder, 'd', 'a.jsonl');
	const b = path.join(folder, 'd', 'b.jsonl');
	copyFileSync(session, a);
	writeFileSync(b, readFileSync(session).subarray(0, 40_978));
	return {folder, a, b};
}

function stored(store: string) {
	const reader = SummaryStore.open(store);
	try {
		return [...reader.eachItem()].map((row) => ({id: `${row.namespace}:${row.item_id}`, spans: row.span_count, uri: row.source_uri}));
	} finally {
		reader.close();
	}
}

describe('two files that hold the same session', () => {
	it('never lets a truncated copy beside the whole session replace it, and says so', async () => {
		const {folder, a} = copies();
		const store = path.join(folder, 's.db');
		const report = await ingest([path.join(folder, 'd')], {storePath: store, cwd: folder});
		expect(stored(store)).toEqual([{id, spans: 65, uri: a}]);
		expect(report).toMatchObject({added: 1, updated: 0});
		expect(report.conflicts).toEqual([{item: id, kept: path.join('d', 'a.jsonl'), skipped: path.join('d', 'b.jsonl'), reason: 'd/b.jsonl holds only the first 24 of the 65 spans of d/a.jsonl (a truncated copy); the item keeps d/a.jsonl'}]);
		// The cut last line is the truncated file's own problem.
		expect(report.failed).toEqual([{path: path.join('d', 'b.jsonl'), line: 18, reason: expect.stringMatching(/^line 18 is not valid JSON/u)}]);
		// Run again: nothing changes, and the conflict is still reported.
		const again = await ingest([path.join(folder, 'd')], {storePath: store, cwd: folder});
		expect(again).toMatchObject({added: 0, updated: 0, skipped: 1});
		expect(again.conflicts).toHaveLength(1);
		expect(stored(store)).toEqual([{id, spans: 65, uri: a}]);
	});

	it('keeps the whole session when the files come in separate runs, in either order', async () => {
		const {folder, a, b} = copies();
		const first = path.join(folder, 'first.db');
		await ingest([a], {storePath: first});
		const later = await ingest([b], {storePath: first});
		expect(later).toMatchObject({added: 0, updated: 0});
		expect(later.conflicts[0]).toMatchObject({kept: a, skipped: b});
		expect(stored(first)).toEqual([{id, spans: 65, uri: a}]);

		const second = path.join(folder, 'second.db');
		await ingest([b], {storePath: second});
		expect(stored(second)).toEqual([{id, spans: 24, uri: b}]);
		// The whole file holds all the truncated one did and more: the session grew.
		const grown = await ingest([a], {storePath: second});
		expect(grown).toMatchObject({added: 0, updated: 1});
		expect(grown.conflicts).toEqual([{item: id, kept: a, skipped: b, reason: `${a} holds all of ${b} and 41 more spans (the session grew); the item now comes from ${a}`}]);
		expect(stored(second)).toEqual([{id, spans: 65, uri: a}]);
	});

	it('keeps both when two files hold different versions, each under its own id, stable from run to run', async () => {
		const folder = tempDir();
		const a = path.join(folder, 'a.jsonl');
		const b = path.join(folder, 'b.jsonl');
		copyFileSync(session, a);
		writeFileSync(b, readFileSync(session, 'utf8').replace('keeps failing on CI', 'fails on CI every night'));
		const store = path.join(folder, 's.db');
		const report = await ingest([folder], {storePath: store, cwd: folder});
		expect(report).toMatchObject({added: 2, failed: []});
		expect(report.conflicts).toEqual([{item: id, kept: 'a.jsonl', skipped: null, reason: 'b.jsonl and a.jsonl hold different versions of the same session; both are kept', copy: expect.stringMatching(/^conversation_session:[0-9a-f]{12}$/u)}]);
		const items = stored(store);
		expect(items.map((item) => item.uri).sort()).toEqual([a, b]);
		expect(items.find((item) => item.uri === b)!.id).toBe(report.conflicts[0]!.copy);
		const again = await ingest([folder], {storePath: store, cwd: folder});
		expect(again).toMatchObject({added: 0, updated: 0, skipped: 2});
		expect(again.conflicts[0]!.copy).toBe(report.conflicts[0]!.copy);
	});

	it('skips an exact copy elsewhere, but follows a session file that moved', async () => {
		const folder = tempDir();
		const a = path.join(folder, 'a.jsonl');
		copyFileSync(session, a);
		const store = path.join(folder, 's.db');
		await ingest([a], {storePath: store});
		const copy = path.join(folder, 'copy.jsonl');
		copyFileSync(session, copy);
		const copied = await ingest([copy], {storePath: store});
		expect(copied.conflicts).toEqual([{item: id, kept: a, skipped: copy, reason: `${copy} holds the same session as ${a}; the item keeps ${a}`}]);
		const moved = path.join(folder, 'moved.jsonl');
		renameSync(a, moved);
		writeFileSync(moved, `${readFileSync(moved, 'utf8')}${readFileSync(session, 'utf8').split('\n')[3]}\n`);
		const followed = await ingest([moved], {storePath: store});
		expect(followed).toMatchObject({updated: 1, conflicts: []});
		expect(stored(store)).toEqual([{id, spans: 66, uri: moved}]);
	});

	it('reports the conflict on standard error and in --json', () => {
		const {folder} = copies();
		const human = runCli(['ingest', 'd', '--store', 's.db'], {cwd: folder});
		expect(human.stderr).toContain(`drill: ${id}: d/b.jsonl holds only the first 24 of the 65 spans of d/a.jsonl (a truncated copy); the item keeps d/a.jsonl\n`);
		expect(human.stdout).toMatch(/^ingested: 1 added, 0 updated, 0 unchanged, 1 file with problems, 1 conflict, /u);
		const json = runCli(['ingest', 'd', '--store', 's.db', '--json'], {cwd: folder});
		expect((JSON.parse(json.stdout) as {conflicts: unknown[]}).conflicts).toHaveLength(1);
		expect(json.stderr).toContain(`drill: ${id}: d/b.jsonl holds only the first 24`);
	});
});

/** The fixture session under another session id (and other words), as the next session of a log. */
function otherSession(sessionId: string): string {
	const text = readFileSync(session, 'utf8');
	const original = /"sessionId":"([^"]+)"/u.exec(text)![1]!;
	return text.split(original).join(sessionId).replace(/\bthe\b/gu, 'THE');
}

describe('a rotated log', () => {
	it('moves the item to the file that now holds its session, with no conflict, in either order and on every later run', async () => {
		for (const order of ['folder', 'new name first', 'old name first'] as const) {
			const folder = tempDir();
			const d = path.join(folder, 'd');
			mkdirSync(d);
			const live = path.join(d, 'live.jsonl');
			const rotated = path.join(d, 'live.1.jsonl');
			copyFileSync(session, live);
			const store = path.join(folder, 's.db');
			await ingest([d], {storePath: store, cwd: folder});
			renameSync(live, rotated);
			writeFileSync(live, otherSession('b0b0b0b0-0000-4000-8000-000000000002'));
			const inputs = order === 'folder' ? [d] : order === 'new name first' ? [rotated, live] : [live, rotated];
			const after = await ingest(inputs, {storePath: store, cwd: folder});
			expect(after, order).toMatchObject({added: 1, skipped: 1, conflicts: []});
			const items = stored(store);
			expect(items.find((item) => item.id === id)?.uri, order).toBe(rotated);
			expect(items.find((item) => item.id !== id)?.uri, order).toBe(live);
			expect(await ingest([d], {storePath: store, cwd: folder}), order).toMatchObject({added: 0, updated: 0, skipped: 2, conflicts: []});
		}
	});

	it('follows a session that grew after its log was rotated, and an unchanged file that moved', async () => {
		const folder = tempDir();
		const live = path.join(folder, 'live.jsonl');
		const lines = readFileSync(session, 'utf8').split('\n').filter(Boolean);
		writeFileSync(live, `${lines.slice(0, -1).join('\n')}\n`);
		const store = path.join(folder, 's.db');
		await ingest([live], {storePath: store});
		const rotated = path.join(folder, 'live.1.jsonl');
		renameSync(live, rotated);
		appendFileSync(rotated, `${lines.at(-1)}\n`);
		writeFileSync(live, otherSession('b0b0b0b0-0000-4000-8000-000000000003'));
		expect(await ingest([rotated], {storePath: store})).toMatchObject({updated: 1, conflicts: []});
		expect(stored(store).find((item) => item.id === id)?.uri).toBe(rotated);
		const moved = path.join(folder, 'sub', 'kept.jsonl');
		mkdirSync(path.dirname(moved));
		renameSync(rotated, moved);
		expect(await ingest([moved], {storePath: store})).toMatchObject({skipped: 1, conflicts: []});
		expect(stored(store).find((item) => item.id === id)?.uri).toBe(moved);
		// The folder groups moved with it.
		const reader = SummaryStore.open(store);
		try {
			const folders = reader.all<{value: string; item_count: number}>("SELECT value, item_count FROM item_groups WHERE key = 'folder' ORDER BY value");
			expect(folders).toContainEqual({value: `${path.dirname(moved)}/`, item_count: 1});
			expect(folders.find((row) => row.value === `${folder}/`)?.item_count).toBe(1);
		} finally {
			reader.close();
		}
	});
});
