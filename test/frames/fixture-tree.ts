import {createHash} from 'node:crypto';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {drillDown, drillUp} from '../../source/frames/index.js';
import type {FramesConfig} from '../../source/frames/config.js';

/** The sources the drills copy in or cite, as a small project would have them. */
const sources: Record<string, string> = {
	'logs/api-502.log': [
		'2026-07-11T13:02:11Z GET /orders?customer=88 502 upstream timed out after 30000 ms',
		'2026-07-11T13:02:11Z pool: waiting=14 active=10 idle=0 max=10',
		'2026-07-11T13:02:12Z GET /orders?customer=91 502 upstream timed out after 30000 ms',
		'2026-07-11T13:02:12Z pool: waiting=17 active=10 idle=0 max=10',
		'',
	].join('\n'),
	'notes/sql-plan-capture.md': [
		'# SQL plan capture',
		'',
		'EXPLAIN ANALYZE SELECT * FROM orders WHERE customer_id = 88 ORDER BY created_at DESC LIMIT 50;',
		'',
		'```',
		'Limit  (cost=0.00..98213.40 rows=50) (actual time=2871.2..2871.3 rows=50)',
		'  ->  Seq Scan on orders  (cost=0.00..412337.00 rows=210) (actual time=2871.1..2871.2 rows=50)',
		'        Filter: (customer_id = 88)',
		'        Rows Removed by Filter: 4012377',
		'```',
		'',
	].join('\n'),
	'services/api/db/schema.sql': 'CREATE TABLE orders (\n  id bigserial PRIMARY KEY,\n  customer_id bigint NOT NULL,\n  created_at timestamptz NOT NULL DEFAULT now()\n);\n',
	'CHANGELOG.md': '# Changelog\n\n## 2.4.0 (unreleased)\n\n- Orders: faster listing per customer\n',
};

/** Deterministic entropy, so the tree (and its shas) come out the same on every run. */
function seededBytes(): (size: number) => Buffer {
	let counter = 0;
	return (size) => createHash('sha256').update(`drill-fixture-${counter++}`).digest().subarray(0, size);
}

function steppingClock(start: string, stepSeconds: number): () => Date {
	let at = new Date(start).getTime();
	return () => {
		const now = new Date(at);
		at += stepSeconds * 1000;
		return now;
	};
}

/**
 * Builds the sample `.drills/` tree of fixtures/drills: a closed, merged root (api-debug with
 * db-optim › index-check and retry-policy nested) and an open root (release-notes) whose cursor
 * sits on a nested open frame, with one closed child so a plan is pending.
 */
export async function buildDrillsFixture(root: string): Promise<void> {
	for (const [rel, text] of Object.entries(sources)) {
		mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
		writeFileSync(path.join(root, rel), text);
	}
	const config: FramesConfig = {drillsRoot: root, now: steppingClock('2026-07-11T13:21:05Z', 245), randomBytes: seededBytes()};
	const cwd = root;

	await drillDown(config, {
		slug: 'api-debug',
		objective: 'Why does GET /orders return 502 under load?',
		scope: ['services/api'],
		context: ['logs/api-502.log'],
		refs: ['summary:conversation_session:k3x9'],
		delegate: ['Capture the SQL plan of the orders-by-customer query', 'Check the retry policy of the API gateway'],
		cwd,
	});
	await drillDown(config, {slug: 'db-optim', objective: 'Which query holds the pool connections so long?', scope: ['services/api/db'], context: ['notes/sql-plan-capture.md'], cwd});
	await drillDown(config, {slug: 'index-check', objective: 'Is orders.customer_id indexed?', scope: ['services/api/db/schema.sql'], cwd});
	await drillUp(config, {
		findings: 'orders.customer_id has no index. The orders-by-customer query scans all 4M rows (2.9 s) and holds its pool connection for the whole scan.\n\n## Detail\n\nschema.sql line 3 declares customer_id without an index; no migration adds one.',
		plan: [
			{action: 'Add an index on orders(customer_id)', scope: 'project', sink: 'code', owner: 'parent agent', evidence: 'services/api/db/schema.sql:3'},
			{action: 'Add a CI check that fails on sequential scans of orders in EXPLAIN', scope: 'project', sink: 'backlog', owner: 'human', evidence: 'findings'},
		],
		evidence: ['services/api/db/schema.sql'],
		cwd,
	});
	await drillUp(config, {
		findings: 'The orders-by-customer query holds a connection 2.9 s; with max=10 the pool saturates at about 4 requests per second and callers time out after 30 s, which the gateway reports as 502.',
		plan: [
			{action: 'add an index on orders (customer_id).', scope: 'project', sink: 'code', owner: 'drill', evidence: 'sql-plan-capture/sql-plan-capture.md'},
			{action: 'Pool saturation turns slow queries into 502s: check EXPLAIN before raising the pool size', scope: 'project', sink: 'memory', owner: 'drill', evidence: 'findings'},
		],
		cwd,
	});
	await drillDown(config, {slug: 'retry-policy', objective: 'Do gateway retries amplify the load?', scope: ['services/api/gateway.yaml'], cwd});
	await drillUp(config, {
		findings: 'The gateway retries 502s three times without backoff, so each failing request becomes four: a retry storm on top of the saturated pool. This was a surprise: the retry policy is not documented anywhere.',
		plan: [
			{action: 'Retry only idempotent requests, with exponential backoff', scope: 'project', sink: 'code', owner: 'parent agent', evidence: 'services/api/gateway.yaml#retries'},
			{action: 'Document the gateway retry policy in AGENTS.md', scope: 'project', sink: 'agentic-documents', owner: 'human', evidence: 'findings'},
		],
		issues: ['the retry policy was undocumented'],
		cwd,
	});
	await drillUp(config, {
		findings: '502s under load come from pool exhaustion: a missing index on orders.customer_id makes one query hold connections for 2.9 s, and gateway retries without backoff multiply the load.',
		payload: 'Missing index on orders.customer_id → 2.9 s query → pool of 10 exhausted → 30 s timeouts → 502, amplified 4× by gateway retries.',
		plan: [
			{action: 'Raise the pool timeout alert threshold until the index ships', scope: 'session', sink: 'workaround', owner: 'drill', evidence: 'logs/api-502.log:2'},
			{action: 'Add an index on orders(customer_id)', scope: 'project', sink: 'code', owner: 'drill', evidence: 'the investigation'},
		],
		evidence: ['logs/api-502.log'],
		cwd,
	});

	await drillDown(config, {slug: 'release-notes', objective: 'Draft the 2.4 release notes', scope: ['CHANGELOG.md', 'docs/releases'], context: ['CHANGELOG.md'], cwd});
	await drillDown(config, {slug: 'breaking-changes', objective: 'Which 2.4 changes break API clients?', scope: ['docs/releases'], cwd});
	await drillUp(config, {
		findings: 'One breaking change: /orders now pages by cursor instead of offset. Nothing in CHANGELOG.md says so.',
		plan: [{action: 'Add a "Breaking changes" heading to the release-notes template', scope: 'project', sink: 'agentic-documents', owner: 'human', evidence: 'CHANGELOG.md'}],
		cwd,
	});
	await drillDown(config, {slug: 'changelog-gaps', objective: 'Which merged PRs are missing from CHANGELOG.md?', scope: ['CHANGELOG.md'], cwd});
}
