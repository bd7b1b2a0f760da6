// `npm run bench -- team [--items N] [--find-items N] [--queries N] [--generate server|client] [--keep DIR] [--only push|find] [--smoke]`:
// the team archive on a PostgreSQL server on this machine's loopback (started here, in a temporary
// folder, or kept in --keep DIR so that the generated archive of --find-items is made once).
// push: a generated store of --items items (default 50 000; the find bench's items: 10 nodes, 40
// spans, ~5 KB each), `drill push` (the built CLI, wall time), a second push (sends nothing), and
// `drill pull` of them into an empty store. find: an archive of --find-items items (default
// 1 000 000). `--generate server` (the default) makes it in PostgreSQL from the archive the push
// step pushed: its items repeated under other machines with new ids and hashes
// (team/server-generated-archive.ts; minutes at 1M). `--generate client`: items generated here
// (lighter: the same trees with 8 spans each), written with the push's own statement (about an
// hour at 1M). Then --queries queries (200) made of items' topic words, each through `find
// --team`'s code (stage 1 in the database, the hits fetched into a local store, stage 2):
// p50/p95, and of stage 1 alone. Smoke: 100 and 1 000 items, 5 queries.
import {spawnSync} from 'node:child_process';
import {loadavg} from 'node:os';
import {existsSync, mkdtempSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {validateItem} from '../source/store/interchange.js';
import {TeamClient, teamTarget} from '../source/team/connection.js';
import {archiveRow} from '../source/team/archive-row.js';
import {teamFind} from '../source/team/find.js';
import {insertRows} from '../source/team/push.js';
import {ensureSchema} from '../source/team/schema.js';
import {makeCorpus, makeItem, makeQuery} from './find/generate.js';
import {postgresMissing, startPostgres, type PostgresServer} from './team/postgres-server.js';
import {expandArchive} from './team/server-generated-archive.js';
import {benchRuntime, machine, ms, summarize} from './stats.js';

function option(args: string[], name: string): string | undefined {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
}

const log = (text: string) => process.stdout.write(`${text}\n`);
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** A database of its own on the server; `fresh` drops one left by an earlier run. */
async function database(server: PostgresServer, name: string, fresh: boolean): Promise<string> {
	const admin = await TeamClient.connect(teamTarget(server.url, 'bench'));
	try {
		const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
		if (exists && fresh) await admin.query(`DROP DATABASE ${name}`);
		if (!exists || fresh) await admin.query(`CREATE DATABASE ${name}`);
	} finally {
		await admin.close();
	}
	return server.url.replace(/\/postgres$/u, `/${name}`);
}

/** CPU seconds (user + system) of a process and of the children it has waited for, from /proc (0 where there is none). */
function cpuSeconds(pid: number | 'self'): number {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /su, '').split(' ');
		// utime, stime, cutime, cstime: fields 14–17 of stat, 12–15 after the name.
		return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
	} catch {
		return 0;
	}
}

/** A run of the built CLI: wall time, its report, and the CPU it used (the server's is not counted). */
function drill(args: string[], env: NodeJS.ProcessEnv): {seconds: number; report: Record<string, unknown>; cpu: string} {
	const started = performance.now();
	const client = cpuSeconds('self');
	const result = spawnSync(process.execPath, [path.resolve('dist/cli.cjs'), ...args, '--json'], {encoding: 'utf8', env: {...process.env, ...env}, maxBuffer: 64 * 1024 * 1024});
	if (result.status !== 0) throw new Error(`drill ${args[0]} failed: ${result.stderr.trim().split('\n').slice(-2).join(' / ')}`);
	const cpu = `drill's own CPU ${(cpuSeconds('self') - client).toFixed(1)} s`;
	return {seconds: (performance.now() - started) / 1000, report: JSON.parse(result.stdout) as Record<string, unknown>, cpu};
}

