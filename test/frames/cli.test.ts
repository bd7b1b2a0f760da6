import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {writeFile} from './helpers.js';

beforeAll(() => {
	expect(existsSync('dist/cli.cjs'), 'run npm run build first').toBe(true);
});

function cli(root: string, args: string[], input?: string) {
	return runCli([...args, '--drills', root, '--store', path.join(root, '.drill', 'store.db'), '--knowledge', path.join(root, 'knowledge')], {cwd: root, input});
}

function json(root: string, args: string[], input?: string) {
	const result = cli(root, [...args, '--json'], input);
	expect(result.stderr, result.stderr).toBe('');
	expect(result.code, result.stdout).toBe(0);
	return JSON.parse(result.stdout);
}

function refused(root: string, args: string[], code: number) {
	const result = cli(root, args);
	expect(result.code).toBe(code);
	expect(result.stdout).toBe('');
	expect(result.stderr.trim().split('\n')).toHaveLength(1);
	expect(hasStackTrace(result.stderr)).toBe(false);
	return result.stderr.trim();
}

describe('drill down / up / status / retrospect on the command line', () => {
	it('runs a whole cycle and prints the documented JSON', () => {
		const root = tempDir('drill-cli-frames-');
		writeFile(root, 'logs/pool.log', 'waiting=14 active=10\n');
		writeFile(root, 'plan.yaml', '- action: Add an index on orders(customer_id)\n  scope: project\n  sink: code\n  owner: drill\n  evidence: schema.sql:3\n');
		writeFile(root, 'findings.md', 'No index on orders.customer_id.\n\n## Detail\n\nSeq scan.\n');

		const api = json(root, ['down', 'api-debug', '--objective', 'Why 502?', '--scope', 'services/api', '--context', 'logs/pool.log', '--delegate', 'Capture the plan']);
		expect(api.drill).toMatchObject({slug: 'api-debug', depth: 1, status: 'open', parent: null, scope: ['services/api']});
		expect(api.drill.name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{6}-[0-9a-f]{6}-api-debug$/u);
		expect(api.context).toEqual([{document: 'pool/pool.md', origin: 'logs/pool.log'}]);
		const db = json(root, ['down', 'db-optim', '--objective', 'Which query?', '--scope', 'services/api/db']);
		expect(readFileSync(path.join(root, '.drills', 'cursor'), 'utf8')).toBe(`${db.drill.id}\n`);

		const status = json(root, ['status']);
		expect(status).toMatchObject({cursor: db.drill.id, objective: 'Which query?', counts: {drills: 2, open: 2, closed: 0}, problems: []});
		expect(status.path.map((frame: {slug: string}) => frame.slug)).toEqual(['api-debug', 'db-optim']);
		expect(cli(root, ['status']).stdout).toContain(`path     ${api.drill.id} api-debug › ${db.drill.id} db-optim`);

		const dbUp = json(root, ['undrill', '--findings', 'findings.md', '--plan', 'plan.yaml', '--evidence', 'logs/pool.log']);
		expect(dbUp).toMatchObject({cursor: api.drill.id, payload: 'No index on orders.customer_id.', evidence: ['logs/pool.log'], post_drill: null, warnings: []});
		const apiUp = json(root, ['down', '--direction', 'up', '--findings', 'Pool exhaustion from a missing index.', '--plan', '[{"action":"add an index on orders (customer_id)","scope":"project","sink":"code","owner":"human","evidence":"EXPLAIN"}]']);
		expect(apiUp.cursor).toBeNull();
		expect(apiUp.post_drill.merged_prevention_plan).toEqual([{action: 'add an index on orders (customer_id)', scope: 'project', sink: 'code', owner: 'human', evidence: 'EXPLAIN', from: [api.drill.id, db.drill.id]}].map((merged) => ({...merged, action: 'Add an index on orders(customer_id)', owner: 'drill', evidence: 'schema.sql:3'})));

		const dry = json(root, ['retrospect']);
		expect(Object.keys(dry)).toEqual(expect.arrayContaining(['root', 'actions', 'routed']));
		expect(dry.root).toBe(api.drill.id);
		expect(dry.actions).toEqual([{action: 'Add an index on orders(customer_id)', scope: 'project', sink: 'code', owner: 'drill', evidence: 'schema.sql:3', from: [api.drill.id, db.drill.id]}]);
		expect(dry.routed).toMatchObject([{sink: 'code', path: expect.stringMatching(/^\.agents\/backlog\/\d{4}-\d{2}-\d{2}-add-an-index-on-orders-customer-id\.md$/u), mode: 'create'}]);
		expect(existsSync(path.join(root, dry.routed[0].path))).toBe(false);
		expect(cli(root, ['retrospect']).stdout).toContain(`would create ${dry.routed[0].path}  [code]`);
		const applied = json(root, ['retrospect', '--apply']);
		expect(applied.applied).toBe(true);
		expect(readFileSync(path.join(root, applied.routed[0].path), 'utf8')).toContain('# Add an index on orders(customer_id)');

		const walked = json(root, ['walk', 'drills', api.drill.id, '--depth', 'summary']);
		expect(walked).toMatchObject({domain: 'drills', node_id: api.drill.id, title: 'api-debug', summary: 'Pool exhaustion from a missing index.'});
		expect(walked.children).toEqual([{node_id: db.drill.id, name: 'db-optim', has_children: false, child_count: 0, summary: 'No index on orders.customer_id.'}]);
		const stored = json(root, ['walk', 'summary', `drill:${db.drill.id}`, '--depth', 'summary']);
		expect(stored.summary).toBe('No index on orders.customer_id.');
		expect(stored.children.map((child: {name: string}) => child.name)).toEqual(['Findings', 'Return Payload', 'Prevention Plan', 'Evidence']);
	});

	it('reads the plan from standard input', () => {
		const root = tempDir('drill-cli-frames-');
		json(root, ['down', 'a', '--objective', 'A?']);
		const up = json(root, ['up', '--findings', 'x', '--plan', '-'], 'prevention_plan:\n  - {action: Log it, scope: session, sink: workaround, owner: drill, evidence: x.log}\n');
		expect(up.prevention_plan).toEqual([{action: 'Log it', scope: 'session', sink: 'workaround', owner: 'drill', evidence: 'x.log'}]);
	});

	it('refuses bad input in one line, with no stack trace', () => {
		const root = tempDir('drill-cli-frames-');
		expect(refused(root, ['up', '--findings', 'x', '--plan', '[]'], 1)).toBe('drill: no drill is open: there is no ' + path.join(root, '.drills') + '; start one with drill down SLUG --objective TEXT');
		expect(refused(root, ['down', 'a'], 2)).toContain('drill down needs --objective TEXT');
		expect(refused(root, ['down', 'a', '--objective', 'A?', '--direction', 'sideways'], 2)).toContain('unknown --direction "sideways"; use down (the default) or up');
		cli(root, ['down', 'a', '--objective', 'A?', '--scope', 'services/api']);
		expect(refused(root, ['down', 'b', '--objective', 'B?', '--scope', 'services'], 1)).toContain('scope "services" is not inside the current drill\'s scope (services/api)');
		expect(refused(root, ['up', '--findings', 'x', '--plan', '[{"action":"a","scope":"project","sink":"jira","owner":"me","evidence":"e"}]'], 1)).toBe(
			'drill: prevention_plan[0]: "sink" is "jira", not one of: backlog, memory, knowledgebase, agentic-documents, upstream-issue, code, workaround; use one of: backlog, memory, knowledgebase, agentic-documents, upstream-issue, code, workaround',
		);
		expect(refused(root, ['up', '--findings', 'x', '--plan', 'missing.yaml'], 1)).toContain('no plan file missing.yaml');
		expect(refused(root, ['up', '--findings', 'x'], 1)).toContain('has no prevention_plan; give --plan FILE');
		writeFileSync(path.join(root, '.drills', 'cursor'), 'abcdef\n');
		expect(refused(root, ['status'], 1)).toContain('points at drill abcdef, but no folder *-abcdef-* exists under .drills/ (deleted or moved?); run drill status --repair');
		const repaired = cli(root, ['status', '--repair']);
		expect(repaired.code).toBe(0);
		expect(repaired.stdout).toMatch(/^repaired pointed the cursor at drill [0-9a-f]{6} \(a\) instead of "abcdef"\n/u);
		const error = cli(root, ['walk', 'drills', '../etc', '--json']);
		expect(error.code).toBe(1);
		expect(JSON.parse(error.stdout).error.code).toBe('bad_node_id');
	});

	it('closes the drill and warns once on stderr when the store cannot be written', () => {
		const root = tempDir('drill-cli-frames-');
		writeFile(root, 'blocker', 'a file');
		const args = ['--drills', root, '--store', path.join(root, 'blocker', 'store.db')];
		expect(runCli(['down', 'a', '--objective', 'A?', ...args], {cwd: root}).code).toBe(0);
		const up = runCli(['up', '--findings', 'x', '--plan', '[]', ...args], {cwd: root});
		expect(up.code).toBe(0);
		expect(up.stdout).toContain('closed root drill');
		const warnings = up.stderr.trim().split('\n');
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(/^drill: warning: closed drill [0-9a-f]{6} not indexed in the store/u);
	});
});
