import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {blank, cliHints, give, hint, option, run} from '../../source/core/hint.js';
import {mcpHints} from '../../source/mcp/hints.js';

// Each hint as the frames, domains, search and store write it, with the words the CLI printed
// before hints were structured (they must not change) and the words an agent reads over MCP.
const cases: Array<[string, ReturnType<typeof hint>, string, string]> = [
	['no drill open', hint`start one with ${run('down', {slug: blank('SLUG'), objective: blank('TEXT')})}`, 'start one with drill down SLUG --objective TEXT', 'start one with drill(slug=SLUG, objective=TEXT)'],
	['no objective', hint`give ${give('down', 'objective', blank('TEXT'))}: the narrower question this frame answers`, 'give --objective TEXT: the narrower question this frame answers', 'give drill(objective=TEXT): the narrower question this frame answers'],
	[
		'no plan',
		hint`give ${give('up', 'prevention_plan', blank('FILE'))} (a JSON or YAML array of actions)`,
		'give --plan FILE (a JSON or YAML array of actions)',
		'give undrill(prevention_plan=[…]) (a JSON or YAML array of actions)',
	],
	[
		'no findings',
		hint`say what the drill found: ${give('up', 'findings', blank('TEXT|FILE'))}, ${give('up', 'payload', blank('FILE'))}, or write it in the Findings section of the drill file`,
		'say what the drill found: --findings TEXT|FILE, --payload FILE, or write it in the Findings section of the drill file',
		'say what the drill found: undrill(findings=TEXT), undrill(payload=TEXT), or write it in the Findings section of the drill file',
	],
	['repair', hint`run ${run('status', {repair: true})} to point the cursor at the deepest open drill`, 'run drill status --repair to point the cursor at the deepest open drill', 'run drill_status(repair=true) to point the cursor at the deepest open drill'],
	[
		'moved cursor',
		hint`another command moved the cursor: check ${run('status')}, then retry with the right ${give('up', 'from')}`,
		'another command moved the cursor: check drill status, then retry with the right --from',
		'another command moved the cursor: check drill_status(), then retry with the right undrill(from=ID)',
	],
	['too deep', hint`close a frame with ${run('up')} first, or raise the limit with ${give('down', 'max_depth')}`, 'close a frame with drill up first, or raise the limit with --max-depth', 'close a frame with undrill() first, or raise the limit with `drill down --max-depth N` (a shell command; no MCP tool does this)'],
	['list drills', hint`list the drills with: ${run('walk', {domain: 'drills', node_id: ''})}`, "list the drills with: drill walk drills ''", 'list the drills with: walk(domain="drills", node_id="")'],
	['list items', hint`list its items with: ${run('walk', {domain: 'summary', node_id: 'page'})}`, 'list its items with: drill walk summary page', 'list its items with: walk(domain="summary", node_id="page")'],
	['retrospect', hint`retrospect its root: ${run('retrospect', {drill: 'a1b2c3'})}`, 'retrospect its root: drill retrospect --drill a1b2c3', 'retrospect its root: retrospect(drill="a1b2c3")'],
	['find example', hint`e.g. ${run('find', {query: 'retry storm'})}`, 'e.g. drill find "retry storm"', 'e.g. find(query="retry storm")'],
	['scope with knowledge', hint`leave out ${give('find', 'scope')} with ${give('find', 'source', 'knowledge')}`, 'leave out --scope with --source knowledge', 'leave out find(scope=…) with find(source="knowledge")'],
	[
		'no store',
		hint`create one with ${run('import', {file: blank('FILE')}, {quoted: true})} or ${run('ingest', {path: blank('PATH')}, {quoted: true})}, or point ${option('store')} or DRILL_STORE at one`,
		'create one with `drill import FILE` or `drill ingest PATH`, or point --store or DRILL_STORE at one',
		"create one with `drill import FILE` (a shell command; no MCP tool does this) or `drill ingest PATH` (a shell command; no MCP tool does this), or point the server's --store (an option of drill mcp) or DRILL_STORE at one",
	],
	['drills root', hint`pass the folder that holds .drills/ (${option('drills', blank('DIR'))})`, 'pass the folder that holds .drills/ (--drills DIR)', "pass the folder that holds .drills/ (the server's --drills DIR (an option of drill mcp))"],
];

describe('structured hints', () => {
	it.each(cases)('%s: the CLI keeps its words, MCP names the tool and parameter', (_name, value, cli, mcp) => {
		expect(value.render(cliHints)).toBe(cli);
		expect(String(value)).toBe(cli);
		expect(value.render(mcpHints)).toBe(mcp);
	});

	it('a DrillError keeps the CLI hint as .hint and .line, and renders another surface on request', () => {
		const error = new DrillError('frame_none_open', 'no drill is open', cases[0]![1]);
		expect(error.hint).toBe('start one with drill down SLUG --objective TEXT');
		expect(error.line).toBe('no drill is open; start one with drill down SLUG --objective TEXT');
		expect(JSON.parse(JSON.stringify({error}))).toEqual({error: {code: 'frame_none_open', message: 'no drill is open', hint: 'start one with drill down SLUG --objective TEXT'}});
		expect(error.lineFor(mcpHints)).toBe('no drill is open; start one with drill(slug=SLUG, objective=TEXT)');
		expect(error.toJSONFor(mcpHints)).toEqual({code: 'frame_none_open', message: 'no drill is open', hint: 'start one with drill(slug=SLUG, objective=TEXT)'});
		const plain = new DrillError('bad_argument', 'plain', 'use one of: a, b');
		expect(plain.hintFor(mcpHints)).toBe('use one of: a, b');
	});

	it('CLI words quote what a shell would split', () => {
		expect(cliHints.run(run('walk', {domain: 'knowledge', node_id: 'a b/c'}))).toBe('drill walk knowledge "a b/c"');
		expect(cliHints.run(run('walk', {domain: 'knowledge', node_id: 'architecture/storage'}))).toBe('drill walk knowledge architecture/storage');
	});
});
