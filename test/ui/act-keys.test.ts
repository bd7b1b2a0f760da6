import {expect, test} from 'vitest';
import type {ResumePlan} from '../../source/act/resume.js';
import {DrillError} from '../../source/core/errors.js';
import type {ActService} from '../../source/act/node-actions.js';
import {AppController} from '../../source/ui/controller.js';
import {helpSections} from '../../source/ui/key-table.js';
import {screenModel, screenText as linesOf} from '../../source/ui/screen.js';
import {FakeServices} from './fake-services.js';

const trees = {summary: {id: '', name: 'summary', children: [{id: 'ns', name: 'ns', children: [{id: 'ns:k1', name: 'Fix the flaky test'}, {id: 'ns:k2', name: 'A document'}]}]}};

const plan: ResumePlan = {agent: 'claude-code', name: 'Claude Code', command: ['claude', '--resume', 'abc'], cwd: '/src/api', session_id: 'abc', shell: 'cd /src/api && claude --resume abc', found: '/usr/bin/claude', followed: 'test'};

/** The app over fake services whose act records what it was asked; the resume's terminal handover is recorded too. */
function app() {
	const services = new FakeServices(trees);
	services.newest.set('summary', 'ns:k1');
	const calls: string[] = [];
	const act: ActService = {
		resumePlan(domain, id) {
			if (id === 'ns:k2') throw new DrillError('bad_input', 'ns:k2 is not a session (markdown), which has no resume', 'drill export ns:k2 --format markdown gives it to read');
			calls.push(`plan ${domain} ${id}`);
			return plan;
		},
		exportNode(domain, id, folder) {
			calls.push(`export ${domain} ${id} ${folder}`);
			return `${folder}/fix-the-flaky-test.md`;
		},
		forgetPlan: (_domain, id) => ({id, title: 'Fix the flaky test', source: '/logs/k1.jsonl'}),
		forget(domain, id) {
			calls.push(`forget ${domain} ${id}`);
			return `forgot ${id}`;
		},
	};
	Object.assign(services, {act});
	const ran: Array<{argv: readonly string[]; cwd: string}> = [];
	const controller = new AppController(services, {
		size: {columns: 120, rows: 24},
		color: false,
		storeCheckMs: 0,
		exportFolder: '/work/out',
		runCommand: async (argv, cwd) => {
			ran.push({argv, cwd});
			return undefined;
		},
	});
	controller.start();
	return {controller, calls, ran};
}

const screenText = (controller: AppController) => linesOf(screenModel(controller.getState())).join('\n');

test('r asks before resuming: the command and its folder on the status line; y hands the terminal to the agent and says when it is back', async () => {
	const {controller, calls, ran} = app();
	await controller.idle();
	controller.input('r');
	expect(controller.getState().mode).toBe('confirm');
	expect(screenText(controller)).toContain('y yes  n no  resume in Claude Code: cd /src/api && claude --resume abc?');
	expect(ran).toEqual([]);
	controller.input('y');
	await controller.idle();
	expect(ran).toEqual([{argv: ['claude', '--resume', 'abc'], cwd: '/src/api'}]);
	expect(calls).toEqual(['plan summary ns:k1']);
	expect(controller.getState().message).toEqual({text: 'back from Claude Code', kind: 'info'});
	expect(controller.getState().mode).toBe('browse');
	controller.dispose();
});

test('any key but y leaves it: nothing runs', async () => {
	const {controller, ran} = app();
	await controller.idle();
	controller.input('r');
	controller.input('j');
	await controller.idle();
	expect(ran).toEqual([]);
	expect(controller.getState().mode).toBe('browse');
	expect(controller.getState().message?.text).toBe('left as it was');
	controller.dispose();
});

test('r on a node that cannot be resumed says why on one line, and asks nothing', async () => {
	const {controller, ran} = app();
	await controller.idle();
	controller.input('j');
	controller.input('r');
	expect(controller.getState().mode).toBe('browse');
	expect(controller.getState().message).toEqual({text: 'ns:k2 is not a session (markdown), which has no resume; drill export ns:k2 --format markdown gives it to read', kind: 'error'});
	expect(ran).toEqual([]);
	controller.dispose();
});

test('x exports the node under the cursor and says where', async () => {
	const {controller, calls} = app();
	await controller.idle();
	controller.input('x');
	expect(calls).toEqual(['export summary ns:k1 /work/out']);
	expect(controller.getState().message?.text).toBe('exported to /work/out/fix-the-flaky-test.md');
	controller.dispose();
});

test('D asks first; y forgets and the tree is read again; n forgets nothing', async () => {
	const {controller, calls} = app();
	await controller.idle();
	controller.input('D');
	expect(screenText(controller)).toContain('y yes  n no  forget ns:k1 "Fix the flaky test" and leave /logs/k1.jsonl out of ingest?');
	controller.input('n');
	expect(calls).toEqual([]);
	controller.input('D');
	controller.input('y');
	await controller.idle();
	expect(calls).toEqual(['forget summary ns:k1']);
	expect(controller.getState().message?.text).toBe('forgot ns:k1');
	controller.dispose();
});

test('the help lists r, x and D, and what the confirm keys do', () => {
	const rows = helpSections().flatMap((section) => section.rows.map((row) => `${row.keys} ${row.help}`));
	expect(rows).toContainEqual(expect.stringMatching(/^r resume the session in its agent/u));
	expect(rows).toContainEqual(expect.stringMatching(/^x export the node as Markdown/u));
	expect(rows).toContainEqual(expect.stringMatching(/^D forget the item/u));
	expect(rows).toContainEqual(expect.stringMatching(/^y Enter yes/u));
});

test('at 80 columns the confirm line keeps the keys that answer it and both ends of a long command', async () => {
	const {controller} = app();
	await controller.idle();
	const long = {...plan, shell: 'cd /home/ana/src/payments-service/backend/modules/billing && claude --resume 5f1e2d3c-aaaa-4bbb-8ccc-1234567890ab'};
	Object.assign(plan, long);
	try {
		controller.resize({columns: 80, rows: 24});
		controller.input('r');
		const footer = linesOf(screenModel(controller.getState())).at(-1)!;
		expect(footer).toMatch(/^└ y yes {2}n no {2}resume in Claude Code: cd \/home\/ana.*….*1234567890ab\? ─*┘$/u);
		expect(footer).toHaveLength(80);
	} finally {
		Object.assign(plan, {shell: 'cd /src/api && claude --resume abc'});
	}
});
