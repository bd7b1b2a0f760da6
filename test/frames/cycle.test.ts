import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {drillDown, drillUp, frameStatus, retrospect} from '../../source/frames/index.js';
import {readDrillFile} from '../../source/frames/files/drill-file.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {action, project, writeFile} from './helpers.js';

const namePattern = /^\d{4}-\d{2}-\d{2}-\d{6}-[0-9a-f]{6}-[a-z0-9-]+$/u;

/** Every file under a folder, relative, sorted (the drill tree and what retrospect wrote). */
function files(root: string, under = ''): string[] {
	const out: string[] = [];
	const dir = path.join(root, under);
	if (!existsSync(dir)) return out;
	for (const entry of readdirSync(dir, {withFileTypes: true})) {
		const rel = under ? `${under}/${entry.name}` : entry.name;
		if (entry.isDirectory()) out.push(...files(root, rel));
		else out.push(rel);
	}
	return out.sort();
}

async function fullCycle() {
	const config = project();
	const root = config.drillsRoot;
	writeFile(root, 'logs/api-502.log', 'GET /orders 502 upstream timeout\nGET /orders 502 pool exhausted\n');
	writeFile(root, 'notes/pool.md', '# Pool\n\nmax 10 connections\n');

	const api = await drillDown(config, {slug: 'api-debug', objective: 'Why does /orders return 502 under load?', scope: ['services/api'], context: ['logs/api-502.log', 'notes/pool.md'], delegate: ['Capture the SQL plan'], cwd: root});
	const db = await drillDown(config, {slug: 'db-optim', objective: 'Which query exhausts the pool?', scope: ['services/api/db'], cwd: root});
	const index = await drillDown(config, {slug: 'index-check', objective: 'Is orders.customer_id indexed?', cwd: root});
	const atDeepest = frameStatus(config);

	const indexUp = await drillUp(config, {
		findings: 'orders.customer_id has no index: a sequential scan of 4M rows.\n\n## Evidence\n\nEXPLAIN shows Seq Scan.',
		plan: [action({evidence: 'services/api/db/schema.sql:42'}), action({sink: 'memory', action: 'Remember the orders index', evidence: 'findings'})],
		cwd: root,
	});
	const dbUp = await drillUp(config, {
		findings: 'The orders query holds each connection 3 s; a pool of 10 saturates at 4 rps.',
		plan: {prevention_plan: [action({action: 'add an index on orders(customer_id).', evidence: 'EXPLAIN output'}), action({sink: 'backlog', action: 'Alert when pool waiters exceed 5', owner: 'human', evidence: 'logs/api-502.log'})]},
		evidence: ['logs/api-502.log'],
		cwd: root,
	});
	const apiUp = await drillUp(config, {
		findings: '502s come from pool exhaustion caused by a missing index.',
		payload: 'Missing index on orders.customer_id → slow query → pool exhaustion → 502.',
		plan: [action({sink: 'workaround', scope: 'session', action: 'Raise the pool timeout to 30 s', evidence: 'logs/api-502.log#L2'})],
		cwd: root,
	});
	return {config, root, api, db, index, atDeepest, indexUp, dbUp, apiUp};
}

