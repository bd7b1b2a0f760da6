import nodeModule from 'node:module';
import path from 'node:path';

/** What this needs of node:module: `enableCompileCache` is Node 22.1 and later. */
interface CompileCacheHost {
	enableCompileCache?: (directory?: string) => unknown;
}

/**
 * Turns on Node's own compile cache (module.enableCompileCache) for the full CLI's ES modules
 * (dist/cli-main.js and its chunks: `find`, `mcp`, `ingest`…), kept in `folder`/node-compile-cache
 * beside the bundles' V8 caches (cached-script.ts), so a command after the first one does not
 * compile the funnel again. Node checks what it keeps against each module's source itself. On a
 * Node without it (Node 20, the floor), without a cache folder, or when it fails, nothing changes;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off as Node documents.
 */
export function enableCompileCache(folder: string | undefined, host: CompileCacheHost = nodeModule as CompileCacheHost): void {
	if (!folder || typeof host.enableCompileCache !== 'function') return;
	try {
		host.enableCompileCache(path.join(folder, 'node-compile-cache'));
	} catch {
		// An unwritable folder or a refusal: the command compiles as usual.
	}
}
