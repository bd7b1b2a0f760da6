import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';

/** Runs scripts/engines.mjs on a folder holding these package.json, package-lock.json and readme.md. */
function check(manifest: object, packages: Record<string, object>, readme: string): {code: number | null; stderr: string} {
	const folder = tempDir('drill-engines-');
	mkdirSync(folder, {recursive: true});
	writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest));
	writeFileSync(path.join(folder, 'package-lock.json'), JSON.stringify({lockfileVersion: 3, packages: {'': {}, ...packages}}));
	writeFileSync(path.join(folder, 'readme.md'), readme);
	const result = spawnSync(process.execPath, [path.resolve('scripts/engines.mjs'), folder], {encoding: 'utf8'});
	return {code: result.status, stderr: result.stderr};
}

describe('scripts/engines.mjs: one Node.js floor everywhere', () => {
	it('holds for this repository: every locked package admits the floor package.json and the readme give', () => {
		expect(check(JSON.parse(readFileSync('package.json', 'utf8')), JSON.parse(readFileSync('package-lock.json', 'utf8')).packages, readFileSync('readme.md', 'utf8'))).toEqual({code: 0, stderr: ''});
	});

	it('fails on a dev dependency that needs a newer Node, naming it', () => {
		const result = check({engines: {node: '>=20.19.0'}}, {'node_modules/commander': {version: '15.1.0', dev: true, engines: {node: '>=22.12.0'}}}, 'npm ci # install (Node.js 20.19 or newer)');
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('commander@15.1.0 needs Node.js >=22.12.0, which leaves out 20.19.0');
	});

	it('fails when the readme names another floor', () => {
		const result = check({engines: {node: '>=20.19.0'}}, {}, 'npm ci # install (Node.js 20 or newer)');
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('readme.md does not say "Node.js 20.19 or newer"');
	});
});
