import {cpSync, existsSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';

/** A home with one Claude Code session, and two repositories: neither has a store of its own. */
function machine() {
	const home = tempDir('drill-home-');
	const projects = path.join(home, '.claude', 'projects', '-home-ana-src-api');
	mkdirSync(projects, {recursive: true});
	cpSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), path.join(projects, '5b0c1a2e-claude.jsonl'));
	const repo = (name: string) => {
		const folder = path.join(home, 'src', name);
		mkdirSync(path.join(folder, '.git'), {recursive: true});
		return folder;
	};
	// No XDG_DATA_HOME: the user store is ~/.local/share/drill/store.db under this home.
	return {home, api: repo('api'), web: repo('web'), env: {HOME: home, XDG_DATA_HOME: '', DRILL_STORE: ''}};
}

describe('one store for the machine', () => {
	it('ingest --agents in one repository writes the user store; find, walk and status read it from any other folder', () => {
		const {home, api, web, env} = machine();
		const ingested = runCli(['ingest', '--agents', '--json'], {cwd: api, env});
		expect(ingested.code, ingested.stderr).toBe(0);
		const userStore = path.join(home, '.local', 'share', 'drill', 'store.db');
		expect(existsSync(userStore)).toBe(true);
		expect(existsSync(path.join(api, '.drill'))).toBe(false);
		for (const cwd of [home, web]) {
			const walked = runCli(['walk', 'summary', 'conversation_session', '--json'], {cwd, env});
			expect(walked.code, walked.stderr).toBe(0);
			expect((JSON.parse(walked.stdout) as {children_total: number}).children_total).toBeGreaterThan(0);
		}
		const status = runCli(['status'], {cwd: web, env});
		expect(status.stdout).toMatch(/^store {4}user store ~\/\.local\/share\/drill\/store\.db$/mu);
		const json = JSON.parse(runCli(['status', '--json'], {cwd: web, env}).stdout) as {store: unknown};
		expect(json.store).toEqual({path: userStore, origin: 'user'});
	});

	it('a project store up the tree is read and written instead, and keeps working where it is', () => {
		const {api, env} = machine();
		mkdirSync(path.join(api, '.drill'));
		expect(runCli(['ingest', '--agents'], {cwd: path.join(api), env}).code).toBe(0);
		expect(existsSync(path.join(api, '.drill', 'store.db'))).toBe(true);
		mkdirSync(path.join(api, 'lib'));
		expect(runCli(['status'], {cwd: path.join(api, 'lib'), env}).stdout).toMatch(/^store {4}project store .*src\/api\/\.drill\/store\.db$/mu);
	});

	it('with no store anywhere, says where the user store would be and how to fill it', () => {
		const {web, env} = machine();
		const found = runCli(['find', 'retry'], {cwd: web, env});
		expect(found.code).toBe(1);
		expect(found.stderr).toMatch(/no store at .*\.local\/share\/drill\/store\.db/u);
		expect(found.stderr).toMatch(/drill ingest --agents/u);
	});
});
