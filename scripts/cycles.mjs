// `node scripts/cycles.mjs [DIR]`: fails when modules under DIR (default source) import each other in
// a circle. Every import counts, type-only ones too (scripts/module-graph.mjs). Each circle is
// reported once, as one path through the modules that form it (a strongly connected component).
import path from 'node:path';
import {moduleGraph} from './module-graph.mjs';

const root = path.resolve(process.argv[2] ?? 'source');
const graph = moduleGraph(root);

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