describe('a whole drill cycle', () => {
	it('materializes each frame as YYYY-MM-DD-HHMMSS-sha-slug/ with a same-named drill file, nested under .drills/', async () => {
		const {root, api, db, index} = await fullCycle();
		expect(api.drill.name).toMatch(namePattern);
		expect(api.drill.name).toBe(`2026-07-11-132105-${api.drill.id}-api-debug`);
		expect(db.drill.path).toBe(`.drills/${api.drill.name}/.drills/${db.drill.name}`);
		expect(index.drill.path).toBe(`${db.drill.path}/.drills/${index.drill.name}`);
		for (const drill of [api, db, index]) expect(existsSync(path.join(root, drill.drill.file))).toBe(true);
		expect(new Set([api.drill.id, db.drill.id, index.drill.id]).size).toBe(3);
		expect(index.path.map((frame) => frame.slug)).toEqual(['api-debug', 'db-optim', 'index-check']);
		expect(index.drill).toMatchObject({depth: 3, parent: db.drill.id, status: 'open', scope: ['services/api/db']});
	});

	it('writes the front matter and copies in only the given context, beside the drill file', async () => {
		const {root, api} = await fullCycle();
		const apiDir = path.join(root, api.drill.path);
		expect(files(apiDir).filter((file) => !file.startsWith('.drills/'))).toEqual([`${api.drill.name}.md`, 'api-502/api-502.log', 'api-502/api-502.md', 'pool/pool.md']);
		expect(readFileSync(path.join(apiDir, 'pool/pool.md'), 'utf8')).toBe('# Pool\n\nmax 10 connections\n');
		expect(readFileSync(path.join(apiDir, 'api-502/api-502.md'), 'utf8')).toContain('GET /orders 502 pool exhausted');
		expect(api.context).toEqual([
			{document: 'api-502/api-502.md', origin: 'logs/api-502.log'},
			{document: 'pool/pool.md', origin: 'notes/pool.md'},
		]);
		const text = readFileSync(path.join(root, api.drill.file), 'utf8');
		expect(text).toMatch(/^---\nid: "?[0-9a-f]{6}"?\nname: 2026-07-11-132105-[0-9a-f]{6}-api-debug\nslug: api-debug\nparent: null\ndepth: 1\nstatus: closed\nobjective: Why does \/orders return 502 under load\?\nscope:\n {2}- services\/api\ncreated: 2026-07-11T13:21:05\.000Z\nclosed: /u);
		expect(text).toContain('delegation:\n  - Capture the SQL plan');
	});

	it('moves the cursor down and up, and reports the path', async () => {
		const {root, api, db, index, atDeepest, indexUp, dbUp, apiUp} = await fullCycle();
		expect(atDeepest.cursor).toBe(index.drill.id);
		expect(atDeepest.path.map((frame) => frame.id)).toEqual([api.drill.id, db.drill.id, index.drill.id]);
		expect(atDeepest.objective).toBe('Is orders.customer_id indexed?');
		expect(indexUp.cursor).toBe(db.drill.id);
		expect(dbUp.cursor).toBe(api.drill.id);
		expect(dbUp.path.map((frame) => frame.slug)).toEqual(['api-debug']);
		expect(apiUp.cursor).toBeNull();
		expect(existsSync(path.join(root, '.drills', 'cursor'))).toBe(false);
		const after = frameStatus({drillsRoot: root});
		expect(after).toMatchObject({cursor: null, current: null, path: [], open: [], counts: {drills: 3, open: 0, closed: 3}, problems: []});
		expect(after.last_closed_root?.id).toBe(api.drill.id);
	});

	it('finalizes the drill file and hands only the payload and the plan to the parent', async () => {
		const {root, db, index} = await fullCycle();
		const child = readDrillFile(path.join(root, index.drill.file), index.drill, root);
		expect(child.meta.status).toBe('closed');
		expect(child.sections.get('Findings')).toContain('### Evidence');
		expect(child.sections.get('Return Payload')).toBe('orders.customer_id has no index: a sequential scan of 4M rows.');
		expect(child.meta.prevention_plan?.[1]?.evidence).toBe(`${index.drill.path}/${index.drill.name}.md#findings`);
		const parent = readDrillFile(path.join(root, db.drill.file), db.drill, root);
		expect(parent.meta.child_results.map((result) => result.id)).toEqual([index.drill.id]);
		const childResults = parent.sections.get('Child Results')!;
		expect(childResults).toContain('orders.customer_id has no index: a sequential scan of 4M rows.');
		expect(childResults).toContain('Remember the orders index');
		expect(childResults).not.toContain('EXPLAIN shows Seq Scan');
		expect(childResults).toContain(`(.drills/${index.drill.name}/${index.drill.name}.md)`);
		expect(parent.sections.get('Evidence')).toBe(`- [logs/api-502.log](${'../'.repeat(4)}logs/api-502.log)`);
	});

	it('merges every plan at the root, deduping an action proposed at two depths', async () => {
		const {root, api, db, index, apiUp} = await fullCycle();
		const post = apiUp.post_drill!;
		expect(post.plan_missed).toBe(false);
		expect(post.merged_prevention_plan.map((merged) => [merged.sink, merged.action, merged.evidence, merged.from])).toEqual([
			['workaround', 'Raise the pool timeout to 30 s', 'logs/api-502.log#L2', [api.drill.id]],
			['code', 'Add an index on orders(customer_id)', 'services/api/db/schema.sql:42', [db.drill.id, index.drill.id]],
			['backlog', 'Alert when pool waiters exceed 5', 'logs/api-502.log', [db.drill.id]],
			['memory', 'Remember the orders index', `${index.drill.path}/${index.drill.name}.md#findings`, [index.drill.id]],
		]);
		const rootFile = readDrillFile(path.join(root, api.drill.file), api.drill, root);
		expect(rootFile.meta.post_drill?.merged_prevention_plan).toHaveLength(4);
		expect(rootFile.sections.get('Merged Prevention Plan')).toContain('from: ' + `${db.drill.id}, ${index.drill.id}`);
		expect(frameStatus({drillsRoot: root}).pending_plan).toMatchObject({source: 'closed-root', root: api.drill.id, by_sink: {workaround: 1, code: 1, backlog: 1, memory: 1}});
	});

	it('shows the pending plan of closed children while the root is open', async () => {
		const config = project();
		await drillDown(config, {slug: 'a', objective: 'A?'});
		await drillDown(config, {slug: 'b', objective: 'B?'});
		await drillUp(config, {findings: 'b', plan: [action(), action({sink: 'backlog'})]});
		expect(frameStatus(config).pending_plan).toMatchObject({source: 'open-frames', by_sink: {code: 1, backlog: 1}});
	});

	it('retrospect: a dry run writes nothing, --apply routes each action to its sink, a re-run writes nothing twice', async () => {
		const {config, root, api} = await fullCycle();
		const before = files(root);
		const dry = await retrospect(config);
		expect(files(root)).toEqual(before);
		expect(dry.applied).toBe(false);
		expect(dry.root).toBe(api.drill.id);
		expect(dry.actions).toHaveLength(4);
		expect(dry.routed.map((routed) => [routed.sink, routed.path, routed.mode])).toEqual([
			['workaround', '.agents/workarounds.md', 'create'],
			['code', '.agents/backlog/2026-07-11-add-an-index-on-orders-customer-id.md', 'create'],
			['backlog', '.agents/backlog/2026-07-11-alert-when-pool-waiters-exceed-5.md', 'create'],
			['memory', '.memory/mental-models/remember-the-orders-index.md', 'create'],
		]);

		const applied = await retrospect(config, {apply: true});
		expect(applied.routed.map((routed) => routed.path)).toEqual(dry.routed.map((routed) => routed.path));
		for (const routed of applied.routed) expect(readFileSync(path.join(root, routed.path), 'utf8')).toBe(routed.content);
		const backlog = readFileSync(path.join(root, '.agents/backlog/2026-07-11-add-an-index-on-orders-customer-id.md'), 'utf8');
		expect(backlog).toMatch(/^---\ntitle: Add an index on orders\(customer_id\)\n/u);
		expect(backlog).toContain('kind: code');
		expect(backlog).toContain('evidence: services/api/db/schema.sql:42');
		const rootFile = readDrillFile(path.join(root, api.drill.file), api.drill, root);
		expect(rootFile.meta.retrospect?.routed).toHaveLength(4);
		expect(frameStatus(config).pending_plan.source).toBe('none');

		const written = files(root).map((file) => [file, readFileSync(path.join(root, file), 'utf8')]);
		const again = await retrospect(config, {apply: true});
		expect(again.previously_applied).toBe(rootFile.meta.retrospect?.applied_at);
		expect(again.routed.every((routed) => routed.mode === 'unchanged')).toBe(true);
		expect(files(root).map((file) => [file, readFileSync(path.join(root, file), 'utf8')])).toEqual(written);
	});

	it('routes every sink to its documented place, appending to running files', async () => {
		const config = project();
		const root = config.drillsRoot;
		writeFile(root, '.memory/mental-models/pool-limits.md', '# Pool limits\n\nKnown before.\n');
		await drillDown(config, {slug: 'all-sinks', objective: 'Route everything'});
		await drillUp(config, {
			findings: 'A lesson per sink.',
			plan: [
				action({sink: 'backlog', action: 'Plan the pool rework'}),
				action({sink: 'code', action: 'Add a pool saturation test'}),
				action({sink: 'memory', action: 'Pool limits'}),
				action({sink: 'knowledgebase', action: 'Pools saturate at 4 rps'}),
				action({sink: 'agentic-documents', action: 'Tell agents to check EXPLAIN first', scope: 'universal'}),
				action({sink: 'upstream-issue', action: 'Report the pg driver leak'}),
				action({sink: 'workaround', action: 'Restart the API nightly'}),
				action({sink: 'workaround', action: 'Cap the orders batch size'}),
				action({sink: 'backlog', action: 'Plan the pool rework!'}),
			],
		});
		const result = await retrospect(config, {apply: true});
		expect(result.actions).toHaveLength(8);
		expect(result.routed.map((routed) => [routed.sink, routed.path, routed.mode])).toEqual([
			['backlog', '.agents/backlog/2026-07-11-plan-the-pool-rework.md', 'create'],
			['code', '.agents/backlog/2026-07-11-add-a-pool-saturation-test.md', 'create'],
			['memory', '.memory/mental-models/pool-limits.md', 'append'],
			['knowledgebase', '.agents/knowledge/lessons/pools-saturate-at-4-rps.md', 'create'],
			['agentic-documents', '.agents/proposals/2026-07-11-tell-agents-to-check-explain-first.md', 'create'],
			['upstream-issue', 'upstream-issues/2026-07-11-report-the-pg-driver-leak.md', 'create'],
			['workaround', '.agents/workarounds.md', 'create'],
			['workaround', '.agents/workarounds.md', 'append'],
		]);
		const memory = readFileSync(path.join(root, '.memory/mental-models/pool-limits.md'), 'utf8');
		expect(memory.startsWith('# Pool limits\n\nKnown before.\n')).toBe(true);
		expect(memory).toContain('## 2026-07-11 — from drill all-sinks');
		const workarounds = readFileSync(path.join(root, '.agents/workarounds.md'), 'utf8');
		expect(workarounds.match(/<!-- drill-action: /gu)).toHaveLength(2);
		expect(workarounds).toContain('Restart the API nightly');
		expect(workarounds).toContain('Cap the orders batch size');
		expect(readFileSync(path.join(root, 'upstream-issues/2026-07-11-report-the-pg-driver-leak.md'), 'utf8')).toContain('status: draft');
		for (const routed of result.routed) {
			const link = /\[drill file\]\(([^)]+)\)/u.exec(readFileSync(path.join(root, routed.path), 'utf8'))![1]!;
			expect(existsSync(path.resolve(path.dirname(path.join(root, routed.path)), decodeURI(link))), `${routed.path} → ${link}`).toBe(true);
		}
	});

	it('says the plan was missed when the merged plan is empty but a drill met an error', async () => {
		const config = project();
		await drillDown(config, {slug: 'quiet', objective: 'Why did the deploy fail?'});
		await drillDown(config, {slug: 'inner', objective: 'Which step failed?'});
		await drillUp(config, {findings: 'The migration step failed with a lock timeout error.', plan: []});
		const up = await drillUp(config, {findings: 'Found it.', plan: []});
		expect(up.post_drill).toMatchObject({plan_missed: true, merged_prevention_plan: []});
		expect(up.post_drill!.issues[0]!.text).toBe('findings mention "failed"');
		expect(frameStatus(config).pending_plan).toMatchObject({source: 'closed-root', actions: [], plan_missed: true});
		const result = await retrospect(config);
		expect(result.plan_missed?.message).toContain('the plan was missed');
		expect(result.routed).toEqual([]);

		const clean = project();
		await drillDown(clean, {slug: 'fine', objective: 'Is the cache warm?'});
		const fine = await drillUp(clean, {findings: 'Yes, it is warm.', plan: []});
		expect(fine.post_drill?.plan_missed).toBe(false);
		expect((await retrospect(clean)).plan_missed).toBeNull();
	});

	it('indexes closed drills in the summary store, namespace drill, item = the short sha', async () => {
		const {config, api, db, index} = await fullCycle();
		const store = SummaryStore.open(config.storePath);
		try {
			const item = store.item('drill', index.drill.id)!;
			expect(item).toMatchObject({title: 'index-check: Is orders.customer_id indexed?', tldr: 'orders.customer_id has no index: a sequential scan of 4M rows.', source_kind: 'drill'});
			const titles = store.nodes(item.id).map((node) => node.title);
			expect(titles).toEqual(['index-check: Is orders.customer_id indexed?', 'Findings', 'Return Payload', 'Prevention Plan', 'code: Add an index on orders(customer_id)', 'memory: Remember the orders index']);
			expect(store.spans(item.id).map((span) => span.role)).toEqual(['objective', 'findings', 'payload', 'action', 'action']);
			const root = store.item('drill', api.drill.id)!;
			expect(store.nodes(root.id).map((node) => node.title)).toContain('Merged Prevention Plan');
			expect(store.namespace('drill')?.item_count).toBe(3);
			// What find's keyword stage searches: node text (the search indexes, rowid = the node's) and raw spans, both reach the closed drills.
			const nodeHits = store.db
				.prepare(
					`SELECT DISTINCT i.item_id FROM nodes n JOIN items i ON i.id = n.item WHERE i.namespace = 'drill' AND n.id IN
					 (SELECT rowid FROM search_root_fts WHERE search_root_fts MATCH 'index' UNION SELECT rowid FROM search_node_fts WHERE search_node_fts MATCH 'index')`,
				)
				.all() as Array<{item_id: string}>;
			expect(nodeHits.map((hit) => hit.item_id).sort()).toEqual([api.drill.id, db.drill.id, index.drill.id].sort());
			const spanHits = store.db.prepare(`SELECT DISTINCT i.item_id FROM spans_fts f JOIN spans s ON s.id = f.rowid JOIN items i ON i.id = s.item WHERE spans_fts MATCH 'sequential'`).all() as Array<{item_id: string}>;
			expect(spanHits.map((hit) => hit.item_id).sort()).toEqual([db.drill.id, index.drill.id].sort());
		} finally {
			store.close();
		}
	});

	it('takes findings and the plan from the drill file itself when the flags are absent', async () => {
		const config = project();
		const down = await drillDown(config, {slug: 'by-hand', objective: 'Edit the file directly'});
		const file = path.join(config.drillsRoot, down.drill.file);
		const text = readFileSync(file, 'utf8')
			.replace('refs: []\n', 'refs: []\nprevention_plan:\n  - {action: Write it down, scope: project, sink: memory, owner: drill, evidence: findings}\n')
			.replace(/(## Findings\n\n)<!--[^\n]*-->/u, '$1Written in the file by an agent.');
		writeFile(config.drillsRoot, down.drill.file, text);
		const up = await drillUp(config, {});
		expect(up.payload).toBe('Written in the file by an agent.');
		expect(up.prevention_plan).toEqual([{action: 'Write it down', scope: 'project', sink: 'memory', owner: 'drill', evidence: `${down.drill.path}/${down.drill.name}.md#findings`}]);
	});

	it('makes text inert before it is written', async () => {
		const config = project();
		const down = await drillDown(config, {slug: 'x', objective: 'Why \u001b[31mred\u001b[0m\nand\u0007 bell?', delegate: ['\u001b]0;title\u0007task']});
		expect(down.drill.objective).toBe('Why red and bell?');
		expect(down.delegation).toEqual(['task']);
		const up = await drillUp(config, {findings: 'found \u001b[2Jit\nline two', plan: []});
		expect(up.payload).toBe('found it\nline two');
		expect(readFileSync(path.join(config.drillsRoot, down.drill.file), 'utf8')).not.toMatch(/[\u0000-\u0008\u001b\u007f]/u);
	});

	it('copies evidence from outside the root into the drill, and links evidence inside it', async () => {
		const config = project();
		const outside = project().drillsRoot;
		writeFile(outside, 'trace.txt', 'outside trace');
		writeFile(config.drillsRoot, 'in/side.log', 'inside');
		const down = await drillDown(config, {slug: 'ev', objective: 'Evidence?'});
		const up = await drillUp(config, {findings: 'ok', plan: [], evidence: [path.join(outside, 'trace.txt'), 'in/side.log', 'https://example.com/x'], cwd: config.drillsRoot});
		expect(up.evidence).toEqual(['in/side.log', 'https://example.com/x', `${down.drill.path}/trace/trace.md`]);
		expect(readFileSync(path.join(config.drillsRoot, down.drill.path, 'trace/trace.txt'), 'utf8')).toBe('outside trace');
		expect(JSON.stringify(up)).not.toContain(outside);
	});
});
