import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parseAsciicast} from '../../source/record/asciicast.js';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';

let place: string[];
// Recording needs no terminal: run as CI does, with CI=true and no TTY.
const ci = {env: {CI: 'true'}};

beforeAll(() => {
	place = ['--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', tempDir(), '--size', '100x24', '--no-color'];
});

// Down to the summary domain, open it, open conversation_session, down to its third item, open it.
const script = '# to API debugging\njj<wait 200ms>l<wait-for "conversation_session">jl<wait 300ms>jjjl<wait 200ms>2';

describe('drill --keys and --record', () => {
	it('records valid asciicast v2, byte-identical across two runs, ending where the script went', () => {
		const dir = tempDir();
		const cast = path.join(dir, 'browse.cast');
		const first = runCli(['--keys', script, '--record', cast, ...place], ci);
		expect(first.stderr).toBe('');
		expect(first.code).toBe(0);
		const recorded = readFileSync(cast, 'utf8');
		const {header, events} = parseAsciicast(recorded);
		expect(header).toMatchObject({version: 2, width: 100, height: 24, title: 'browse', env: {TERM: 'xterm-256color'}});
		expect(events.length).toBeGreaterThan(4);
		expect(events[0]![0]).toBe(0);

		const second = runCli(['--keys', script, '--record', cast, ...place], ci);
		expect(second.code).toBe(0);
		expect(readFileSync(cast, 'utf8')).toBe(recorded);

		// The printed last screen shows the node the keys reached, at summary depth.
		expect(first.stdout).toContain('drill · summary › conversation_session › API debugging');
		expect(first.stdout).toContain('summary:conversation_session:k3x9');
		expect(first.stdout).toContain('depth: summary');
		expect(first.stdout).toContain('Reproducing the 502s');
		expect(first.stdout.split('\n')).toHaveLength(24);
	});

	it('a recording with a search is byte-identical too: no measured time on screen', () => {
		const cast = path.join(tempDir(), 'search.cast');
		const keys = '/pool exhaustion<enter><wait-for "hits">j<enter>';
		const first = runCli(['--keys', keys, '--record', cast, ...place], ci);
		expect(first.code).toBe(0);
		const recorded = readFileSync(cast, 'utf8');
		expect(runCli(['--keys', keys, '--record', cast, ...place], ci).code).toBe(0);
		expect(readFileSync(cast, 'utf8')).toBe(recorded);
		const bar = first.stdout.split('\n').find((line) => line.startsWith('├ / pool exhaustion'));
		expect(bar).toMatch(/\d+ hits? ─*┤$/u);
		expect(recorded).not.toMatch(/hits? · [\d.]+ ms/u);
	});

	it('records in a light colour scheme with --theme light', () => {
		const colourPlace = place.filter((arg) => arg !== '--no-color');
		const dark = path.join(tempDir(), 'dark.cast');
		const light = path.join(tempDir(), 'light.cast');
		const keys = '/retry storm<enter><wait-for "hits">';
		const coloured = {env: {CI: 'true', NO_COLOR: ''}};
		expect(runCli(['--keys', keys, '--record', dark, ...colourPlace], coloured).code).toBe(0);
		expect(runCli(['--keys', keys, '--record', light, '--theme', 'light', ...colourPlace], coloured).code).toBe(0);
		// Matches are yellow on dark backgrounds and magenta on light ones.
		const sgr = (file: string) => readFileSync(file, 'utf8').match(/\\u001b\[[0-9;]*m/gu)?.join(' ') ?? '';
		expect(sgr(dark)).toMatch(/;33m/u);
		expect(sgr(light)).toMatch(/;35m/u);
		expect(sgr(light)).not.toMatch(/;33m/u);
		expect(runCli(['--keys', 'j', '--theme', 'blue', ...place], ci).stderr).toContain('--theme "blue" is not a colour scheme');
	});

	it('reads a script from a file', () => {
		const file = path.join(tempDir(), 'walk.keys');
		writeFileSync(file, 'jj<wait-for "summary">l\n');
		const result = runCli(['--keys', file, ...place], ci);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('conversation_session');
	});

	it('times out a wait-for cleanly, naming the line and column', () => {
		const result = runCli(['--keys', 'jj\n  <wait-for "no such text anywhere" 1s>', ...place], ci);
		expect(result.code).toBe(1);
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toMatch(/^drill: key script line 2, column 3: waited 1 s for "no such text anywhere", which never appeared/u);
		expect(hasStackTrace(result.stderr)).toBe(false);
	});

	it('refuses a malformed script, a bad size and a record without keys as usage errors', () => {
		const bad = runCli(['--keys', 'ok<bogus>', ...place], ci);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('key script line 1, column 3: unknown key <bogus>');
		const size = runCli(['--keys', 'j', ...place, '--size', 'huge'], ci);
		expect(size.code).toBe(2);
		expect(size.stderr).toContain('--size "huge" is not COLSxROWS');
		const record = runCli(['--record', 'x.cast', ...place], ci);
		expect(record.code).toBe(2);
		expect(record.stderr).toContain('--record needs --keys');
	});
});
