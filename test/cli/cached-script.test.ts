import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {runCachedScript} from '../../source/cli/cached-script.js';

let folder: string;
let script: string;
let cache: string;

beforeEach(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'drill-cached-script-'));
	script = path.join(folder, 'bundle.cjs');
	cache = path.join(folder, 'cache');
	writeFileSync(script, 'exports.answer = function answer(n) { return n * 6 + 0; };\nexports.url = __scriptUrl;\n');
});

afterEach(() => rmSync(folder, {recursive: true, force: true}));

/** Runs the bundle, calls into it (so there is compiled code to cache) and saves the cache. */
function start(id = 'build-1') {
	const run = runCachedScript(script, id, cache);
	expect((run.exports.answer as (n: number) => number)(7)).toBe(42);
	run.save();
	return run;
}

const cacheFileOf = () => path.join(cache, readdirSync(cache)[0]!);

test('the first start writes the cache, the next one uses it; the bundle sees its own URL', () => {
	const first = start();
	expect(first.cache).toBe('none');
	expect(first.exports.url).toBe(`file://${script}`);
	expect(readdirSync(cache)).toHaveLength(1);
	expect(start().cache).toBe('used');
});

test('a cache is saved once: a second save does not write it again', () => {
	const run = start();
	const file = cacheFileOf();
	writeFileSync(file, 'replaced meanwhile');
	run.save();
	expect(readFileSync(file, 'utf8')).toBe('replaced meanwhile');
});

test('a damaged cache is ignored (V8 would abort the process on it) and replaced', () => {
	start();
	const file = cacheFileOf();
	const data = readFileSync(file);
	for (const at of [data.length - 8, Math.floor(data.length / 2)]) {
		const damaged = Buffer.from(data);
		damaged[at]! ^= 0x5a;
		writeFileSync(file, damaged);
		expect(start().cache).toBe('none');
		expect(start().cache).toBe('used');
	}
	writeFileSync(file, data.subarray(0, data.length - 100));
	expect(start().cache).toBe('none');
	expect(start().cache).toBe('used');
});

test('another build\'s cache, or a file that is no cache at all, is ignored and replaced', () => {
	start('build-1');
	expect(start('build-2').cache).toBe('none');
	expect(start('build-2').cache).toBe('used');
	writeFileSync(cacheFileOf(), 'not a cache');
	expect(start('build-2').cache).toBe('none');
	expect(start('build-2').cache).toBe('used');
});

test('a cache V8 refuses (another source under the same id) is replaced', () => {
	start();
	writeFileSync(script, `${readFileSync(script, 'utf8')}exports.more = 1;\n`);
	expect(start().cache).toBe('rejected');
	expect(start().cache).toBe('used');
});

test('an unwritable cache folder, or none, does not break the start', () => {
	writeFileSync(cache, 'a file where the folder should be');
	const blocked = path.join(cache, 'drill');
	for (const where of [blocked, undefined]) {
		const run = runCachedScript(script, 'build-1', where);
		expect((run.exports.answer as (n: number) => number)(7)).toBe(42);
		expect(() => run.save()).not.toThrow();
		expect(run.cache).toBe('none');
	}
	expect(readFileSync(cache, 'utf8')).toBe('a file where the folder should be');
});

test('each route of a bundle keeps its own cache: what one route compiled never stands in for another', () => {
	const first = runCachedScript(script, 'build-1', cache, 'usage');
	first.save();
	expect(runCachedScript(script, 'build-1', cache, 'explorer').cache).toBe('none');
	expect(runCachedScript(script, 'build-1', cache, 'usage').cache).toBe('used');
	expect(runCachedScript(script, 'build-1', cache).cache).toBe('none');
	expect(first.cacheFile).toMatch(/-usage\.v8$/u);
});
