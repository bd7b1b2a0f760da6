#!/usr/bin/env node
import {commands, findCommand} from './cli/commands.js';
import {globalFlags, globalHelp, type CommandContext} from './cli/command.js';
import {resolveConfig} from './cli/config.js';
import {exitUsage, reportError, usageError} from './cli/output.js';

const version = '0.1.0';
const valueFlags = new Set(['--store', '--knowledge', '--drills', '--domain', '--node', '--depth', '--query', '--keys', '--record', '--size', '--theme']);

function mainHelp(): string {
	const width = Math.max(...commands.map((entry) => [entry.name, ...(entry.aliases ?? [])].join(', ').length));
	const lines = commands.map((entry) => `    ${[entry.name, ...(entry.aliases ?? [])].join(', ').padEnd(width)}  ${entry.summary}`);
	return `
  drill — explore tree-shaped knowledge: summaries, a knowledge base and .drills/ work frames

  Usage
    drill [--domain D --node ID --depth X --query Q]   the explorer (on a terminal)
    drill COMMAND [options]
    drill COMMAND --help

  Commands
${lines.join('\n')}
${globalHelp}
    --version          the version
`;
}

/** The first word that is not a flag (or a global flag's value) names the command. */
function splitCommand(argv: string[]): {name?: string; rest: string[]} {
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg === '--') break;
		if (valueFlags.has(arg)) {
			i++;
			continue;
		}
		if (!arg.startsWith('-')) return {name: arg, rest: [...argv.slice(0, i), ...argv.slice(i + 1)]};
	}
	return {rest: argv};
}

const camel = (name: string) => name.replace(/-([a-z])/gu, (_, letter: string) => letter.toUpperCase());

async function main(argv: string[]): Promise<number> {
	const streams = {stdout: process.stdout, stderr: process.stderr};
	const json = argv.includes('--json');
	const {name, rest} = splitCommand(argv);
	if (!name) {
		if (rest.includes('--version')) {
			process.stdout.write(`${version}\n`);
			return 0;
		}
		if (rest.includes('--help') || rest.includes('-h')) {
			const {appHelp} = await import('./cli/app.js');
			process.stdout.write(`${mainHelp()}${appHelp}\n`);
			return 0;
		}
		// No command: the explorer. Its module (and Ink) load only here.
		try {
			const {openApp} = await import('./cli/app.js');
			return await openApp(rest, streams);
		} catch (error) {
			return reportError(error, json, streams);
		}
	}
	const entry = findCommand(name);
	if (!entry) {
		return reportError(usageError(`unknown command ${JSON.stringify(name)}`, `commands: ${commands.map((command) => command.name).join(', ')}; see drill --help`), json, streams);
	}
	const {command} = await entry.load();
	const help = `${command.help}\n${globalHelp}\n`;
	if (rest.includes('--help') || rest.includes('-h')) {
		process.stdout.write(help);
		return 0;
	}
	const flags = {...globalFlags, ...command.flags};
	const {default: meow} = await import('meow');
	const cli = meow(help, {importMeta: import.meta, argv: rest, flags, allowUnknownFlags: true, autoHelp: false, autoVersion: false, description: false});
	const known = new Set(Object.keys(flags).flatMap((key) => [key, camel(key)]));
	const unknown = rest.filter((arg) => arg.startsWith('--') && arg.length > 2 && !known.has(camel(arg.slice(2).split('=')[0]!.replace(/^no-/u, ''))));
	if (unknown.length > 0) {
		return reportError(usageError(`unknown option ${unknown[0]!.split('=')[0]} for drill ${command.name}`, `see drill ${command.name} --help`), json, streams);
	}
	const {createRuntime} = await import('./runtime.js');
	const context: CommandContext = {
		runtime: createRuntime(resolveConfig(cli.flags as {store?: string; knowledge?: string; drills?: string})),
		json: Boolean(cli.flags.json),
		color: Boolean(cli.flags.color) && !process.env.NO_COLOR,
		...streams,
	};
	try {
		return await command.run(cli as never, context);
	} catch (error) {
		return reportError(error, context.json, streams);
	} finally {
		context.runtime.close();
	}
}

main(process.argv.slice(2)).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		process.exitCode = reportError(error, process.argv.includes('--json'), {stdout: process.stdout, stderr: process.stderr});
	},
);
