import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';
import {leafItem} from '../helpers/items.js';
import {postgresSkip, teamServer} from '../helpers/postgres.js';

const team = teamServer();

function store(machine: string, user: string, items: unknown[]): NodeJS.ProcessEnv {
	const dir = tempDir();
	const file = path.join(dir, 'items.json');
	writeFileSync(file, JSON.stringify(items));
	const env = {DRILL_STORE: path.join(dir, 'store.db'), DRILL_MACHINE: machine, DRILL_USER: user, ...team.env};
	expect(runCli(['import', file], {env}).code).toBe(0);
	return env;
}

const session = (id: string, title: string, texts: string[]) => {
	const item = leafItem('conversation_session', id, title, texts, {dialogue: true});
	return {...item, tldr: texts[texts.length - 1], source: {agent: 'claude-code', project: '/home/ana/src/api', session_id: `00000000-0000-4000-8000-${Buffer.from(id).toString('hex').padStart(12, '0').slice(-12)}`, started_at: '2026-11-20T10:00:00Z'}};
};

describe.skipIf(postgresSkip)('drill find --team, doctor --team and resume of a pulled session', () => {
	it('ranks in the archive, fetches the hits into this store, and their ids walk, export and refuse to resume here', async () => {
		const url = await team.database();
		const laptop = store('laptop', 'ana', [
			session('pool', 'Connection pool exhaustion', ['the API returns 502 under load', 'postgres max_connections is 100 and the pool opens 120: pool exhaustion', 'raised the limit; the retry storm is gone']),
			session('css', 'Fix the navbar', ['the navbar overlaps on mobile', 'flexbox wrap fixes the overlap']),
			session('retry', 'Retry with backoff', ['add exponential backoff to the client retry', 'jitter spreads the retries']),
		]);
		expect(runCli(['push', '--to', url], {env: laptop}).code).toBe(0);
		const devbox = store('devbox', 'bo', []);
		const found = runCli(['find', '--team', '--team-url', url, 'pool exhaustion', '--json'], {env: devbox});
		expect(found.code, found.stderr).toBe(0);
		const result = JSON.parse(found.stdout);
		expect(result.method).toBe('keyword');
		expect(result.stage1_hits[0]).toMatchObject({rank: 1, score: 1, drill_node_id: 'conversation_session:ana@laptop/pool', title: 'Connection pool exhaustion', matched_by: ['keyword'], source: {machine: 'laptop', user: 'ana', agent: 'claude-code'}});
		expect(result.stage1_hits.map((hit: {item_id: string}) => hit.item_id)).not.toContain('ana@laptop/css');
		expect(result.drilled[0].drill_node_id).toBe('conversation_session:ana@laptop/pool');
		expect(result.drilled[0].spans[0]).toMatchObject({drill_node_id: 'conversation_session:ana@laptop/pool#n1', seq: 1});
		expect(result.drilled[0].spans[0].snippet).toContain('**pool** **exhaustion**');

		// The hit was fetched: it walks here, grouped under its machine, and exports.
		const walked = JSON.parse(runCli(['walk', 'summary', 'conversation_session:ana@laptop/pool#n1', '--depth', 'full', '--json'], {env: devbox}).stdout);
		expect(walked.content).toContain('max_connections is 100');
		const machines = JSON.parse(runCli(['walk', 'summary', 'conversation_session#machine', '--json'], {env: devbox}).stdout);
		expect(machines.children.map((child: {name: string}) => child.name)).toContain('laptop');
		const exported = runCli(['export', 'conversation_session:ana@laptop/pool', '--format', 'markdown'], {env: devbox});
		expect(exported.code, exported.stderr).toBe(0);
		expect(exported.stdout).toContain('Connection pool exhaustion');
		// Local search finds it too now.
		expect(JSON.parse(runCli(['find', 'exhaustion', '--method', 'keyword', '--json'], {env: devbox}).stdout).stage1_hits[0].item_id).toBe('ana@laptop/pool');
		const resume = runCli(['resume', 'conversation_session:ana@laptop/pool'], {env: devbox});
		expect(resume.code).toBe(1);
		expect(resume.stderr).toBe(
			"drill: conversation_session:ana@laptop/pool is a session of laptop (pushed by ana): its log is there, not on this machine; resume it on laptop: cd /home/ana/src/api && claude --resume=00000000-0000-4000-8000-0000706f6f6c; or read it here: drill export conversation_session:ana@laptop/pool --format markdown\n",
		);
		expect(JSON.parse(runCli(['resume', 'conversation_session:ana@laptop/pool', '--json'], {env: devbox}).stdout)).toMatchObject({session_id: '00000000-0000-4000-8000-0000706f6f6c', lives_on: {machine: 'laptop', user: 'ana'}});

		// A query in plain words of the archive ranks by rarity; the text form reads like a local find.
		const text = runCli(['find', '--team', 'retry', '--team-url', url, '--no-drill'], {env: devbox});
		expect(text.stdout).toMatch(/^find "retry" · keyword · 2 hits/u);
		expect(text.stdout).toContain('conversation_session:ana@laptop/retry');
		const none = JSON.parse(runCli(['find', '--team', 'zebra', '--team-url', url, '--json'], {env: devbox}).stdout);
		expect(none.stage1_hits).toEqual([]);
	});

	it('says in one line when the database holds no archive, or a newer one, and ranks once it holds this version', async () => {
		const url = await team.database();
		const empty = runCli(['find', '--team', 'retry', '--team-url', url]);
		expect(empty.code).toBe(1);
		expect(empty.stderr).toMatch(/^drill: the team database at \S+ holds no drill archive yet; drill push --to URL sends this store there first\n$/u);
		const laptop = store('laptop', 'ana', [session('retry', 'Retry with backoff', ['add exponential backoff to the client retry'])]);
		expect(runCli(['push', '--to', url], {env: laptop}).code).toBe(0);
		await team.sql(url, "UPDATE drill_team_meta SET value = '99' WHERE key = 'schema_version'");
		const newer = runCli(['find', '--team', 'retry', '--team-url', url]);
		expect(newer.code).toBe(1);
		expect(newer.stderr).toMatch(/^drill: the team database at \S+ has schema version 99, newer than this drill understands \(1\); upgrade drill on this machine\n$/u);
		// Back at this drill's version, the same database ranks.
		await team.sql(url, "UPDATE drill_team_meta SET value = '1' WHERE key = 'schema_version'");
		const devbox = store('devbox', 'bo', []);
		const found = JSON.parse(runCli(['find', '--team', 'retry', '--team-url', url, '--json'], {env: devbox}).stdout);
		expect(found.stage1_hits.map((hit: {drill_node_id: string}) => hit.drill_node_id)).toEqual(['conversation_session:ana@laptop/retry']);
	});

	it('doctor --team reports reachability, schema version, size and the last push per machine', async () => {
		const url = await team.database();
		const empty = JSON.parse(runCli(['doctor', '--team', '--team-url', url, '--json']).stdout);
		expect(empty).toMatchObject({reachable: true, schema_version: null, problem: 'no drill archive here yet: drill push --to URL makes one'});
		store('laptop', 'ana', [session('one', 'One', ['first words'])]);
		const laptop = store('laptop', 'ana', [session('one', 'One', ['first words']), session('two', 'Two', ['second words'])]);
		runCli(['push', '--to', url], {env: laptop});
		const doctor = runCli(['doctor', '--team', '--team-url', url, '--json']);
		expect(doctor.code).toBe(0);
		const diagnosis = JSON.parse(doctor.stdout);
		expect(diagnosis).toMatchObject({reachable: true, tls: false, schema_version: 1, drill_schema_version: 1, items: 2, tombstones: 0, machines: [{machine: 'laptop', user: 'ana', items: 2}]});
		expect(diagnosis.server_version).toMatch(/^\d+/u);
		expect(diagnosis.bytes).toBeGreaterThan(10_000);
		expect(runCli(['doctor', '--team', '--team-url', url]).stdout).toMatch(/^team postgres:\/\/drill@127\.0\.0\.1:\d+\/\w+: reachable in \d+ ms, PostgreSQL \d+\.\d+.*, schema 1, 2 items, \d+ KB\n {2}ana@laptop: 2 items, last push 20\d\d-/u);
		const away = runCli(['doctor', '--team', '--team-url', 'postgres://drill@127.0.0.1:1/x']);
		expect(away.code).toBe(1);
		expect(away.stdout).toMatch(/^team postgres:\/\/drill@127\.0\.0\.1:1\/x: unreachable — cannot reach the team database/u);
	});
});