async function pushPull(server: PostgresServer, items: number, dir: string, keep: string | undefined): Promise<void> {
	const url = await database(server, 'bench_push', true);
	// Kept beside the server with --keep: generating it takes minutes on a busy machine.
	const store = keep ? path.join(keep, `laptop-${items}.db`) : path.join(dir, 'laptop.db');
	let started = performance.now();
	if (existsSync(store)) log(`store of ${items} items found: ${store}`);
	else {
		const writer = benchRuntime(`${store}.part`).openWritableStore();
		writer.useBulkWrites();
		writer.batchCommits();
		const corpus = makeCorpus();
		for (let i = 0; i < items; i++) writer.writeItem(validateItem({...makeItem(corpus, i, ['conversation_session', 'docs']), content_hash: `generated-${i}`}));
		writer.endBulkWrites();
		writer.close();
		renameSync(`${store}.part`, store);
		log(`generated a store of ${items} items (10 nodes, 40 spans each) in ${seconds(started)} s`);
	}
	const env = {DRILL_STORE: store, DRILL_MACHINE: 'laptop', DRILL_USER: 'ana', PGPASSWORD: server.password};
	log(`load before push: ${load()}`);
	const push = drill(['push', '--to', url], env);
	log(`drill push: ${push.report.sent} items, ${(Number(push.report.bytes) / 1e6).toFixed(0)} MB in ${push.seconds.toFixed(1)} s (${Math.round(Number(push.report.sent) / push.seconds)} items/s; ${push.report.batches} batches) — load ${load()}; ${push.cpu}`);
	const again = drill(['push', '--to', url], env);
	log(`drill push again: ${again.report.sent} sent, ${again.report.unchanged} unchanged in ${again.seconds.toFixed(1)} s; ${again.cpu}`);
	const empty = path.join(dir, 'devbox.db');
	started = performance.now();
	const pull = drill(['pull', '--from', url], {DRILL_STORE: empty, DRILL_MACHINE: 'devbox', DRILL_USER: 'bo', PGPASSWORD: server.password});
	log(`drill pull into an empty store: ${pull.report.added} items, ${(Number(pull.report.bytes) / 1e6).toFixed(0)} MB in ${pull.seconds.toFixed(1)} s (${Math.round(Number(pull.report.added) / pull.seconds)} items/s; search indexes written) — load ${load()}; ${pull.cpu}`);
}

/** The find archive made in PostgreSQL from the push step's archive (bench_push), once per size (kept with --keep). */
async function serverGeneratedArchive(server: PostgresServer, items: number): Promise<string> {
	const name = `bench_find_server_${items}`;
	const url = server.url.replace(/\/postgres$/u, `/${name}`);
	const admin = await TeamClient.connect(teamTarget(server.url, 'bench'));
	try {
		if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0) {
			const client = await TeamClient.connect(teamTarget(url, 'bench'));
			const have = Number((await client.query<{n: string}>('SELECT count(*)::text AS n FROM drill_items')).at(0)?.n ?? 0);
			await client.close();
			if (have >= items) {
				log(`archive of ${items} items found in ${name}`);
				return url;
			}
			await admin.query(`DROP DATABASE ${name}`);
		}
		if ((await admin.query("SELECT 1 FROM pg_database WHERE datname = 'bench_push'")).length === 0) throw new Error('--generate server copies the archive the push step pushed (bench_push): run the bench without --only find first (or with --generate client)');
		await admin.query(`CREATE DATABASE ${name} TEMPLATE bench_push`);
	} finally {
		await admin.close();
	}
	const started = performance.now();
	const client = await TeamClient.connect(teamTarget(url, 'bench'));
	try {
		const {template, added} = await expandArchive(client, items);
		log(`generated an archive of ${items} items in PostgreSQL from the ${template} pushed ones (${added} copies with new ids and hashes, GIN index, ANALYZE) in ${seconds(started)} s`);
	} finally {
		await client.close();
	}
	return url;
}

/** An archive of `items` items from 20 machines, made once per database name (kept with --keep). */
async function generatedArchive(server: PostgresServer, items: number, generate: string): Promise<{url: string; queries: string[]}> {
	const url = generate === 'server' ? await serverGeneratedArchive(server, items) : await database(server, `bench_find_${items}`, false);
	const corpus = makeCorpus();
	const client = await TeamClient.connect(teamTarget(url, 'bench'));
	try {
		await ensureSchema(client);
		const have = Number((await client.query<{n: string}>('SELECT count(*)::text AS n FROM drill_items'))[0]!.n);
		if (generate === 'server') log(`archive of ${have} items`);
		else if (have < items) {
			const started = performance.now();
			await client.query('DROP INDEX IF EXISTS drill_items_search');
			const batch = 1000;
			for (let at = 0; at < items; at += batch) {
				const byMachine = new Map<number, ReturnType<typeof archiveRow>[]>();
				for (let i = at; i < Math.min(items, at + batch); i++) {
					// Items are made in sequence from one random stream: those already there are made again, and skipped.
					const item = makeItem(corpus, i, ['conversation_session', 'docs']);
					if (i < have) continue;
					const spans = item.spans.slice(0, 8);
					const kept = new Set(spans.map((span) => span.seq));
					const record = validateItem({...item, spans, nodes: item.nodes.map((node) => ({...node, spans: node.spans.filter((seq) => kept.has(seq))}))});
					const rows = byMachine.get(i % 20) ?? [];
					rows.push(archiveRow(record, `generated-${i}`));
					byMachine.set(i % 20, rows);
				}
				for (const [m, rows] of byMachine) await insertRows(client, {machine: `machine${m}`, user: `user${m}`}, rows);
				if ((at + batch) % 100_000 === 0) process.stderr.write(`  ${at + batch} items, ${seconds(started)} s\n`);
			}
			log(`generated an archive of ${items} items (8 spans each) in ${seconds(started)} s`);
			const indexed = performance.now();
			await client.query("SET maintenance_work_mem = '1GB'");
			await client.query('CREATE INDEX drill_items_search ON drill_items USING gin (search)');
			await client.query('VACUUM ANALYZE drill_items');
			log(`GIN index and ANALYZE: ${seconds(indexed)} s`);
		} else log(`archive of ${items} items found in bench_find_${items}`);
		const [size] = await client.query<{bytes: string}>("SELECT pg_total_relation_size('drill_items')::text AS bytes");
		log(`archive size: ${(Number(size!.bytes) / 1e9).toFixed(2)} GB (drill_items with its indexes)`);
		// Queries as the find bench makes them: a few words of one or two topics, sometimes with a function word.
		const topic = () => Math.floor(corpus.next() * corpus.topics.length);
		const queries = Array.from({length: 1000}, () => makeQuery(corpus, corpus.next() < 0.5 ? [topic()] : [topic(), topic()]));
		return {url, queries};
	} finally {
		await client.close();
	}
}

