import {keyLabel} from './keys.js';
import {displayWidth} from './text.js';

/**
 * The one table of commands and their keys. The input layer looks keys up here and the `?`
 * overlay and the status line are generated from it, so the help cannot drift from the keys.
 */
export type KeyContext = 'global' | 'tree' | 'detail' | 'results' | 'input' | 'dialog' | 'confirm' | 'help' | 'usage';

export type Command =
	| 'quit'
	| 'help'
	| 'cursorUp'
	| 'cursorDown'
	| 'open'
	| 'close'
	| 'top'
	| 'bottom'
	| 'pageUp'
	| 'pageDown'
	| 'halfDown'
	| 'halfUp'
	| 'depthIndex'
	| 'depthSummary'
	| 'depthFull'
	| 'depthCycle'
	| 'unfold'
	| 'switchPane'
	| 'query'
	| 'method'
	| 'scope'
	| 'group'
	| 'filter'
	| 'find'
	| 'nextMatch'
	| 'previousMatch'
	| 'drillDown'
	| 'drillUp'
	| 'togglePlan'
	| 'copyId'
	| 'copyText'
	| 'openPager'
	| 'openEditor'
	| 'resume'
	| 'exportNode'
	| 'forget'
	| 'usage'
	| 'usageMetric'
	| 'confirmYes'
	| 'confirmNo'
	| 'jump'
	| 'closePanel'
	| 'submit'
	| 'cancel'
	| 'nextField'
	| 'previousField'
	| 'choiceNext'
	| 'choicePrevious'
	| 'deleteBack'
	| 'deleteForward'
	| 'deleteWord'
	| 'clearLine'
	| 'caretLeft'
	| 'caretRight'
	| 'caretHome'
	| 'caretEnd';

export interface Binding {
	command: Command;
	keys: string[];
	context: KeyContext;
	help: string;
	/** Shown on the status line, with this short label, when the context is active. */
	hint?: string;
	/** How the status line writes the keys, when not just the first key. */
	hintKeys?: string;
	/** The `?` help lists the bindings of one context with the same group on one row, with this text. */
	group?: string;
}

