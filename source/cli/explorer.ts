/**
 * The explorer as the build ships it (dist/explorer.js, see scripts/build.mjs): start-explorer.ts
 * and everything it loads are one CommonJS bundle, dist/explorer-script.cjs, run with V8's code
 * cache (cached-script.ts) from the user's cache folder, so a start after the first one compiles
 * almost nothing. Ink and React cannot be in that bundle (their modules await at the top level):
 * they are an ES module of their own, dist/explorer/ink-library.js, imported once the first frame
 * is drawn and handed to the bundle's view code, which reads them from a global slot (the build's
 * ink-shim). The cache is written a second after the first frame (or at the exit, if sooner), from
 * the code compiled by then, when the one read was missing, damaged, another build's, or refused by V8.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCachedScript} from './cached-script.js';
import {codeCacheFolder} from './code-cache-folder.js';
import type {ExplorerStart, startExplorer as StartExplorer} from './start-explorer.js';

/** The content hash of dist/explorer-script.cjs, set by the build. */
declare const EXPLORER_SCRIPT_ID: string;

/** Where Ink and React are handed to the bundle (the same symbol as the build's ink-shim). */
const inkSlot = Symbol.for('drill.ink-library');

/**
 * Starts the explorer from its bundle. `importModule` is the caller's import(): Ink's library is an
 * ES module, and a caller run by vm.Script (the light start) cannot import on Node 20.
 */
export function startExplorer(start: ExplorerStart, streams: {stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream}, importModule: (url: string) => Promise<unknown>): Promise<number> {
	const here = path.dirname(fileURLToPath(import.meta.url));
	const script = runCachedScript(path.join(here, 'explorer-script.cjs'), EXPLORER_SCRIPT_ID, codeCacheFolder(process.env));
	const run = script.exports.startExplorer as typeof StartExplorer;
	const beforeInk = async () => {
		(globalThis as Record<symbol, unknown>)[inkSlot] = await importModule(new URL('explorer/ink-library.js', import.meta.url).href);
		if (script.cache === 'used') return;
		// A second after the first frame, or at the exit if the app is quit before that.
		setTimeout(() => script.save(), 1000).unref();
		process.once('exit', () => script.save());
	};
	return run({...start, beforeInk}, streams);
}
