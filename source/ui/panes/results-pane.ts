import type {AppState} from '../app-types.js';
import {fitLine, highlighted, segment, termRanges} from '../segments.js';
import {oneLine} from '../text.js';
import type {Line, Theme} from '../theme.js';

export const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** The bar over the results: the query (with a caret while typing), method, scope, hits, time. */
export function queryBar(state: AppState, paint: Theme): {left: Line; right: Line} {
	const {query, mode} = state;
	const left: Line = [segment('/ ', paint('key'))];
	if (mode === 'query') {
		const {value, caret} = query.input;
		const at = value.slice(caret, caret + 1) || ' ';
		left.push(segment(value.slice(0, caret)), segment(at, paint('caret')), segment(value.slice(caret + at.length)));
	} else left.push(segment(query.submitted ?? query.input.value, state.focus === 'results' ? paint('focusTitle') : undefined));
	const facts = [query.method, `scope: ${query.scope === undefined ? 'all' : oneLine(query.scope)}`];
	// Reopened on the last query, as typed: say how to start afresh.
	if (mode === 'query' && query.input.value !== '' && query.input.value === query.reopened) facts.unshift('ctrl-u clears');
	if (query.status === 'running') facts.push(`${spinnerFrames[state.spinner % spinnerFrames.length]} searching`);
	if (query.status === 'done' && query.result) {
		facts.push(`${query.result.stage1_hits.length} hit${query.result.stage1_hits.length === 1 ? '' : 's'}`);
		const total = query.result.timings_ms.total;
		if (total !== undefined && state.showTimings) facts.push(`${total} ms`);
	}
	if (query.status === 'failed') facts.push('failed');
	const notice = query.status === 'done' ? query.result?.notices?.[0] : undefined;
	if (notice) facts.push(notice);
	return {left, right: [segment(facts.join(' · '), paint('dim'))]};
}

/** The first row the results list shows in `height` lines: a window around the selected row. */
export function resultsTop(state: AppState, height: number): number {
	return Math.max(0, Math.min(state.query.selected - Math.floor(height / 2), state.query.rows.length - height));
}

/** The results list, windowed around the selected row. */
export function resultsPane(state: AppState, height: number, width: number, paint: Theme): Line[] {
	const {query, focus} = state;
	if (query.status === 'failed') return [[segment(query.error ?? 'the search failed', paint('error'))]];
	if (query.status === 'running' && query.rows.length === 0) return [[segment(`${spinnerFrames[state.spinner % spinnerFrames.length]} searching…`, paint('dim'))]];
	if (query.status === 'done' && query.rows.length === 0) {
		// While typing, m and s are letters of the query: the keys work once the box is left.
		const keys = state.mode === 'query' ? 'Enter, then m changes the method and s the scope' : 'm changes the method, s the scope';
		return [[segment(`no hits for ${JSON.stringify(query.submitted ?? '')} (${keys})`, paint('dim'))]];
	}
	const first = resultsTop(state, height);
	const lines: Line[] = [];
	for (let index = first; index < Math.min(query.rows.length, first + height); index++) {
		const row = query.rows[index]!;
		const selected = index === query.selected && focus === 'results';
		const base = selected ? paint('selected') : undefined;
		const snippet = highlighted(row.snippet, termRanges(row.snippet, query.submitted ?? ''), selected ? base : paint('dim'), paint('match'));
		let line: Line;
		if (row.kind === 'hit') {
			line = [segment(`${row.title}  `, selected ? base : paint('title')), segment(row.target, selected ? base : paint('accent')), segment('  ', base), ...snippet, segment(`  ${row.note}`, selected ? base : paint('count'))];
		} else {
			line = [segment(`    ↳ ${row.note} ${row.title}  `, selected ? base : paint('dim')), ...snippet];
		}
		lines.push(selected ? fitLine(line, width, base) : line);
	}
	return lines;
}
