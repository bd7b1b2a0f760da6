// `node scripts/cycles.mjs [DIR]`: fails when modules under DIR (default source) import each other in
// a circle through value imports (`import type` does not count: it is gone at run time). A circle
// makes load order matter: a module can see another's exports before they are set.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'source');
const files = (dir) => readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.tsx?$/u.test(entry.name) ? [path.join(dir, entry.name)] : []));
const importPattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gmu;

const graph = new Map();
for (const file of files(root)) {
	const text = readFileSync(file, 'utf8');
	const targets = [];
	for (const match of text.matchAll(importPattern)) {
		// `import {type A, type B} from` imports nothing at run time either.
		if (/^\s*(?:import|export)\s*\{\s*(?:type\s+\w+\s*,?\s*)+\}/u.test(match[0])) continue;
		const base = path.resolve(path.dirname(file), match[1]).replace(/\.js$/u, '');
		const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => graph.has(candidate) || files(path.dirname(candidate)).includes(candidate));
		if (target) targets.push(target);
	}
	graph.set(file, targets);
}

const cycles = [];
const state = new Map();
const stack = [];
function visit(file) {
	state.set(file, 'open');
	stack.push(file);
	for (const next of graph.get(file) ?? []) {
		if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((each) => path.relative(process.cwd(), each)));
		else if (!state.has(next)) visit(next);
	}
	stack.pop();
	state.set(file, 'done');
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
	process.stderr.write(`import cycles (value imports) under ${path.relative(process.cwd(), root)}:\n${cycles.map((cycle) => `  ${cycle.join(' → ')}`).join('\n')}\nbreak each one: move what both sides need into a module of its own, or import only types\n`);
	process.exitCode = 1;
}
