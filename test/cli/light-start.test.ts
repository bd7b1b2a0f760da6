import {chmodSync, cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, expect, test} from 'vitest';
import {commandList} from '../../source/cli/command-list.js';
import {lightCommandNames, startsWithLightCommand} from '../../source/cli/light-commands.js';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {fixturesDir} from '../helpers/fixture-store.js';

// dist/cli.js runs a light command (source/cli/light-commands.ts) from dist/cli-light.cjs with V8's
// code cache, and anything else from the full CLI, dist/cli-main.js (source/cli.tsx). The light way
// answers exactly as the full one, and no state of its cache or bundle stops a start.

const fullCli = path.resolve('dist/cli-main.js');
let store: string;

beforeAll(() => {
	store = path.join(tempDir(), 'store.db');
	const ingest = runCli(['ingest', path.join(fixturesDir, 'usage'), '--store', store, '--json']);
	expect(ingest.code, ingest.stderr).toBe(0);
});

/** Each routed command line: answers, help and errors (a missing store too). */
const cases = (): string[][] => [
	['usage', '--store', store],
	['usage', '--store', store, '--by', 'model', '--json'],
	['usage', '--store', store, '--by', 'session', '--limit', '3'],
	['usage', '--store', store, '--blocks', '--json'],
	['usage', '--help'],
	['usage', '--store', store, '--by', 'hour'],
	['usage', '--store', store, '--bogus', '--json'],
	['usage', 'extra', '--store', store],
	['usage', '--store', path.join(tempDir(), 'none.db'), '--json'],
];

const lightCaches = (home: string): string[] => {
	try {
		return readdirSync(path.join(home, 'drill')).filter((name) => name.startsWith('cli-light.cjs-'));
	} catch {
		return [];
	}
};

test('every light command is in the command table; a flag or another word first goes the full way', () => {
	const names: string[] = commandList.map((entry) => entry.name);
	for (const name of lightCommandNames) expect(names).toContain(name);
	expect(startsWithLightCommand(['usage', '--json'])).toBe(true);
	for (const argv of [[], ['--store', 'x', 'usage'], ['walk'], ['usages'], ['--help']]) expect(startsWithLightCommand(argv), argv.join(' ')).toBe(false);
});

test('the light start answers as the full CLI does, its first time (writing the cache) and with the cache', () => {
	const home = tempDir();
	for (const args of cases()) {
		const full = runCli(args, {cli: fullCli, env: {XDG_CACHE_HOME: home}});
		expect(full.stdout + full.stderr, args.join(' ')).not.toBe('');
		expect(hasStackTrace(full.stderr)).toBe(false);
		for (const _ of [1, 2]) expect(runCli(args, {env: {XDG_CACHE_HOME: home}}), args.join(' ')).toEqual(full);
		expect(lightCaches(home)).toHaveLength(1);
	}
});

test('a damaged or foreign cache is ignored and replaced; an unwritable cache folder only means no cache', () => {
	const args = ['usage', '--store', store, '--by', 'model', '--json'];
	const full = runCli(args, {cli: fullCli});
	const home = tempDir();
	expect(runCli(args, {env: {XDG_CACHE_HOME: home}})).toEqual(full);
	const file = path.join(home, 'drill', lightCaches(home)[0]!);
	const good = readFileSync(file);
	const damaged = Buffer.from(good);
	damaged[Math.floor(damaged.length / 2)]! ^= 0x5a;
	// Another build's cache: same layout, another id (the header's id follows the 16-byte header).
	const foreign = Buffer.from(good);
	foreign[16]! ^= 0x01;
	for (const bad of [damaged, foreign, Buffer.from('not a cache')]) {
		writeFileSync(file, bad);
		expect(runCli(args, {env: {XDG_CACHE_HOME: home}})).toEqual(full);
		expect(readFileSync(file).equals(bad), 'replaced').toBe(false);
	}
	const locked = tempDir();
	chmodSync(locked, 0o555);
	const asFile = path.join(tempDir(), 'a-file');
	writeFileSync(asFile, '');
	for (const cacheHome of [locked, asFile]) expect(runCli(args, {env: {XDG_CACHE_HOME: cacheHome}})).toEqual(full);
});

test('a light bundle that is missing or fails to load sends the command the full way', () => {
	const args = ['usage', '--store', store];
	const full = runCli(args, {cli: fullCli});
	const root = tempDir();
	cpSync(path.dirname(cliPath), path.join(root, 'dist'), {recursive: true});
	cpSync('package.json', path.join(root, 'package.json'));
	symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
	const copy = path.join(root, 'dist', 'cli.js');
	const bundle = path.join(root, 'dist', 'cli-light.cjs');
	for (const broken of ['throw new Error("broken install");', 'this is not JavaScript', 'exports.runLight = undefined;']) {
		writeFileSync(bundle, broken);
		expect(runCli(args, {cli: copy, env: {XDG_CACHE_HOME: tempDir()}}), broken).toEqual(full);
	}
	rmSync(bundle);
	expect(runCli(args, {cli: copy, env: {XDG_CACHE_HOME: tempDir()}})).toEqual(full);
});
