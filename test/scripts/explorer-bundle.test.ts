import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';

/** The files a module of the build imports statically, and theirs (what loads before its code runs). */
function staticClosure(entry: string): string[] {
	const seen = new Set<string>();
	const visit = (file: string) => {
		if (seen.has(file)) return;
		seen.add(file);
		for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?"(\.{1,2}\/[^"]+)"/gu)) visit(path.resolve(path.dirname(file), match[1]!));
	};
	visit(path.resolve(entry));
	return [...seen].map((file) => path.relative('dist', file));
}

// Node resolves, reads and links every module of the first frame one by one (~1 ms each here):
// the explorer is built as one bundle with few chunks, none shared with the commands' build.
test('the explorer loads as a handful of files of its own, not the commands\' chunks', () => {
	const files = staticClosure('dist/explorer.js');
	expect(files.length).toBeLessThanOrEqual(8);
	expect(files.filter((file) => !file.startsWith('explorer'))).toEqual([]);
	expect(readFileSync('dist/cli.js', 'utf8')).toContain('explorer.js');
});

// Loading node:crypto costs ~10 ms of CPU; the first frame reads frames but writes none.
test('nothing the explorer loads before its first frame imports node:crypto', () => {
	for (const file of staticClosure('dist/explorer.js')) expect(readFileSync(path.join('dist', file), 'utf8'), file).not.toMatch(/from\s*"node:crypto"/u);
});
