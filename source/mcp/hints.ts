import {cliHints, isBlank, type HintOperation, type HintSurface, type HintValue} from '../core/hint.js';

/** The tool that does each operation over MCP, with the arguments it always takes and the parameters it has. */
const tools: Partial<Record<HintOperation, {name: string; params: readonly string[]}>> = {
	walk: {name: 'walk', params: ['domain', 'node_id', 'depth', 'offset', 'limit', 'max_chars', 'content_offset', 'group_by', 'unfold']},
	find: {name: 'find', params: ['query', 'source', 'scope', 'method', 'top_k', 'offset', 'min_score', 'drill', 'drill_top_k', 'drill_per_item_top_k', 'max_bytes']},
	down: {name: 'drill', params: ['slug', 'objective', 'scope', 'context', 'refs', 'delegate', 'new_root', 'from']},
	up: {name: 'undrill', params: ['findings', 'payload', 'prevention_plan', 'evidence', 'issues', 'from']},
	status: {name: 'drill_status', params: ['repair']},
	retrospect: {name: 'retrospect', params: ['apply', 'drill']},
};

/** What a blank reads as in a tool call: an array parameter takes an array, the rest text. */
const toolBlanks: Record<string, string> = {prevention_plan: '[…]', evidence: '[…]', issues: '[…]', scope: '…', from: 'ID', findings: 'TEXT', payload: 'TEXT'};

function toolValue(param: string, value: HintValue | undefined): string {
	if (value === undefined || isBlank(value)) return toolBlanks[param] ?? (isBlank(value) && !/[|/]/u.test(value.blank) ? value.blank : '…');
	return JSON.stringify(value);
}

const call = (tool: string, args: Array<[string, HintValue | undefined]>) => `${tool}(${args.map(([name, value]) => `${name}=${toolValue(name, value)}`).join(', ')})`;

/** An operation no tool does: the shell command, said to be one. */
const inShell = (command: string) => `${command.startsWith('`') ? command : `\`${command}\``} (a shell command; no MCP tool does this)`;

/**
 * How hints read over MCP: an operation is the tool call that does it, `walk(domain="drills",
 * node_id="")`, a parameter is the tool with that argument, `drill(objective=TEXT)`, and a CLI
 * flag of the server is named as the server's option.
 */
export const mcpHints: HintSurface = {
	run(ref) {
		const tool = tools[ref.op];
		if (!tool) return inShell(cliHints.run(ref));
		return call(tool.name, Object.entries(ref.args).filter(([, value]) => value !== false));
	},
	give(ref) {
		const tool = tools[ref.op];
		if (!tool?.params.includes(ref.param)) return inShell(cliHints.run({kind: 'run', op: ref.op, args: {[ref.param]: ref.value ?? {blank: 'N'}}, quoted: false}));
		return call(tool.name, [[ref.param, ref.value]]);
	},
	option: (ref) => `the server's ${cliHints.option(ref)} (an option of drill mcp)`,
};
