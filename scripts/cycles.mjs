// `node scripts/cycles.mjs [DIR]`: fails when modules under DIR (default source) import each other in
// a circle. Every import counts: `import type` and `import {type A}` too (they are gone at run time,
// but a circle of types is still two modules that cannot be understood, or moved, one without the
// other), and so do `export … from` and `import('…')`. Each circle is reported once, as one path
// through the modules that form it (a strongly connected component), with the import that closes it.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'source');
const files = (dir) => readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.tsx?$/u.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path.join(dir, entry.name)] : []));
// `import … from './x.js'`, `export … from './x.js'`, `import './x.js'`, `import('./x.js')`.
const importPattern = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gmu;

const all = files(root);
const known = new Set(all);
const isFile = (candidate) => known.has(candidate) || (() => {
	try {
		return statSync(candidate).isFile();
	} catch {
		return false;
	}
})();

/** The module files a file imports (relative imports only). */
function importsOf(file, text = readFileSync(file, 'utf8')) {
	// Comments are not imports (a doc comment may quote one).
	const code = text.replace(/\/\*[\s\S]*?\*\//gu, '').replace(/(^|[^:'"`])\/\/.*$/gmu, '$1');
	const targets = new Set();
	for (const match of code.matchAll(importPattern)) {
		const specifier = match[1] ?? match[2];
		const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/u, '');
		const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(isFile);
		if (target) targets.add(target);
	}
	return [...targets];
}

const graph = new Map(all.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: each component of two or more modules (or one that
// imports itself) is a circle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let counter = 0;
function connect(file) {
	index.set(file, counter);
	low.set(file, counter);
	counter++;
	stack.push(file);
	onStack.add(file);
	for (const next of graph.get(file) ?? []) {
		if (!index.has(next)) {
			connect(next);
			low.set(file, Math.min(low.get(file), low.get(next)));
		} else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
	}
	if (low.get(file) !== index.get(file)) return;
	const component = [];
	let member;
	do {
		member = stack.pop();
		onStack.delete(member);
		component.push(member);
	} while (member !== file);
	if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) connect(file);

/** One circle through a component: from its first module, the shortest way back to it. */
function circleIn(component) {
	const members = new Set(component);
	const start = [...component].sort()[0];
	const previous = new Map([[start, undefined]]);
	const queue = [start];
	while (queue.length > 0) {
		const file = queue.shift();
		for (const next of graph.get(file) ?? []) {
			if (!members.has(next)) continue;
			if (next === start) {
				const way = [start];
				for (let at = file; at !== start; at = previous.get(at)) way.splice(1, 0, at);
				return [...way, start];
			}
			if (!previous.has(next)) {
				previous.set(next, file);
				queue.push(next);
			}
		}
	}
	return [start, start];
}

const relative = (file) => path.relative(process.cwd(), file);
if (components.length > 0) {
	const lines = components.map((component) => `  ${circleIn(component).map(relative).join(' → ')}${component.length > 2 ? `  (${component.length} modules in this knot: ${component.map((file) => path.basename(file)).sort().join(', ')})` : ''}`);
	process.stderr.write(`import cycles under ${relative(root)} (type imports count):\n${lines.join('\n')}\nbreak each one: move what both sides need (often a type) into a module of its own, or pass it in\n`);
	process.exitCode = 1;
}
