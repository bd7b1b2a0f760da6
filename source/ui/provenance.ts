import {append} from '../core/arrays.js';
import {compactTokens, editedLine, factsLine, sessionFacts, sourceLine, type ItemSource, type ItemSourceBrief, type SessionFactsView} from '../core/item-source.js';
import {costLabel} from '../core/usage.js';
import {shownSourceUri} from '../core/source-uri.js';
import {oneLine} from './text.js';
import {inertPath} from '../core/inert-text.js';
import {projectName} from '../core/shown-path.js';

/**
 * Where an item came from, as the app shows it: a compact note after a tree row (agent, project,
 * start day: as many as fit), and labelled lines in the detail pane. Every text is made inert.
 */

/** The inert copy of a provenance: every string one line, without control or escape sequences. */
export function cleanSource<Source extends ItemSource>(source: Source | undefined): Source | undefined {
	if (!source) return undefined;
	const clean: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(source)) clean[key] = typeof value === 'string' ? oneLine(value) : value;
	return clean as Source;
}

/** The parts of a tree row's note, most telling first: agent, project, start day, then tokens and cost. */
export function rowNoteParts(source: ItemSourceBrief | undefined): string[] {
	if (!source) return [];
	const parts: string[] = [];
	if (source.agent) parts.push(source.agent);
	if (source.project) parts.push(projectName(source.project));
	if (source.started_at) parts.push(source.started_at.slice(0, 10));
	append(parts, rowFigures(source));
	return parts;
}

/** What a row says a session used: `990k tok`, `≈ $4.12` (the "no price" of a model is for the detail pane). */
export function rowFigures(source: ItemSourceBrief | undefined): string[] {
	const figures: string[] = [];
	if (source?.tokens_total) figures.push(compactTokens(source.tokens_total));
	const cost = source?.cost;
	// A cost with a part the price table has no price for is at least that much: `≈ $4.12+`.
	const label = cost?.usd === undefined ? (cost?.unpriced ? 'no price' : '') : `${costLabel({...cost, unpriced: []})}${cost.unpriced?.length ? '+' : ''}`;
	if (label) figures.push(label);
	return figures;
}

/** The note that fits in `width` columns: whole parts from the first, none when not even the first fits. */
export function rowNote(parts: readonly string[], width: number, measure: (text: string) => number): string {
	let note = '';
	for (const part of parts) {
		const next = note ? `${note} · ${part}` : part;
		if (measure(next) > width) break;
		note = next;
	}
	return note;
}

function home(): string {
	return (process.env.HOME ?? '').replace(/[/\\]+$/u, '');
}

/**
 * The detail pane's provenance of a session: one line of who, where, when, what model and how
 * much (`claude-code · ~/src/api · 2026-11-28 14:02–14:40 UTC · 12 turns, 30 tools · model`),
 * then the file and line it starts at. Nothing for an item that is not a session (no agent,
 * project or start time): a document's place shows in its folder grouping.
 */
export function sourceRows(source: ItemSource | undefined, facts?: SessionFactsView): string[] {
	if (!source || !(source.agent || source.project || source.started_at)) return [];
	const rows = [sourceLine(source, {home: home(), full: true, facts: false})];
	// What it cost and changed: `12k tok (1.2k out) · 3 files edited · 1 commit · 2 subagents · 14 min`, then the files.
	const cost = factsLine(facts ?? sessionFacts(source));
	if (cost) rows.push(cost);
	const edited = editedLine(facts?.files ? {...facts, files: facts.files.map((file) => inertPath(file))} : facts);
	if (edited) rows.push(edited);
	if (source.uri) {
		const base = home();
		const shown = shownSourceUri(source.uri);
		const file = base && shown.startsWith(`${base}/`) ? `~${shown.slice(base.length)}` : shown;
		rows.push(`from ${inertPath(file)}${source.line ? `:${source.line}` : ''}`);
	}
	return rows;
}
