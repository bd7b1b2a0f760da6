import {DrillError, quotedShort} from '../../core/errors.js';
import {give, hint, run} from '../../core/hint.js';
import {homeRelative, projectName} from '../../core/shown-path.js';
import {formatGroupId} from '../../core/summary-groups.js';
import {listOf} from '../../store/namespace-list.js';
import type {SummaryStore} from '../../store/summary-store.js';

/**
 * `--agent` and `--project` as a person types them, matched to the values the store holds: a
 * project by its whole path, its `~/…` form or the name the list shows (the path's last part,
 * `ai test web site`), an agent by its name or the start of it (`claude` → claude-code and
 * claude-agent, `gemini` → gemini-cli), without regard to case, and with spaces, `-` and `_`
 * alike. A name that is exactly a stored value means that value alone; failing every form, a
 * part of the path or name is tried. Nothing matching is refused with the values there are.
 */
export interface NamedValues {
	values: string[];
	/** What the name was taken to mean, when it was not a stored value as given. */
	notice?: string;
}

type Key = 'agent' | 'project';

interface Stored {
	value: string;
	items: number;
}

/** Lower case, with every run of spaces, `-`, `_` and `.` one space: `Claude_Code` = `claude code`. */
const fold = (text: string) => text.toLowerCase().replace(/[\s\-_.]+/gu, ' ').trim();
/** A path with either separator, lower case, no separator at the end. */
const pathFold = (text: string) => text.toLowerCase().replaceAll('\\', '/').replace(/\/+$/u, '');

/** The stored values of a key across the namespaces (or the one in scope), most items first. */
function storedValues(store: SummaryStore, key: Key, namespace: string | undefined): Stored[] {
	return store.all<Stored>(
		`SELECT value, sum(item_count) AS items FROM item_groups WHERE key = ? AND value != ''${namespace === undefined ? '' : ' AND namespace = ?'} GROUP BY value ORDER BY items DESC, value`,
		key,
		...(namespace === undefined ? [] : [namespace]),
	);
}

function home(): string | undefined {
	return process.env.HOME || process.env.USERPROFILE || undefined;
}

/** The forms of a stored value a person may type, best first: each is compared folded. */
function projectMatches(given: string, value: string): boolean {
	const name = fold(given);
	const path = pathFold(given);
	if (name === '' && path === '') return false;
	const stored = pathFold(value);
	if (stored === path || pathFold(homeRelative(value, home())) === path) return true;
	if (fold(projectName(value)) === name) return true;
	// A tail of the path: `src/api` for /home/ana/src/api.
	return path.includes('/') && stored.endsWith(`/${path.replace(/^\/+/u, '')}`);
}

function agentMatches(given: string, value: string): boolean {
	const name = fold(given);
	const stored = fold(value);
	return name !== '' && (stored === name || stored.startsWith(`${name} `));
}

/** The most telling way to list a key's values: its grouped view in the namespace holding most of them. */
function listingNamespace(store: SummaryStore, key: Key, scope: string | undefined): string {
	if (scope !== undefined) return scope;
	const row = store.one<{namespace: string}>(`SELECT namespace FROM item_groups WHERE key = ? AND value != '' GROUP BY namespace ORDER BY sum(item_count) DESC LIMIT 1`, key);
	return row?.namespace ?? 'conversation_session';
}

function shown(key: Key, value: string): string {
	return key === 'project' ? homeRelative(value, home()) : value;
}

/** The stored agents or projects a given name stands for; refused, with the ones there are, when none. */
export function namedValues(store: SummaryStore, key: Key, given: string, scope: string | undefined): NamedValues {
	const stored = storedValues(store, key, scope);
	if (stored.some((row) => row.value === given)) return {values: [given]};
	const matches = key === 'project' ? projectMatches : agentMatches;
	let found = stored.filter((row) => matches(given, row.value));
	// Failing every whole form, a part: `web site` for /home/u/src/ai test web site.
	if (found.length === 0 && fold(given) !== '') {
		const part = key === 'project' ? pathFold(given) : fold(given);
		found = stored.filter((row) => (key === 'project' ? pathFold(row.value) : fold(row.value)).includes(part));
	}
	if (found.length > 0) {
		const values = found.map((row) => row.value);
		return {values, notice: `${key} ${quotedShort(given)} is ${listOf(values.map((value) => shown(key, value)), values.length)}`};
	}
	const where = scope === undefined ? 'in the store' : `in namespace ${scope}`;
	if (stored.length === 0) {
		throw new DrillError('not_found', `no ${key} ${quotedShort(given)} ${where}: no item there records its ${key}`, hint`leave out ${give('find', key)}; sessions ingested from agents' logs carry their agent and project`);
	}
	const names = stored.slice(0, 10).map((row) => `${shown(key, row.value)} (${row.items})`);
	const namespace = listingNamespace(store, key, scope);
	throw new DrillError('not_found', `no ${key} ${quotedShort(given)} ${where}`, hint`${key}s: ${listOf(names, stored.length)}; list them with: ${run('walk', {domain: 'summary', node_id: formatGroupId(namespace, key)})}`);
}
