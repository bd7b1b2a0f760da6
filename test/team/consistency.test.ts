import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';
import {postgresSkip, teamServer} from '../helpers/postgres.js';

const team = teamServer();

function machineStore(machine: string, count: number): NodeJS.ProcessEnv {
	const dir = tempDir();
	const file = path.join(dir, 'items.jsonl');
	writeFileSync(file, Array.from({length: count}, (_, index) => JSON.stringify(makeItem('conversation_session', `${machine}-${index}`, {topics: 4}))).join('\n'));
	const env = {DRILL_STORE: path.join(dir, 'store.db'), DRILL_MACHINE: machine, DRILL_USER: 'ci', ...team.env};
	expect(runCli(['import', file], {env}).code).toBe(0);
	return env;
}

function start(args: string[], env: NodeJS.ProcessEnv) {
	const child = spawn(process.execPath, [cliPath, ...args], {env: {...process.env, NO_COLOR: '1', ...env}, stdio: ['ignore', 'pipe', 'pipe']});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const done = new Promise<{code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string}>((resolve) => child.on('close', (code, signal) => resolve({code, signal, stdout, stderr})));
	return {child, done};
}

/** Every live row whole: its record parses and names the row's item, its search vector is there; the push counts agree. */
async function checkWhole(url: string): Promise<number> {
	const rows = await team.sql<{machine: string; item_id: string; record: string | null; has_search: boolean; deleted: boolean}>(url, 'SELECT machine, item_id, record, search IS NOT NULL AS has_search, deleted FROM drill_items');
	for (const row of rows) {
		expect(row.deleted).toBe(false);
		expect(row.has_search).toBe(true);
		expect(JSON.parse(row.record!)).toMatchObject({item_id: row.item_id, namespace: 'conversation_session'});
		expect(row.item_id.startsWith(`${row.machine}-`)).toBe(true);
	}
	const pushes = await team.sql<{machine: string; items: string}>(url, 'SELECT machine, items::text FROM drill_pushes');
	for (const push of pushes) expect(Number(push.items)).toBe(rows.filter((row) => row.machine === push.machine).length);
	return rows.length;
}

describe.skipIf(postgresSkip)('the archive stays consistent', () => {
	it('under two pushes at once from different machines into a new database (the schema made once)', async () => {
		const url = await team.database();
		const a = machineStore('laptop', 240);
		const b = machineStore('devbox', 240);
		const batch = {DRILL_TEAM_BATCH: '16'};
		const [first, second] = await Promise.all([start(['push', '--to', url, '--json'], {...a, ...batch}).done, start(['push', '--to', url, '--json'], {...b, ...batch}).done]);
		expect(first.code, first.stderr).toBe(0);
		expect(second.code, second.stderr).toBe(0);
		expect(JSON.parse(first.stdout)).toMatchObject({sent: 240, batches: 15});
		expect(JSON.parse(second.stdout)).toMatchObject({sent: 240, batches: 15});
		expect(await checkWhole(url)).toBe(480);
		expect(await team.sql(url, "SELECT value FROM drill_team_meta WHERE key = 'schema_version'")).toEqual([{value: '1'}]);
		for (const env of [a, b]) expect(JSON.parse(runCli(['push', '--to', url, '--json'], {env}).stdout)).toMatchObject({sent: 0, unchanged: 240});
	});

	it('after a push killed mid-batch: whole batches only, and the next push sends exactly the rest', async () => {
		const url = await team.database();
		const env = {...machineStore('laptop', 400), DRILL_TEAM_BATCH: '10'};
		const push = start(['push', '--to', url], env);
		// Kill it once some batches are in, while others are on their way.
		for (let tries = 0; tries < 600; tries++) {
			const rows = await team.sql<{n: string}>(url, "SELECT count(*)::text AS n FROM drill_items WHERE to_regclass('drill_items') IS NOT NULL").catch(() => [{n: '0'}]);
			if (Number(rows[0]!.n) >= 50) break;
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		push.child.kill('SIGKILL');
		const killed = await push.done;
		expect(killed.signal).toBe('SIGKILL');
		// The server notices the dropped connection and rolls back the batch in flight.
		await new Promise((resolve) => setTimeout(resolve, 300));
		const committed = await checkWhole(url);
		expect(committed % 10).toBe(0);
		expect(committed).toBeGreaterThanOrEqual(50);
		expect(committed).toBeLessThan(400);
		const rerun = runCli(['push', '--to', url, '--json'], {env});
		expect(JSON.parse(rerun.stdout)).toMatchObject({sent: 400 - committed, unchanged: committed});
		expect(await checkWhole(url)).toBe(400);
	});

	it('refuses a database whose schema is newer than this drill, and migrates an older one forward', async () => {
		const url = await team.database();
		const env = machineStore('laptop', 2);
		expect(runCli(['push', '--to', url], {env}).code).toBe(0);
		await team.sql(url, "UPDATE drill_team_meta SET value = '99' WHERE key = 'schema_version'");
		const newer = runCli(['push', '--to', url], {env});
		expect(newer.code).toBe(1);
		expect(newer.stderr).toMatch(/^drill: the team database at \S+ has schema version 99, newer than this drill understands \(1\); upgrade drill on this machine\n$/u);
		expect(runCli(['pull', '--from', url], {env}).stderr).toContain('newer than this drill understands');
		// A database made before the schema had a version row (version 0) gets every migration.
		const old = await team.database();
		await team.sql(old, 'CREATE TABLE drill_team_meta (key text PRIMARY KEY, value text NOT NULL)');
		expect(JSON.parse(runCli(['push', '--to', old, '--json'], {env}).stdout)).toMatchObject({sent: 2});
		expect(await team.sql(old, "SELECT value FROM drill_team_meta WHERE key = 'schema_version'")).toEqual([{value: '1'}]);
	});

	it('push --watch sends what ingest writes while it runs, and stops on SIGTERM', async () => {
		const url = await team.database();
		const env = {...machineStore('laptop', 1), DRILL_TEAM_WATCH_MS: '100'};
		const watch = start(['push', '--to', url, '--watch', '--json'], env);
		const count = async () => Number((await team.sql<{n: string}>(url, "SELECT count(*)::text AS n FROM drill_items WHERE to_regclass('drill_items') IS NOT NULL").catch(() => [{n: '0'}]))[0]!.n);
		const until = async (n: number) => {
			for (let tries = 0; tries < 400 && (await count()) < n; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
			return count();
		};
		expect(await until(1)).toBe(1);
		const file = path.join(tempDir(), 'more.json');
		writeFileSync(file, JSON.stringify([makeItem('conversation_session', 'later-1'), makeItem('conversation_session', 'later-2')]));
		expect(runCli(['import', file], {env}).code).toBe(0);
		expect(await until(3)).toBe(3);
		watch.child.kill('SIGTERM');
		const ended = await watch.done;
		expect(ended.code, ended.stderr).toBe(0);
		const rounds = ended.stdout.trim().split('\n').map((line) => JSON.parse(line));
		expect(rounds[0]).toMatchObject({round: 0, sent: 1});
		expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(3);
	});
});
