// The import graph of the TypeScript modules under a folder, for scripts/cycles.mjs and
// scripts/layers.mjs. Every import counts: `import type` and `import {type A}` (gone at run time,
// but still a module that cannot be understood or moved without the other), `export … from`,
// `import './x.js'` and `import('./x.js')`; imports quoted in comments do not.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const importPattern = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gmu;

function modulesUnder(dir) {
	return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? modulesUnder(path.join(dir, entry.name)) : /\.tsx?$/u.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path.join(dir, entry.name)] : []));
}

function isFile(file) {
	try {
		return statSync(file).isFile();
	} catch {
		return false;
	}
}

/** Each module under `root` (absolute paths) and the modules it imports (relative imports only). */
export function moduleGraph(root) {
	const graph = new Map();
	for (const file of modulesUnder(root)) {
		const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//gu, '').replace(/(^|[^:'"`])\/\/.*$/gmu, '$1');
		const targets = new Set();
		for (const match of code.matchAll(importPattern)) {
			const base = path.resolve(path.dirname(file), match[1] ?? match[2]).replace(/\.js$/u, '');
			const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(isFile);
			if (target) targets.add(target);
		}
		graph.set(file, [...targets]);
	}
	return graph;
}
