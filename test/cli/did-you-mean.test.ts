import {describe, expect, it} from 'vitest';
import {didYouMean} from '../../source/cli/did-you-mean.js';
import {runCli} from '../helpers/cli.js';

describe('didYouMean', () => {
	const flags = ['--depth', '--domain', '--node', '--group-by', '--max-chars', '--offset', '--limit', '--json', '--no-color', '--store'];
	it('finds the one close candidate: case, dashes, one typo in four letters, a swap, a word cut short', () => {
		expect(didYouMean('--Depth', flags)).toBe('--depth');
		expect(didYouMean('--groupby', flags)).toBe('--group-by');
		expect(didYouMean('--group_by', flags)).toBe('--group-by');
		expect(didYouMean('--dept', flags)).toBe('--depth');
		expect(didYouMean('--max-char', flags)).toBe('--max-chars');
		expect(didYouMean('--no-colour', flags)).toBe('--no-color');
		expect(didYouMean('wlak', ['walk', 'tree', 'find', 'search'])).toBe('walk');
		expect(didYouMean('serch', ['walk', 'tree', 'find', 'search'])).toBe('search');
		expect(didYouMean('--grou', flags)).toBe('--group-by');
	});

	it('says nothing when nothing is close, or two are equally close', () => {
		expect(didYouMean('--frobnicate', flags)).toBeUndefined();
		expect(didYouMean('x', ['walk', 'find'])).toBeUndefined();
		expect(didYouMean('--', flags)).toBeUndefined();
		expect(didYouMean('--do', flags)).toBeUndefined();
		expect(didYouMean('cat', ['bat', 'car'])).toBeUndefined();
	});
});

describe('did you mean, from the CLI', () => {
	it.each([
		[['wlak'], 'unknown command "wlak"', 'did you mean walk? commands: walk, '],
		[['walk', 'summary', '--dept', 'full'], 'unknown option --dept for drill walk', 'did you mean --depth? see drill walk --help'],
		[['walk', 'summary', '--max-char', '200'], 'unknown option --max-char for drill walk', 'did you mean --max-chars? see drill walk --help'],
		[['walk', 'summary', '--groupby', 'project'], 'unknown option --groupby for drill walk', 'did you mean --group-by? see drill walk --help'],
		[['walk', 'summary', '--Depth', 'full'], 'unknown option --Depth for drill walk', 'did you mean --depth? see drill walk --help'],
		// The explorer's flags: the mistyped option is reported, not its value as a command.
		[['--dept', '2'], 'unknown option --dept for drill', 'did you mean --depth? see drill --help'],
		[['--max-char', '200'], 'unknown option --max-char for drill', 'did you mean --max-chars? see drill --help'],
	])('drill %j', (args, message, hint) => {
		const result = runCli(args);
		expect(result.code).toBe(2);
		expect(result.stderr.split('\n')).toHaveLength(2);
		expect(result.stderr).toContain(`drill: ${message}; ${hint}`);
		expect(JSON.parse(runCli([...args, '--json']).stdout).error).toMatchObject({code: 'bad_argument', message, hint: expect.stringContaining(hint)});
	});
});
