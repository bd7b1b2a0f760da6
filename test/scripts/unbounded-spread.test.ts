import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';

/**
 * An array spread into a call's arguments (`push(...x)`, `Math.max(...x)`, `f.apply(null, x)`,
 * `String.fromCharCode(...x)`) throws "Maximum call stack size exceeded" once the input makes x
 * long enough (~120 000 elements): a JSONL of a million lines stopped a whole ingest that way.
 * source/core/arrays.ts has append, prepend and largest for what the input decides.
 */
const patterns = [
	// A list grown by copying it whole for each new element: quadratic in what the input decides (see addTo).
	/\.set\([^,]+, \[\.\.\.\([\w.]+\.get\(/u,
	/\.(?:push|unshift)\(\s*\.\.\./u, /Math\.(?:max|min)\([^)]*\.\.\./u, /\.apply\(/u, /fromCharCode\([^)]*\.\.\./u, /\.splice\([^)]*\.\.\./u];

/** Spreads of lists that nothing outside the program makes long. */
const bounded = new Set(['source/mcp/frame-tools.ts: lines.push(...warningLines(status.warnings));']);

function sources(dir: string): string[] {
	return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sources(full);
		return /\.tsx?$/u.test(entry.name) ? [full] : [];
	});
}

test('no source file spreads an array into a call', () => {
	const found: string[] = [];
	for (const file of sources('source')) {
		for (const line of readFileSync(file, 'utf8').split('\n')) {
			if (line.trim().startsWith('//') || line.trim().startsWith('*')) continue;
			if (patterns.some((pattern) => pattern.test(line))) found.push(`${file.split(path.sep).join('/')}: ${line.trim()}`);
		}
	}
	expect(found.filter((entry) => !bounded.has(entry))).toEqual([]);
});
