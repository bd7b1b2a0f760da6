import path from 'node:path';
import {expect, test} from 'vitest';
import {enableCompileCache} from '../../source/cli/compile-cache.js';

test("the full CLI turns on Node's compile cache in the cache folder where Node has it, and changes nothing where it has not or it fails", () => {
	const asked: Array<string | undefined> = [];
	enableCompileCache('/cache/drill', {enableCompileCache: (directory) => asked.push(directory)});
	expect(asked).toEqual([path.join('/cache/drill', 'node-compile-cache')]);
	// Node 20: no such function.
	expect(() => enableCompileCache('/cache/drill', {})).not.toThrow();
	// No cache folder (no home): not turned on.
	enableCompileCache(undefined, {enableCompileCache: (directory) => asked.push(directory)});
	expect(asked).toHaveLength(1);
	expect(() =>
		enableCompileCache('/cache/drill', {
			enableCompileCache: () => {
				throw new Error('EACCES');
			},
		}),
	).not.toThrow();
	// The real node:module, whatever this Node is.
	expect(() => enableCompileCache(undefined)).not.toThrow();
});
