#!/usr/bin/env node
/**
 * The built CLI's entry, dist/cli.cjs (package.json `bin`; see scripts/build.mjs). It is CommonJS:
 * Node runs a CommonJS main without its ES module loader's resolve, load and link, which an ES
 * module entry cost on every start (~17 M instructions). A light command
 * (light-commands.ts) and the explorer run from their own CommonJS bundle, dist/cli-light.cjs, with
 * V8's code cache (cached-script.ts), kept beside the explorer's; every other command line imports
 * the full CLI (cli.tsx, built as dist/cli-main.js). It loads none of drill's modules before it
 * decides, and a light bundle that cannot be read or run (a damaged install) sends the command the
 * full way too: the cache can make a start faster, never stop one.
 */
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {runCachedScript} from './cached-script.js';
import {codeCacheFolder} from './code-cache-folder.js';
import {enableCompileCache} from './compile-cache.js';
import {mayStartLight, startsWithLightCommand} from './light-commands.js';
import type {runLight as RunLight} from './light-script.js';

/** The content hash of dist/cli-light.cjs, set by the build. */
declare const LIGHT_SCRIPT_ID: string;

function lightStart(argv: readonly string[]): typeof RunLight | undefined {
	try {
		// A cache per light command, and one for the explorer's lines: each holds what its own runs compile.
		const route = startsWithLightCommand(argv) ? argv[0] : 'explorer';
		const script = runCachedScript(path.join(__dirname, 'cli-light.cjs'), LIGHT_SCRIPT_ID, codeCacheFolder(process.env), route);
		// Written at the exit, from all the command compiled, when the cache read was not used.
		if (script.cache !== 'used') process.once('exit', () => script.save());
		return script.exports.runLight as typeof RunLight;
	} catch {
		return undefined;
	}
}

const argv = process.argv.slice(2);
// import() here is CommonJS's: it loads ES modules (Ink's library, the full CLI) where the bundles cannot.
const started = mayStartLight(argv) && lightStart(argv)?.(argv, {importModule: (url) => import(url)}) === true;
// A full CLI that fails to load rejects here: Node reports it and exits 1, as for an ES module entry's top-level await.
if (!started) {
	// Node 22's own compile cache for the full CLI's modules (a no-op on Node 20).
	enableCompileCache(codeCacheFolder(process.env));
	void import(pathToFileURL(path.join(__dirname, 'cli-main.js')).href);
}
