import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {explorer} from '../../source/cli/app.js';
import {globalFlags, type FlagTable} from '../../source/cli/command.js';
import {commands} from '../../source/cli/commands.js';
import {flagName} from '../../source/cli/help.js';
import {parseCommandLine} from '../../source/cli/parse.js';
import {runCli} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {fixtureStore} from '../helpers/fixture-store.js';

const flagNames = (flags: FlagTable) => Object.entries(flags).map(([name, spec]) => flagName(name, spec));

describe('the command table drives parsing and help', () => {
	it.each(commands.map((entry) => entry.name))('drill %s --help lists exactly the flags it parses, and an unknown one is a usage error', async (name) => {
		const entry = commands.find((candidate) => candidate.name === name)!;
		const {command} = await entry.load();
		const help = runCli([name, '--help']);
		expect(help.code).toBe(0);
		expect(help.stdout).toContain(`drill ${command.usage[0]!.split(' ')[0]}`);
		const listed = [...help.stdout.matchAll(/^ {4}(--[a-z-]+)/gmu)].map((match) => match[1]);
		expect(listed.sort()).toEqual([...flagNames(command.flags), ...flagNames(globalFlags)].sort());
		for (const alias of entry.aliases ?? []) expect(help.stdout).toContain(`alias: drill ${alias}`);
		// Written for a person who has not read the specifications drill implements.
		expect(help.stdout).not.toMatch(/\bseeds?\b/iu);
		const bogus = runCli([name, '--bogus', '--json']);
		expect(bogus.code).toBe(2);
		expect(JSON.parse(bogus.stdout).error.message).toBe(`unknown option --bogus for drill ${name}`);
	});

	it('drill --help lists every command and the explorer flags; -h is the same', () => {
		const help = runCli(['--help']);
		expect(help.code).toBe(0);
		for (const entry of commands) expect(help.stdout).toMatch(new RegExp(`^ {4}${entry.name}\\b.*${entry.summary.slice(0, 20).replace(/[()]/gu, '\\$&')}`, 'mu'));
		for (const flag of [...flagNames(explorer.flags), ...flagNames(globalFlags)]) expect(help.stdout).toContain(`    ${flag}`);
		expect(runCli(['-h']).stdout).toBe(help.stdout);
		expect(help.stdout).not.toMatch(/\bseeds?\b/iu);
	});

	it('prints the version from package.json', () => {
		const {version} = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};
		expect(runCli(['--version'])).toEqual({code: 0, stdout: `${version}\n`, stderr: ''});
	});

	it('takes the global flags before or after the command', () => {
		const store = fixtureStore();
		const after = runCli(['walk', 'summary', 'page', '--depth', 'summary', '--store', store, '--json']);
		const before = runCli(['--store', store, '--json', 'walk', 'summary', 'page', '--depth', 'summary']);
		const between = runCli(['--json', 'walk', '--store', store, 'summary', '-d', 'summary', 'page']);
		expect(after.code).toBe(0);
		expect(JSON.parse(after.stdout).node_id).toBe('page');
		expect(before).toEqual(after);
		expect(between).toEqual(after);
	});

	it('says which command a bad flag belongs to, for the explorer too', () => {
		expect(runCli(['--frobnicate']).stderr).toBe('drill: unknown option --frobnicate for drill; see drill --help\n');
		expect(runCli(['find', 'x', '--no-scope']).stderr).toBe('drill: unknown option --no-scope for drill find; see drill find --help\n');
		expect(runCli(['walk', '-x']).stderr).toBe('drill: unknown option -x for drill walk; see drill walk --help\n');
	});
});

describe('parseCommandLine', () => {
	const flags = {
		depth: {type: 'string', short: 'd', default: 'index', value: 'DEPTH', help: 'd'},
		limit: {type: 'number', value: 'N', help: 'l'},
		scope: {type: 'string', multiple: true, value: 'S', help: 's'},
		plan: {type: 'string', value: 'FILE', help: 'p'},
		drill: {type: 'boolean', default: true, help: 'x'},
	} as const satisfies FlagTable;
	const parse = (...argv: string[]) => parseCommandLine(argv, flags, 'drill test');

	it('types values, fills defaults, collects repeated flags and keeps positionals in order', () => {
		const line = parse('a', '--limit', '5', '-d', 'full', '--scope', 'x', 'b', '--scope=y', '--no-drill', '--plan', '-');
		expect(line.input).toEqual(['a', 'b']);
		expect(line.flags).toMatchObject({limit: 5, depth: 'full', scope: ['x', 'y'], drill: false, plan: '-', json: false, color: true, help: false});
		expect(parse().flags).toEqual({depth: 'index', scope: [], drill: true, json: false, color: true, help: false});
		expect(parse('--limit', '-1').flags.limit).toBe(-1);
		expect(parse('--', '--limit').input).toEqual(['--limit']);
		expect(parse('-d', 'full', '--depth', 'summary').flags.depth).toBe('summary');
	});

	it.each([
		[['--bogus'], 'unknown option --bogus for drill test'],
		[['--no-limit'], 'unknown option --no-limit for drill test'],
		[['--limit'], '--limit needs a value'],
		[['--plan', '--limit', '3'], '--plan needs a value, but the next word is the option --limit'],
		[['--limit', 'many'], '--limit must be a number, got "many"'],
		[['--drill=yes'], '--drill takes no value'],
	])('refuses %j: %s', (argv, message) => {
		const error = drillErrorOf(() => parse(...argv));
		expect(error.code).toBe('bad_argument');
		expect(error.message).toBe(message);
	});
});
