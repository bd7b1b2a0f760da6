import type {AppState, FindState} from './app-types.js';
import type {Command} from './key-table.js';
import type {Key} from './keys.js';
import {layout} from './layout.js';
import {editInput, emptyInput, insertText, type LineInput} from './line-input.js';
import {detailRows} from './panes/detail-pane.js';
import {scrollLimits} from './scroll.js';
import {termRanges} from './segments.js';
import {note} from './state-updates.js';
import type {PaneMatch} from './pane-match.js';
import type {RoleLine} from './theme.js';
import {searchableItem, showingSession, startSessionFind, stepSession} from './session-find.js';

/**
 * Find in the detail pane, as in less: `/` (with the pane focused) types a pattern, the pane
 * scrolls to the first match as you type, Enter keeps it, `n`/`N` step through the matches and
 * every match is highlighted. After a jump from the search results the funnel's query words are
 * the pattern (`words`), so the pane shows why the hit was found. (Its state, FindState, is in
 * app-types.ts with the rest of the app's state.)
 */
export type {FindState};

export const emptyFind: FindState = {input: emptyInput, pattern: '', words: false, index: -1, origin: 0, previous: {pattern: '', words: false, index: -1}};

export type {PaneMatch};

function lineText(line: RoleLine): string {
	let text = '';
	for (const piece of line) text += piece.text;
	return text;
}

/** The ranges of `pattern` in a text: smart case (case matters only when the pattern has a capital). */
export function patternRanges(text: string, pattern: string, words: boolean): Array<[number, number]> {
	if (!pattern) return [];
	if (words) return termRanges(text, pattern);
	const sensitive = pattern !== pattern.toLowerCase();
	const haystack = sensitive ? text : text.toLowerCase();
	const needle = sensitive ? pattern : pattern.toLowerCase();
	if (haystack.length !== text.length) return [];
	const ranges: Array<[number, number]> = [];
	for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length - 1]);
	return ranges;
}

const cache = new WeakMap<RoleLine[], Map<string, PaneMatch[]>>();

/** Every match of the pattern in the laid-out lines, in reading order (memoised per lines and pattern). */
export function paneMatches(lines: RoleLine[], pattern: string, words: boolean): PaneMatch[] {
	if (!pattern) return [];
	const byPattern = cache.get(lines) ?? new Map<string, PaneMatch[]>();
	cache.set(lines, byPattern);
	const id = `${words ? 'w' : 'p'}${pattern}`;
	const cached = byPattern.get(id);
	if (cached) return cached;
	const matches: PaneMatch[] = [];
	lines.forEach((line, index) => {
		for (const [start, end] of patternRanges(lineText(line), pattern, words)) matches.push({line: index, start, end});
	});
	if (byPattern.size > 8) byPattern.clear();
	byPattern.set(id, matches);
	return matches;
}

/** The matches of the state's pattern in the detail pane as laid out now. */
export function findMatches(state: AppState): PaneMatch[] {
	const {view} = state.detail;
	if (!view || !state.find.pattern) return [];
	return paneMatches(detailRows(view, layout(state).detailWidth), state.find.pattern, state.find.words);
}

/** Scrolls the detail pane so that `line` shows, a few lines below the top (less puts it at the top). */
function scrollTo(state: AppState, line: number): AppState {
	const scroll = Math.max(0, Math.min(scrollLimits(state).detail, line - 2));
	return scroll === state.detail.scroll ? state : {...state, detail: {...state.detail, scroll}};
}

/** The first match on or below a line. */
function firstFrom(matches: PaneMatch[], line: number): number {
	const index = matches.findIndex((match) => match.line >= line);
	return index === -1 ? 0 : index;
}

/** Highlights `pattern` and goes to its first match at or below where the find started. */
function apply(state: AppState, input: LineInput): AppState {
	const next: AppState = {...state, find: {...state.find, input, pattern: input.value, words: false, index: -1}};
	const matches = findMatches(next);
	if (matches.length === 0) return {...next, detail: {...next.detail, scroll: state.find.origin}};
	const index = firstFrom(matches, state.find.origin);
	return scrollTo({...next, find: {...next.find, index}}, matches[index]!.line);
}

/** `/` with the detail pane focused: the find box opens empty (Enter on it finds the last pattern again, as in less). */
export function openFind(state: AppState): AppState {
	const {pattern, words, index} = state.find;
	return {...state, mode: 'find', find: {...state.find, input: emptyInput, origin: state.detail.scroll, previous: {pattern, words, index}}};
}

/** A key while the find box is open: edits find as you type, Enter keeps the pattern, Esc drops it. */
export function findKey(state: AppState, key: Key, command: Command | undefined): AppState {
	const {find} = state;
	if (command === 'submit') {
		const browsing: AppState = {...state, mode: 'browse', focus: 'detail'};
		if (!find.input.value) return find.previous.pattern ? stepFind({...browsing, find: {...find, ...find.previous}}, 1) : browsing;
		// Over a session (or any item), the funnel searches all of it: its matching messages, in context.
		if (searchableItem(state)) return startSessionFind(browsing, find.input.value);
		return findMatches(state).length === 0 ? note(browsing, `pattern not found: ${JSON.stringify(find.input.value)}`, 'error') : browsing;
	}
	if (command === 'cancel') return {...state, mode: 'browse', find: {...find, ...find.previous, input: emptyInput}, detail: {...state.detail, scroll: find.origin}};
	const input = !command && key.text !== undefined ? insertText(find.input, key.text) : command ? editInput(find.input, command) : find.input;
	return input === find.input ? state : apply(state, input);
}

/** n / N in the detail pane: the next or previous match, round the text. */
export function stepFind(state: AppState, step: 1 | -1): AppState {
	if (showingSession(state)) return stepSession(state, step);
	const matches = findMatches(state);
	if (matches.length === 0) return note(state, state.find.pattern ? `pattern not found: ${JSON.stringify(state.find.pattern)}` : 'no pattern (/ to find in this pane)');
	const {index} = state.find;
	// Before the first step (after a jump), n goes to the first match on screen or below it.
	const next = index === -1 ? (step === 1 ? firstFrom(matches, state.detail.scroll) : matches.length - 1) : (index + step + matches.length) % matches.length;
	return scrollTo({...state, find: {...state.find, index: next}}, matches[next]!.line);
}

/** After a jump from the search results: the funnel's words are highlighted in the detail pane of the node jumped to. */
export function findWords(state: AppState, query: string | undefined, key: string): AppState {
	return query ? {...state, find: {...emptyFind, pattern: query, words: true, key}} : state;
}

/** The find as the detail pane moves to another node: a jump's words stay with their node, a typed pattern goes on. */
export function findFor(find: FindState, key: string): FindState {
	if (find.words && find.key !== undefined && find.key !== key) return {...emptyFind, previous: find.previous};
	return {...find, index: -1};
}

/** `[3/12]`, `[–/12]` before the first step, or `[0/0]`. */
export function findPosition(state: AppState): string {
	const total = findMatches(state).length;
	const at = state.find.index === -1 || total === 0 ? (total === 0 ? '0' : '–') : String(state.find.index + 1);
	return `[${at}/${total}]`;
}
