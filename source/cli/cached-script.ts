/**
 * Runs a CommonJS bundle through `vm.Script` with V8's code cache kept in a folder: Node 20 has no
 * compile cache of its own (module.enableCompileCache is Node 22), and compiling the explorer's
 * code is a sixth of what its first frame costs. The cache is a file per bundle path:
 *   "drill-v8" · crc32 of the rest (uint32 LE) · id length (uint32 LE) · id · V8's data.
 * The id names the bundle's content (the build's hash of it): V8 itself checks only its own version,
 * its flags and the source's length, and a cache of another source of the same length would run
 * that source's bytecode. V8 also aborts the process on a damaged cache instead of rejecting it,
 * hence the crc32 (zlib's, no cost worth measuring here). A cache that is missing, damaged, of
 * another bundle or rejected by V8 is ignored and `save()` writes a new one; nothing about the
 * cache ever fails a start: an unreadable or unwritable folder just means compiling as usual.
 */
import {mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import vm from 'node:vm';
import {crc32} from 'node:zlib';

/** How the cache served this run: used, none there (or not ours, or damaged), or refused by V8. */
export type CacheUse = 'used' | 'none' | 'rejected';

export interface CachedScript {
	exports: Record<string, unknown>;
	cache: CacheUse;
	/** The cache file for this bundle (written by `save`). */
	cacheFile: string | undefined;
	/** Writes the cache from what has been compiled so far, once, unless the one read was used; never throws. */
	save(): void;
}

const magic = Buffer.from('drill-v8', 'latin1');
const headerSize = magic.length + 8;

/** The V8 data in `file` if it is an intact cache of the bundle named `id`. */
function readCache(file: string, id: string): Buffer | undefined {
	let data: Buffer;
	try {
		data = readFileSync(file);
	} catch {
		return undefined;
	}
	if (data.length < headerSize || !data.subarray(0, magic.length).equals(magic)) return undefined;
	if (data.readUInt32LE(magic.length) !== crc32(data.subarray(magic.length + 4))) return undefined;
	const idLength = data.readUInt32LE(magic.length + 4);
	const payload = headerSize + idLength;
	if (payload > data.length || data.toString('utf8', headerSize, payload) !== id) return undefined;
	return data.subarray(payload);
}

function writeCache(file: string, id: string, v8Data: Buffer): void {
	const idBytes = Buffer.from(id, 'utf8');
	const lengths = Buffer.alloc(4);
	lengths.writeUInt32LE(idBytes.length);
	const body = Buffer.concat([lengths, idBytes, v8Data]);
	const check = Buffer.alloc(4);
	check.writeUInt32LE(crc32(body));
	// Written aside and renamed over: a reader never sees half a cache.
	const temporary = `${file}.${process.pid}.tmp`;
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(temporary, Buffer.concat([magic, check, body]));
		renameSync(temporary, file);
	} catch {
		rmSync(temporary, {force: true});
	}
}

/**
 * Compiles and runs the CommonJS bundle `file` (whose content the build named `id`), with the code
 * cache from `folder` when there is an intact one for it; `folder` undefined: no cache at all.
 * `route` names what this run of a bundle that serves several does: the cache holds the code the
 * run that wrote it had compiled, so each route keeps its own.
 */
export function runCachedScript(file: string, id: string, folder: string | undefined, route?: string): CachedScript {
	const source = readFileSync(file, 'utf8');
	// One cache file per bundle path (and route): a rebuild replaces its own, builds elsewhere keep theirs.
	const name = `${path.basename(file)}-${crc32(path.resolve(file)).toString(16)}${route === undefined ? '' : `-${route}`}.v8`;
	const cacheFile = folder === undefined ? undefined : path.join(folder, name);
	const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile, id);
	// CommonJS's own wrapper, and the file's URL for the build to put where the sources say import.meta.url.
	const wrapped = `(function (exports, require, module, __filename, __dirname, __scriptUrl) {${source}\n})`;
	const script = new vm.Script(wrapped, {filename: file, cachedData});
	const cache: CacheUse = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
	const module = {exports: {} as Record<string, unknown>};
	let saved = false;
	(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file), pathToFileURL(file).href);
	return {
		exports: module.exports,
		cache,
		cacheFile,
		save() {
			if (cacheFile === undefined || cache === 'used' || saved) return;
			saved = true;
			try {
				writeCache(cacheFile, id, script.createCachedData());
			} catch {
				// No cache this time: the next start compiles again and tries again.
			}
		},
	};
}
