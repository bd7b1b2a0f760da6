import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir, hasStackTrace} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';
import {postgresSkip, teamServer} from '../helpers/postgres.js';

const team = teamServer();

/** A store of `count` items (sessions of one project) made with drill import, with the labels a machine pushes with. */
function machineStore(name: string, user: string, count: number, prefix = name): {env: NodeJS.ProcessEnv; store: string; dir: string} {
	const dir = tempDir();
	const store = path.join(dir, 'store.db');
	const file = path.join(dir, 'items.jsonl');
	const items = Array.from({length: count}, (_, index) => {
		const item = makeItem('conversation_session', `${prefix}${index}`, {title: `Retry storm ${prefix} ${index}`, generatedAt: new Date(Date.UTC(2026, 10, 1 + index)).toISOString()});
		return {...item, source: {...item.source, agent: index % 2 ? 'codex' : 'claude-code', project: `/home/${user}/src/api`, session_id: `sess-${prefix}-${index}`}};
	});
	// `[]` makes an empty store.
	writeFileSync(file, count === 0 ? '[]' : items.map((item) => JSON.stringify(item)).join('\n'));
	const env = {DRILL_STORE: store, DRILL_MACHINE: name, DRILL_USER: user, ...team.env};
	const imported = runCli(['import', file], {env});
	expect(imported.code, imported.stderr).toBe(0);
	return {env, store, dir};
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe.skipIf(postgresSkip)('drill push and pull against a real PostgreSQL', () => {
	it('pushes once (a second push sends nothing), labels items, and another machine pulls them without touching its own', async () => {
		const url = await team.database();
		const laptop = machineStore('laptop', 'ana', 5);
		const first = runCli(['push', '--to', url, '--json'], {env: laptop.env});
		expect(first.code, first.stderr).toBe(0);
		expect(json(first.stdout)).toMatchObject({machine: 'laptop', user: 'ana', local_items: 5, sent: 5, unchanged: 0, tombstones: 0, refused_count: 0});
		const again = runCli(['push', '--to', url, '--json'], {env: laptop.env});
		expect(json(again.stdout)).toMatchObject({sent: 0, unchanged: 5});
		const rows = await team.sql<{machine: string; user_name: string; n: string}>(url, 'SELECT machine, user_name, count(*) AS n FROM drill_items GROUP BY 1, 2');
		expect(rows).toEqual([{machine: 'laptop', user_name: 'ana', n: '5'}]);
		const [provenance] = await team.sql<{source: string}>(url, "SELECT source FROM drill_items WHERE item_id = 'laptop0'");
		expect(JSON.parse(provenance!.source)).toMatchObject({agent: 'claude-code', project: '/home/ana/src/api', session_id: 'sess-laptop-0'});

		const devbox = machineStore('devbox', 'bo', 2);
		const pulled = runCli(['pull', '--from', url, '--json'], {env: devbox.env});
		expect(pulled.code, pulled.stderr).toBe(0);
		expect(json(pulled.stdout)).toMatchObject({added: 5, updated: 0, unchanged: 0, origins: {'ana@laptop': 5}, search_notices: []});
		// Its own two items are as they were; the five pulled sit beside them, labelled.
		const flat = json(runCli(['walk', 'summary', 'conversation_session', '--json'], {env: devbox.env}).stdout) as {children: Array<{node_id: string}>};
		expect(flat.children.map((child) => child.node_id).sort()).toEqual([
			'conversation_session:ana@laptop/laptop0', 'conversation_session:ana@laptop/laptop1', 'conversation_session:ana@laptop/laptop2',
			'conversation_session:ana@laptop/laptop3', 'conversation_session:ana@laptop/laptop4', 'conversation_session:devbox0', 'conversation_session:devbox1',
		]);
		const byMachine = json(runCli(['walk', 'summary', 'conversation_session', '--group-by', 'machine', '--json'], {env: devbox.env}).stdout) as {children: Array<{node_id: string; name: string; child_count: number}>};
		expect(byMachine.children.map(({name, child_count}) => [name, child_count]).sort()).toEqual([['(this machine)', 2], ['laptop', 5]]);
		const byUser = json(runCli(['walk', 'summary', 'conversation_session#user=ana', '--json'], {env: devbox.env}).stdout) as {children: unknown[]};
		expect(byUser.children).toHaveLength(5);
		const item = json(runCli(['walk', 'summary', 'conversation_session:ana@laptop/laptop2', '--json'], {env: devbox.env}).stdout) as {source: Record<string, unknown>};
		expect(item.source).toMatchObject({machine: 'laptop', user: 'ana', agent: 'claude-code', session_id: 'sess-laptop-2'});

		// A second pull fetches nothing; pulled items are never pushed back from here.
		expect(json(runCli(['pull', '--from', url, '--json'], {env: devbox.env}).stdout)).toMatchObject({added: 0, updated: 0, unchanged: 5});
		expect(json(runCli(['push', '--to', url, '--json'], {env: devbox.env}).stdout)).toMatchObject({local_items: 2, sent: 2});
		// The laptop pulls the devbox's two, never its own five.
		expect(json(runCli(['pull', '--from', url, '--json'], {env: laptop.env}).stdout)).toMatchObject({added: 2, origins: {'bo@devbox': 2}});
	});

	it('pulls only what the filters let through: --user, --project, --agent, --since', async () => {
		const url = await team.database();
		const laptop = machineStore('laptop', 'ana', 6);
		expect(runCli(['push', '--to', url], {env: laptop.env}).code).toBe(0);
		const ci = machineStore('ci-runner', 'ci', 3, 'ci');
		expect(runCli(['push', '--to', url], {env: ci.env}).code).toBe(0);
		const pull = (...args: string[]) => json(runCli(['pull', '--from', url, '--json', ...args], {env: machineStore('devbox', 'bo', 0).env}).stdout);
		expect(pull('--user', 'ci')).toMatchObject({added: 3, origins: {'ci@ci-runner': 3}});
		expect(pull('--agent', 'codex')).toMatchObject({added: 4});
		expect(pull('--project', 'api', '--user', 'ana')).toMatchObject({added: 6});
		expect(pull('--project', '/home/ci/src/api')).toMatchObject({added: 3});
		expect(pull('--since', '2026-11-05')).toMatchObject({added: 2});
		const bad = runCli(['pull', '--from', url, '--since', 'last week'], {env: laptop.env});
		expect(bad.code).toBe(2);
		expect(bad.stderr).toMatch(/^drill: --since "last week" is not a date or an age; give a date/u);
	});

	it('sends forgotten items as tombstones: the database deletes their text, and pulls remove their copies', async () => {
		const url = await team.database();
		const laptop = machineStore('laptop', 'ana', 3);
		runCli(['push', '--to', url], {env: laptop.env});
		const devbox = machineStore('devbox', 'bo', 0);
		expect(json(runCli(['pull', '--from', url, '--json'], {env: devbox.env}).stdout)).toMatchObject({added: 3});
		expect(runCli(['forget', 'conversation_session:laptop1'], {env: laptop.env}).code).toBe(0);
		expect(json(runCli(['push', '--to', url, '--json'], {env: laptop.env}).stdout)).toMatchObject({sent: 0, unchanged: 2, tombstones: 1});
		const [row] = await team.sql<Record<string, unknown>>(url, "SELECT deleted, title, tldr, record, source, search, agent, project FROM drill_items WHERE item_id = 'laptop1'");
		expect(row).toEqual({deleted: true, title: '', tldr: '', record: null, source: null, search: null, agent: null, project: null});
		const [{n}] = (await team.sql<{n: string}>(url, "SELECT count(*) AS n FROM drill_items WHERE record LIKE '%laptop1%' OR search @@ to_tsquery('english', 'laptop1')")) as [{n: string}];
		expect(n).toBe('0');
		expect(json(runCli(['pull', '--from', url, '--json'], {env: devbox.env}).stdout)).toMatchObject({removed: 1, unchanged: 2});
		expect(runCli(['walk', 'summary', 'conversation_session:ana@laptop/laptop1'], {env: devbox.env}).code).toBe(1);
		// A second push sends no tombstone again.
		expect(json(runCli(['push', '--to', url, '--json'], {env: laptop.env}).stdout)).toMatchObject({sent: 0, tombstones: 0});
		// A pulled copy forgotten here stays out of later pulls, and is no tombstone of this machine's.
		expect(runCli(['forget', 'conversation_session:ana@laptop/laptop2'], {env: devbox.env}).code).toBe(0);
		expect(json(runCli(['pull', '--from', url, '--json'], {env: devbox.env}).stdout)).toMatchObject({added: 0, unchanged: 1, forgotten: 1});
		expect(json(runCli(['push', '--to', url, '--json'], {env: devbox.env}).stdout)).toMatchObject({local_items: 0, sent: 0, tombstones: 0});
	});

	it('refuses an item that still holds a secret, and sends the rest', async () => {
		const url = await team.database();
		const laptop = machineStore('laptop', 'ana', 2);
		const leaky = makeItem('conversation_session', 'leaky', {title: 'Deploy notes'});
		leaky.spans[0]!.text = 'the token is ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R for the deploy';
		const file = path.join(laptop.dir, 'leaky.json');
		writeFileSync(file, JSON.stringify(leaky));
		expect(runCli(['import', file, '--keep-secrets'], {env: laptop.env}).code).toBe(0);
		const pushed = runCli(['push', '--to', url], {env: laptop.env});
		expect(pushed.code).toBe(1);
		expect(pushed.stderr).toContain('drill: refused conversation_session:leaky: it still holds a secret (github-pat); drill reindex redacts it');
		expect(pushed.stdout).toMatch(/^pushed 2 items to postgres:\/\/drill@127\.0\.0\.1:\d+\/t\w+ as ana@laptop, 0 unchanged, 1 refused \(secrets\)/u);
		const [{n}] = (await team.sql<{n: string}>(url, "SELECT count(*) AS n FROM drill_items WHERE record LIKE '%ghp_%'")) as [{n: string}];
		expect(n).toBe('0');
	});

	it('takes the URL from DRILL_TEAM_URL, refuses a password on the command line, and says in one line what is wrong', async () => {
		const url = await team.database();
		const laptop = machineStore('laptop', 'ana', 1);
		expect(json(runCli(['push', '--json'], {env: {...laptop.env, DRILL_TEAM_URL: url}}).stdout)).toMatchObject({sent: 1});
		const withPassword = runCli(['push', '--to', url.replace('drill@', 'drill:hunter2@')], {env: laptop.env});
		expect(withPassword.code).toBe(2);
		expect(withPassword.stderr).toBe('drill: --to holds a password, which the command line shows to every user of this machine (ps, shell history); give the URL without it and put the password in PGPASSWORD or ~/.pgpass (HOST:PORT:DATABASE:USER:PASSWORD)\n');
		const none = runCli(['pull'], {env: {...laptop.env, DRILL_TEAM_URL: ''}});
		expect(none.stderr).toMatch(/^drill: no team database given; give --from postgres:\/\/USER@HOST\/DATABASE or set DRILL_TEAM_URL/u);
		const wrongPassword = runCli(['push', '--to', url], {env: {...laptop.env, PGPASSWORD: 'wrong'}});
		expect(wrongPassword.code).toBe(1);
		expect(wrongPassword.stderr).toMatch(/^drill: the team database at \S+ refused the login \(password authentication failed for user "drill"\); set PGPASSWORD/u);
		const closed = runCli(['push', '--to', 'postgres://drill@127.0.0.1:1/x'], {env: laptop.env});
		expect(closed.stderr).toMatch(/^drill: cannot reach the team database at postgres:\/\/drill@127\.0\.0\.1:1\/x \(ECONNREFUSED\)/u);
		const notUrl = runCli(['pull', '--from', 'mysql://x@y/z'], {env: laptop.env});
		expect(notUrl.stderr).toBe('drill: --from must be a postgres:// URL, got mysql://…; give postgres://USER@HOST:PORT/DATABASE\n');
		// TLS when asked for (and by default off this machine): this server has none, and says so.
		const tls = runCli(['push', '--to', `${url}?sslmode=require`], {env: laptop.env});
		expect(tls.stderr).toMatch(/^drill: TLS with the team database at \S+ failed \(The server does not support SSL connections\); TLS is on for a server on another machine/u);
		// The password from ~/.pgpass when the environment has none.
		const home = tempDir();
		const {port} = new URL(url);
		writeFileSync(path.join(home, '.pgpass'), `127.0.0.1:${port}:*:drill:${team.server.password}\n`, {mode: 0o600});
		expect(json(runCli(['push', '--to', url, '--json'], {env: {...laptop.env, PGPASSWORD: '', HOME: home}}).stdout)).toMatchObject({sent: 0, unchanged: 1});
		const noPassword = runCli(['push', '--to', url], {env: {...laptop.env, PGPASSWORD: '', HOME: tempDir()}});
		expect(noPassword.stderr).toMatch(/^drill: the team database at \S+ asks for a password, and none was given; set PGPASSWORD, or add HOST:PORT:DATABASE:USER:PASSWORD to ~\/\.pgpass/u);
		for (const result of [withPassword, none, wrongPassword, closed, notUrl, tls, noPassword]) expect(hasStackTrace(result.stderr)).toBe(false);
	});
});