export const keyTable: Binding[] = [
	{command: 'cursorDown', keys: ['down', 'j'], context: 'tree', help: 'move down', hint: 'move', hintKeys: '↑↓', group: 'move down / up'},
	{command: 'cursorUp', keys: ['up', 'k'], context: 'tree', help: 'move up', group: 'move down / up'},
	{command: 'open', keys: ['right', 'l', 'enter'], context: 'tree', help: 'open (expand) the node', hint: 'open'},
	{command: 'close', keys: ['left', 'h'], context: 'tree', help: 'close the node, or go to its parent', hint: 'close'},
	{command: 'top', keys: ['g', 'home'], context: 'tree', help: 'first row', group: 'first / last row'},
	{command: 'bottom', keys: ['G', 'end'], context: 'tree', help: 'last row', group: 'first / last row'},
	{command: 'pageDown', keys: ['pagedown'], context: 'tree', help: 'page down', group: 'page down / up'},
	{command: 'pageUp', keys: ['pageup'], context: 'tree', help: 'page up', group: 'page down / up'},
	{command: 'halfDown', keys: ['ctrl-d'], context: 'tree', help: 'half a page down', group: 'half a page down / up'},
	{command: 'halfUp', keys: ['ctrl-u'], context: 'tree', help: 'half a page up', group: 'half a page down / up'},
	{command: 'filter', keys: ['f'], context: 'tree', help: 'fuzzy filter the loaded names', hint: 'filter'},
	{command: 'nextMatch', keys: ['n'], context: 'tree', help: 'next filter match', group: 'next / previous filter match'},
	{command: 'previousMatch', keys: ['N'], context: 'tree', help: 'previous filter match', group: 'next / previous filter match'},
	{command: 'scope', keys: ['s'], context: 'tree', help: 'search scope: the namespace under the cursor (again: all)'},
	{command: 'group', keys: ['b'], context: 'tree', help: 'group the namespace under the cursor by: none → project → agent → day → folder → machine → user', hint: 'group'},
	{command: 'drillDown', keys: ['d'], context: 'tree', help: 'drill down from the selected node (new frame)', hint: 'drill'},
	{command: 'drillUp', keys: ['u'], context: 'tree', help: 'undrill: close the current frame with findings and a plan', hint: 'undrill'},
	{command: 'copyId', keys: ['y'], context: 'tree', help: 'copy the node id (OSC 52)'},
	{command: 'closePanel', keys: ['escape'], context: 'tree', help: 'clear the filter, close the results'},

	{command: 'cursorDown', keys: ['down', 'j'], context: 'detail', help: 'scroll down', hint: 'scroll', hintKeys: '↑↓', group: 'scroll down / up'},
	{command: 'cursorUp', keys: ['up', 'k'], context: 'detail', help: 'scroll up', group: 'scroll down / up'},
	{command: 'pageDown', keys: ['pagedown', 'ctrl-d', ' '], context: 'detail', help: 'page down'},
	{command: 'pageUp', keys: ['pageup', 'ctrl-u'], context: 'detail', help: 'page up'},
	{command: 'top', keys: ['g', 'home'], context: 'detail', help: 'top', group: 'top / bottom'},
	{command: 'bottom', keys: ['G', 'end'], context: 'detail', help: 'bottom', group: 'top / bottom'},
	{command: 'find', keys: ['/'], context: 'detail', help: 'find in this pane (as less); over a session or item, Enter then lists every message of it that matches, n/N step', hint: 'find here'},
	{command: 'nextMatch', keys: ['n'], context: 'detail', help: 'next match (after a jump: of the query)', group: 'next / previous match (after a jump: of the query)'},
	{command: 'previousMatch', keys: ['N'], context: 'detail', help: 'previous match', group: 'next / previous match (after a jump: of the query)'},
	{command: 'closePanel', keys: ['escape'], context: 'detail', help: 'clear the find, or back to the tree'},

	{command: 'cursorDown', keys: ['down', 'j'], context: 'results', help: 'next hit (among a hit\'s spans: next span)', hint: 'move', hintKeys: '↑↓'},
	{command: 'cursorUp', keys: ['up', 'k'], context: 'results', help: 'previous hit (or span)'},
	{command: 'open', keys: ['right', 'l'], context: 'results', help: 'into the hit\'s drilled spans (a hit without any: jump)', hint: 'spans'},
	{command: 'close', keys: ['left', 'h'], context: 'results', help: 'from the spans back to their hit'},
	{command: 'jump', keys: ['enter'], context: 'results', help: 'jump to the hit or span in the tree', hint: 'jump'},
	{command: 'closePanel', keys: ['escape'], context: 'results', help: 'close the results', hint: 'close'},

	{command: 'depthIndex', keys: ['1'], context: 'global', help: 'depth index (names only)'},
	{command: 'depthSummary', keys: ['2'], context: 'global', help: 'depth summary (with summaries)'},
	{command: 'depthFull', keys: ['3'], context: 'global', help: 'depth full (content and subtree)'},
	{command: 'depthCycle', keys: ['t'], context: 'global', help: 'cycle the depth', hint: 'depth', hintKeys: '1/2/3'},
	{command: 'unfold', keys: ['z'], context: 'global', help: 'long tool outputs at depth full: whole, or folded again (first 50 and last 20 lines)'},
	{command: 'switchPane', keys: ['tab'], context: 'global', help: 'switch between the tree, the detail and the results', hint: 'pane'},
	{command: 'query', keys: ['/'], context: 'global', help: 'search (the funnel)', hint: 'search'},
	{command: 'method', keys: ['m'], context: 'global', help: 'cycle the search method'},
	{command: 'togglePlan', keys: ['p'], context: 'global', help: 'show or hide the frame panel and its plan'},
	{command: 'openPager', keys: ['o'], context: 'global', help: 'the node\'s source in $PAGER (less -R)'},
	{command: 'openEditor', keys: ['e'], context: 'global', help: 'the node\'s source in $EDITOR (vi)'},
	{command: 'copyText', keys: ['Y'], context: 'global', help: 'copy the node\'s text (OSC 52)'},
	{command: 'resume', keys: ['r'], context: 'global', help: 'resume the session in its agent (claude --resume, codex resume, …), after asking'},
	{command: 'exportNode', keys: ['x'], context: 'global', help: 'export the node as Markdown to a new file in the current folder'},
	{command: 'forget', keys: ['D'], context: 'global', help: 'forget the item: out of the store and the index, and ingest leaves its file out (asks first)'},
	{command: 'usage', keys: ['$'], context: 'global', help: 'usage and cost: per day, by agent and project, the week\'s rhythm'},
	{command: 'help', keys: ['?'], context: 'global', help: 'this help (every key)', hint: 'help'},
	{command: 'quit', keys: ['q', 'ctrl-c'], context: 'global', help: 'quit', hint: 'quit'},

	{command: 'submit', keys: ['enter'], context: 'input', help: 'run / accept', hint: 'run'},
	{command: 'cancel', keys: ['escape'], context: 'input', help: 'cancel', hint: 'cancel'},
	{command: 'deleteBack', keys: ['backspace'], context: 'input', help: 'delete the character before the caret', group: 'delete before / under the caret'},
	{command: 'deleteForward', keys: ['delete'], context: 'input', help: 'delete the character under the caret', group: 'delete before / under the caret'},
	{command: 'deleteWord', keys: ['ctrl-w'], context: 'input', help: 'delete the word before the caret'},
	{command: 'clearLine', keys: ['ctrl-u'], context: 'input', help: 'clear the line', hint: 'clear'},
	{command: 'caretLeft', keys: ['left'], context: 'input', help: 'caret left', group: 'move the caret'},
	{command: 'caretRight', keys: ['right'], context: 'input', help: 'caret right', group: 'move the caret'},
	{command: 'caretHome', keys: ['home', 'ctrl-a'], context: 'input', help: 'caret to the start', group: 'move the caret'},
	{command: 'caretEnd', keys: ['end', 'ctrl-e'], context: 'input', help: 'caret to the end', group: 'move the caret'},
	{command: 'quit', keys: ['ctrl-c'], context: 'input', help: 'quit'},

	{command: 'nextField', keys: ['tab', 'down'], context: 'dialog', help: 'next field', hint: 'next', group: 'next / previous field'},
	{command: 'previousField', keys: ['shift-tab', 'up'], context: 'dialog', help: 'previous field', group: 'next / previous field'},
	{command: 'choiceNext', keys: ['right'], context: 'dialog', help: 'next choice (scope, sink)', group: 'next / previous choice (scope, sink)'},
	{command: 'choicePrevious', keys: ['left'], context: 'dialog', help: 'previous choice (scope, sink)', group: 'next / previous choice (scope, sink)'},

	{command: 'confirmYes', keys: ['y', 'enter'], context: 'confirm', help: 'yes: do it', hint: 'yes'},
	{command: 'confirmNo', keys: ['n', 'escape', 'q'], context: 'confirm', help: 'no: leave it (any other key too)', hint: 'no'},
	{command: 'quit', keys: ['ctrl-c'], context: 'confirm', help: 'quit'},


	{command: 'close', keys: ['left', 'h'], context: 'usage', help: 'the day before', hint: 'day', hintKeys: '←→', group: 'the day before / after'},
	{command: 'open', keys: ['right', 'l'], context: 'usage', help: 'the day after', group: 'the day before / after'},
	{command: 'top', keys: ['g', 'home'], context: 'usage', help: 'the first day', group: 'the first / last day'},
	{command: 'bottom', keys: ['G', 'end'], context: 'usage', help: 'the last day', group: 'the first / last day'},
	{command: 'cursorDown', keys: ['down', 'j'], context: 'usage', help: 'the next session of the day', hint: 'session', hintKeys: '↑↓', group: 'the next / previous session of the day'},
	{command: 'cursorUp', keys: ['up', 'k'], context: 'usage', help: 'the previous session', group: 'the next / previous session of the day'},
	{command: 'jump', keys: ['enter'], context: 'usage', help: 'open the session in the tree', hint: 'open'},
	{command: 'usageMetric', keys: ['c'], context: 'usage', help: 'chart cost or tokens', hint: 'cost/tokens'},
	{command: 'pageDown', keys: ['pagedown', 'ctrl-d', ' '], context: 'usage', help: 'scroll the screen down', group: 'scroll the screen down / up'},
	{command: 'pageUp', keys: ['pageup', 'ctrl-u'], context: 'usage', help: 'scroll the screen up', group: 'scroll the screen down / up'},
	{command: 'closePanel', keys: ['escape', '$', 'q'], context: 'usage', help: 'back to the tree', hint: 'close'},
	{command: 'quit', keys: ['ctrl-c'], context: 'usage', help: 'quit'},

	// The help scrolls as the detail pane does.
	{command: 'closePanel', keys: ['escape', '?', 'q'], context: 'help', help: 'close this help', hint: 'close'},
	{command: 'cursorDown', keys: ['down', 'j'], context: 'help', help: 'scroll down', hint: 'scroll', hintKeys: '↑↓', group: 'scroll down / up'},
	{command: 'cursorUp', keys: ['up', 'k'], context: 'help', help: 'scroll up', group: 'scroll down / up'},
	{command: 'pageDown', keys: ['pagedown', 'ctrl-d', ' '], context: 'help', help: 'page down', hint: 'page', hintKeys: 'Space'},
	{command: 'pageUp', keys: ['pageup', 'ctrl-u'], context: 'help', help: 'page up'},
	{command: 'top', keys: ['g', 'home'], context: 'help', help: 'top', group: 'top / bottom'},
	{command: 'bottom', keys: ['G', 'end'], context: 'help', help: 'bottom', group: 'top / bottom'},
	{command: 'quit', keys: ['ctrl-c'], context: 'help', help: 'quit'},
];

