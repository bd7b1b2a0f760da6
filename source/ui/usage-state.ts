import type {UsageGroup} from '../core/usage-report.js';
import type {AppState} from './app-types.js';
import {emptyUsage, type UsageScreenData} from './usage-types.js';
import type {Command} from './key-table.js';
import {withEffect} from './state-updates.js';

export type UsageAction =
	| {type: 'usage/loaded'; sequence: number; data: UsageScreenData}
	| {type: 'usage/failed'; sequence: number; error: string}
	| {type: 'usage/day'; sequence: number; day: string; groups: UsageGroup[]};

/** Opens the screen on the latest day, and reads what it shows. */
export function openUsage(state: AppState): AppState {
	const sequence = state.usage.sequence + 1;
	return withEffect({...state, mode: 'usage', usage: {...emptyUsage, metric: state.usage.metric, sequence}}, {type: 'usageLoad', sequence});
}

export function usageReducer(state: AppState, action: UsageAction): AppState {
	if (action.sequence !== state.usage.sequence) return state;
	switch (action.type) {
		case 'usage/loaded': {
			const day = Math.max(0, latestWithUse(action.data.days));
			const next = {...state, usage: {...state.usage, status: 'ready' as const, data: action.data, day, sessions: undefined, session: 0}};
			return selectDay(next, day);
		}
		case 'usage/failed':
			return {...state, usage: {...state.usage, status: 'failed', error: action.error}};
		case 'usage/day':
			return {...state, usage: {...state.usage, sessions: {day: action.day, groups: action.groups}, session: 0}};
	}
}

/** The last day with any use (the screen opens on it), or the last day. */
function latestWithUse(days: UsageGroup[]): number {
	for (let index = days.length - 1; index >= 0; index--) if (days[index]!.total_tokens > 0 || (days[index]!.cost.usd ?? 0) > 0) return index;
	return days.length - 1;
}

function selectDay(state: AppState, day: number): AppState {
	const days = state.usage.data?.days ?? [];
	if (days.length === 0) return state;
	const index = Math.max(0, Math.min(days.length - 1, day));
	const key = days[index]!.key;
	const usage = {...state.usage, day: index, session: 0, sessions: state.usage.sessions?.day === key ? state.usage.sessions : undefined};
	return usage.sessions ? {...state, usage} : withEffect({...state, usage}, {type: 'usageDay', sequence: state.usage.sequence, day: key});
}

/** Keys on the usage screen: ←→ a day, ↑↓ a session of it, Enter opens it in the tree, c cost or tokens. */
export function usageKey(state: AppState, command: Command | undefined, view: {height: number; lines: number}): AppState {
	const usage = state.usage;
	const sessions = usage.sessions?.groups ?? [];
	switch (command) {
		case 'closePanel':
			return {...state, mode: 'browse'};
		case 'close':
			return selectDay(state, usage.day - 1);
		case 'open':
			return selectDay(state, usage.day + 1);
		case 'top':
			return selectDay(state, 0);
		case 'bottom':
			return selectDay(state, (usage.data?.days.length ?? 1) - 1);
		case 'cursorDown':
			return {...state, usage: {...usage, follow: true, session: Math.min(Math.max(0, sessions.length - 1), usage.session + 1)}};
		case 'cursorUp':
			return {...state, usage: {...usage, follow: true, session: Math.max(0, usage.session - 1)}};
		case 'pageDown':
			return {...state, usage: {...usage, follow: false, scroll: Math.min(Math.max(0, view.lines - view.height), usage.scroll + Math.max(1, view.height - 2))}};
		case 'pageUp':
			return {...state, usage: {...usage, follow: false, scroll: Math.max(0, Math.min(usage.scroll, view.lines - view.height) - Math.max(1, view.height - 2))}};
		case 'usageMetric':
			return {...state, usage: {...usage, metric: usage.metric === 'cost' ? 'tokens' : 'cost'}};
		case 'jump': {
			const chosen = sessions[usage.session];
			if (!chosen) return state;
			return withEffect({...state, mode: 'browse', focus: 'tree'}, {type: 'reveal', domain: 'summary', id: chosen.key, focusTree: true});
		}
		default:
			return state;
	}
}
