import {shortTime} from '../core/item-source.js';
import type {TreeView} from '../core/tree-view.js';
import type {AppState, SessionFind} from './app-types.js';
import {layout} from './layout.js';
import {detailRows} from './panes/detail-pane.js';
import {scrollLimits} from './scroll.js';
import type {FindResult} from './services.js';
import {note, withEffect} from './state-updates.js';

/**
 * Find inside one session (the detail pane of a summary item or node, `/` then Enter): the funnel
 * searched inside that item (`find QUERY --in ID`) lists every message that matches, and the
 * detail pane shows them in the session's order, each between the messages before and after it,
 * with its place (`#n4 msg 12`) and time; `n`/`N` step from one to the next, Esc goes back to the
 * node. Typing in the box still finds in the pane as in less, before Enter asks the funnel.
 */

/** The kind of the detail pane's view while it shows a session's matches. */
export const sessionFindKind = 'find in session';
/** How a match's first line starts in that view (what n/N step between). */
const matchMark = '▶ ';

/** Where `drill ingest` keeps sessions. */
const sessionNamespace = 'conversation_session';

/**
 * Whether the detail pane shows a session or a node of one (its namespace is the sessions', or its
 * provenance counts turns): `/` then searches inside it. Elsewhere `/` finds in the pane's text.
 */
export function searchableItem(state: AppState): {id: string; title: string} | undefined {
	const view = state.detail.view;
	if (!view || view.domain !== 'summary' || view.kind === sessionFindKind || !/^[^#:]+:[^#]+(#n\d+)?$/u.test(view.node_id)) return undefined;
	if (!view.node_id.startsWith(`${sessionNamespace}:`) && view.source?.turns === undefined) return undefined;
	return {id: view.node_id, title: view.title};
}

/** Enter in the find box over a session: ask the funnel for the item's matching messages. */
export function startSessionFind(state: AppState, text: string): AppState {
	const item = searchableItem(state);
	if (!item || !text.trim()) return state;
	const sequence = (state.find.session?.sequence ?? 0) + 1;
	const session: SessionFind = {within: item.id, title: item.title, query: text, status: 'running', sequence, index: -1, key: state.detail.key};
	return withEffect({...state, find: {...state.find, session}}, {type: 'sessionFind', sequence, within: item.id, text});
}

const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The matching messages as a view of the detail pane: in the session's order, each with its neighbours. */
export function sessionView(session: SessionFind, result: FindResult, depth: TreeView['depth']): TreeView | undefined {
	const spans = [...(result.drilled[0]?.spans ?? [])].sort((a, b) => a.seq - b.seq);
	if (spans.length === 0) return undefined;
	const blocks = spans.map((span) => {
		const when = span.time ? ` · ${shortTime(span.time)}` : '';
		const lines = [`${matchMark}${span.citation ?? `span ${span.seq}`}${when}`];
		const before = span.context?.before;
		const after = span.context?.after;
		if (before && !spans.some((other) => other.seq === before.seq)) lines.push(`  ${before.seq} [${before.role}] ${clipped(before.text, 240)}`);
		lines.push(`› ${span.seq} ${span.snippet}`);
		if (after && !spans.some((other) => other.seq === after.seq)) lines.push(`  ${after.seq} [${after.role}] ${clipped(after.text, 240)}`);
		return lines.join('\n');
	});
	return {
		domain: 'summary',
		node_id: session.within,
		depth,
		title: `“${session.query}” in ${session.title}`,
		kind: sessionFindKind,
		parent_id: null,
		breadcrumbs: [],
		summary: `${spans.length} message${spans.length === 1 ? '' : 's'} match · n/N step through them · Esc back to the node`,
		children: [],
		children_total: 0,
		offset: 0,
		limit: 0,
		content: blocks.join('\n\n'),
	};
}

/** The funnel's answer to a session find: the pane shows the matches and goes to the first. */
export function sessionFound(state: AppState, sequence: number, result: FindResult): AppState {
	const session = state.find.session;
	if (!session || session.sequence !== sequence) return state;
	// The reader moved on to another node meanwhile: the answer is dropped.
	if (state.detail.key !== session.key) return {...state, find: {...state.find, session: undefined}};
	const view = sessionView(session, result, state.detail.view?.depth ?? state.depth);
	if (!view) return note({...state, find: {...state.find, session: undefined}}, `no message in this ${session.within.includes('#') ? 'part of the session' : 'session'} matches ${JSON.stringify(session.query)}`, 'error');
	const next: AppState = {...state, detail: {...state.detail, view, scroll: 0}, find: {...state.find, pattern: session.query, words: true, index: -1, session: {...session, status: 'done'}}};
	return stepSession(next, 1);
}

export function sessionFailed(state: AppState, sequence: number, error: string): AppState {
	if (state.find.session?.sequence !== sequence) return state;
	return note({...state, find: {...state.find, session: undefined}}, error, 'error');
}

/** Whether the detail pane shows a session's matches now. */
export function showingSession(state: AppState): boolean {
	return state.find.session?.status === 'done' && state.detail.view?.kind === sessionFindKind;
}

/** The lines of the matches' first lines in the pane as laid out now. */
function matchLines(state: AppState): number[] {
	const view = state.detail.view;
	if (!view) return [];
	const lines: number[] = [];
	detailRows(view, layout(state).detailWidth).forEach((line, index) => {
		if (line[0]?.text.startsWith(matchMark)) lines.push(index);
	});
	return lines;
}

/** n / N over a session's matches: the next or previous message, round the list. */
export function stepSession(state: AppState, step: 1 | -1): AppState {
	const session = state.find.session!;
	const lines = matchLines(state);
	if (lines.length === 0) return state;
	const index = session.index === -1 ? (step === 1 ? 0 : lines.length - 1) : (session.index + step + lines.length) % lines.length;
	const scroll = Math.max(0, Math.min(scrollLimits(state).detail, lines[index]! - 1));
	return {...state, detail: {...state.detail, scroll}, find: {...state.find, session: {...session, index}}};
}

/** `[3/12]` over a session's matches. */
export function sessionPosition(state: AppState): string {
	const total = matchLines(state).length;
	const index = state.find.session?.index ?? -1;
	return `[${index === -1 ? '–' : index + 1}/${total}]`;
}

/** Esc over a session's matches: back to the node's own view (walked again). */
export function leaveSession(state: AppState): AppState {
	return {...state, find: {...state.find, session: undefined, pattern: '', words: false, index: -1}, detail: {...state.detail, key: undefined, view: undefined, scroll: 0}};
}