const index = new Map<string, Command>();
for (const binding of keyTable) {
	const id = `${binding.context}\u0000`;
	for (const key of binding.keys) if (!index.has(id + key)) index.set(id + key, binding.command);
}

/** The command a key runs in the given contexts, looked up in order (the first that binds it wins). */
export function commandFor(key: string, contexts: readonly KeyContext[]): Command | undefined {
	for (const context of contexts) {
		const command = index.get(`${context}\u0000${key}`);
		if (command) return command;
	}
	return undefined;
}

const contextTitles: Record<KeyContext, string> = {
	tree: 'Tree',
	detail: 'Detail pane (Tab to focus)',
	results: 'Search results',
	global: 'Everywhere',
	input: 'Typing (search, filter, dialogs)',
	dialog: 'Drill dialogs',
	confirm: 'Asked to confirm (r, D)',
	help: 'This help',
	usage: 'Usage screen ($)',
};

/** The help overlay's text: every context, every command, its keys. */
export function helpSections(): Array<{title: string; rows: Array<{keys: string; help: string}>}> {
	const order: KeyContext[] = ['tree', 'global', 'detail', 'results', 'input', 'dialog', 'confirm', 'usage', 'help'];
	return order.map((context) => {
		const rows: Array<{keys: string; help: string}> = [];
		const grouped = new Map<string, {keys: string; help: string}>();
		for (const binding of keyTable.filter((entry) => entry.context === context)) {
			const keys = binding.keys.map(keyLabel).join(' ');
			const group = binding.group ? grouped.get(binding.group) : undefined;
			if (group) group.keys += ` ${keys}`;
			else {
				const row = {keys, help: binding.group ?? binding.help};
				if (binding.group) grouped.set(binding.group, row);
				rows.push(row);
			}
		}
		return {title: contextTitles[context], rows};
	});
}

