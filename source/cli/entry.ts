#!/usr/bin/env node
/**
 * The built CLI's entry, dist/cli.js (see scripts/build.mjs). A light command (light-commands.ts)
 * and the explorer run from their own CommonJS bundle, dist/cli-light.cjs, with V8's code cache (cached-script.ts),
 * kept beside the explorer's; every other command line goes to the full CLI (cli.tsx, built as
 * dist/cli-main.js). It loads none of drill's modules before it decides, and a light bundle that
 * cannot be read or run (a damaged install) sends the command the full way too: the cache can
 * make a start faster, never stop one.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCachedScript} from './cached-script.js';
import {codeCacheFolder} from './code-cache-folder.js';
import {mayStartLight, startsWithLightCommand} from './light-commands.js';
import type {runLight as RunLight} from './light-script.js';

/** The content hash of dist/cli-light.cjs, set by the build. */
declare const LIGHT_SCRIPT_ID: string;

function lightStart(argv: readonly string[]): typeof RunLight | undefined {
	try {
		// A cache per light command, and one for the explorer's lines: each holds what its own runs compile.
		const route = startsWithLightCommand(argv) ? argv[0] : 'explorer';
		const script = runCachedScript(path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli-light.cjs'), LIGHT_SCRIPT_ID, codeCacheFolder(process.env), route);
		// Written at the exit, from all the command compiled, when the cache read was not used.
		if (script.cache !== 'used') process.once('exit', () => script.save());
		return script.exports.runLight as typeof RunLight;
	} catch {
		return undefined;
	}
}

const argv = process.argv.slice(2);
const started = mayStartLight(argv) && lightStart(argv)?.(argv, {importModule: (url) => import(url)}) === true;
if (!started) await import(new URL('cli-main.js', import.meta.url).href);