async function findBench(server: PostgresServer, items: number, generate: string, queryCount: number, dir: string): Promise<void> {
	const {url, queries} = await generatedArchive(server, items, generate);
	const client = await TeamClient.connect(teamTarget(url, 'bench'));
	const store = benchRuntime(path.join(dir, 'find.db')).openWritableStore();
	try {
		const chosen = queries.slice(0, queryCount);
		// One warm-up query: the first reads the statistics and pages in.
		await teamFind(client, store, {query: chosen[0]!});
		const total: number[] = [];
		const stage1: number[] = [];
		let narrowed = 0;
		let hits = 0;
		log(`load before queries: ${load()}`);
		const ownCpu = process.cpuUsage();
		for (const query of chosen) {
			const started = performance.now();
			const result = await teamFind(client, store, {query});
			total.push(performance.now() - started);
			stage1.push(result.timings_ms.stage1 ?? 0);
			if (result.notices?.some((notice) => notice.startsWith('ranked the items'))) narrowed++;
			hits += result.stage1_hits.length;
		}
		const used = process.cpuUsage(ownCpu);
		const all = summarize(total);
		const first = summarize(stage1);
		log(`find --team over ${items} items, ${chosen.length} queries (e.g. ${JSON.stringify(chosen[1] ?? chosen[0])}): p50 ${ms(all.p50)}  p95 ${ms(all.p95)}  max ${ms(all.max)}; stage 1 alone p50 ${ms(first.p50)}  p95 ${ms(first.p95)}; ${(hits / chosen.length).toFixed(1)} hits per query, ${narrowed} queries ranked a bounded set — load ${load()}; CPU per query in this process ${ms((used.user + used.system) / 1000 / chosen.length)}`);
	} finally {
		store.close();
		await client.close();
	}
}

export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	const items = Number(option(args, '--items') ?? (smoke ? 100 : 50_000));
	const findItems = Number(option(args, '--find-items') ?? (smoke ? 1000 : 1_000_000));
	const queryCount = Number(option(args, '--queries') ?? (smoke ? 5 : 200));
	const only = option(args, '--only');
	const keep = option(args, '--keep');
	const generate = option(args, '--generate') ?? 'server';
	if (generate !== 'server' && generate !== 'client') throw new Error(`--generate is server or client, got ${generate}`);
	log(`machine: ${machine()}; load ${load()}`);
	const missing = postgresMissing();
	if (missing) {
		log(`skipped: ${missing}`);
		log('(the team benchmark needs a PostgreSQL server on this machine)');
		return;
	}
	const server = await startPostgres({
		...(keep ? {keep: path.resolve(keep)} : {}),
		settings: {shared_buffers: smoke ? '32MB' : '512MB', work_mem: '32MB', maintenance_work_mem: '256MB', max_wal_size: '4GB', effective_cache_size: '4GB'},
	});
	process.env.PGPASSWORD = server.password;
	log(`server: ${server.version} on 127.0.0.1:${server.port}${keep ? ` (kept in ${keep})` : ' (a temporary folder)'}; shared_buffers ${smoke ? '32MB' : '512MB'}, fsync on`);
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-bench-team-'));
	try {
		if (only !== 'find') await pushPull(server, items, dir, keep && path.resolve(keep));
		if (only !== 'push') await findBench(server, findItems, generate, queryCount, dir);
	} finally {
		server.stop();
		rmSync(dir, {recursive: true, force: true});
	}
}