// The status line's order: help first, so it survives on a narrow terminal.
const hintOrder: Command[] = ['confirmYes', 'confirmNo', 'help', 'cursorDown', 'pageDown', 'open', 'jump', 'close', 'closePanel', 'depthCycle', 'find', 'query', 'filter', 'group', 'drillDown', 'drillUp', 'switchPane', 'submit', 'cancel', 'clearLine', 'nextField', 'quit', 'usageMetric'];

// What a short status line keeps longest: help, quit and the pane switch, then the keys of the moment.
const hintKeep: Command[] = ['confirmYes', 'confirmNo', 'help', 'quit', 'switchPane', 'submit', 'cancel', 'clearLine', 'cursorDown', 'pageDown', 'open', 'jump', 'nextField', 'closePanel', 'query', 'depthCycle', 'close', 'find', 'filter', 'group', 'drillDown', 'drillUp'];

export interface Hint {
	command: Command;
	keys: string;
	hint: string;
}

/**
 * The status line's hints for the active contexts: "? help  ↑↓ move  → open …". A hint whose key
 * a more specific context takes for something else is left out (with the detail pane focused, `/`
 * finds in the pane: the status line does not also offer it as the search).
 */
export function hintsFor(contexts: readonly KeyContext[]): Hint[] {
	const hints: Array<Hint & {rank: number}> = [];
	const seen = new Set<Command>();
	for (const context of contexts) {
		for (const binding of keyTable) {
			if (binding.context !== context || !binding.hint || seen.has(binding.command)) continue;
			if (!binding.keys.some((key) => commandFor(key, contexts) === binding.command)) continue;
			seen.add(binding.command);
			hints.push({command: binding.command, keys: binding.hintKeys ?? keyLabel(binding.keys[0]!), hint: binding.hint, rank: hintOrder.indexOf(binding.command)});
		}
	}
	return hints.sort((a, b) => a.rank - b.rank).map(({command, keys, hint}) => ({command, keys, hint}));
}

/** The hints that fit in `width` columns: the least needed go first, the rest keep their order. */
export function fitHints(hints: Hint[], width: number): Hint[] {
	const size = (list: Hint[]) => list.reduce((sum, hint, index) => sum + (index ? 2 : 0) + displayWidth(hint.keys) + 1 + displayWidth(hint.hint), 0);
	const kept = [...hints];
	while (kept.length > 0 && size(kept) > width) {
		const rank = (hint: Hint) => (hintKeep.includes(hint.command) ? hintKeep.indexOf(hint.command) : hintKeep.length);
		const least = kept.reduce((worst, hint) => (rank(hint) >= rank(worst) ? hint : worst));
		kept.splice(kept.indexOf(least), 1);
	}
	return kept;
}
