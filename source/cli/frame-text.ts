import {existsSync, statSync} from 'node:fs';
import {inertText} from '../core/inert-text.js';
import type {FrameSummary} from '../frames/frame-summary.js';
import type {PreventionAction} from '../frames/plan/plan.js';
import {readInput} from './read-input.js';

const clean = (text: string) => inertText(text, {singleLine: true});

export function frameLabel(frame: Pick<FrameSummary, 'id' | 'slug'>): string {
	return `${frame.id} ${clean(frame.slug)}`;
}

export function pathLine(path: readonly FrameSummary[]): string {
	return path.length ? path.map(frameLabel).join(' › ') : '(root level: no drill open)';
}

export function sinkCounts(actions: readonly PreventionAction[]): string {
	const counts = new Map<string, number>();
	for (const action of actions) counts.set(action.sink, (counts.get(action.sink) ?? 0) + 1);
	const list = [...counts].map(([sink, count]) => `${sink} ${count}`).join(', ');
	return `${actions.length} action${actions.length === 1 ? '' : 's'}${list ? ` (${list})` : ''}`;
}

export function actionText(action: PreventionAction & {from?: string | string[]}): string {
	const from = action.from === undefined ? '' : ` · from ${Array.isArray(action.from) ? action.from.join(', ') : action.from}`;
	return clean(`${action.sink} · ${action.scope} · ${action.owner} — ${action.action} (evidence: ${action.evidence})${from}`);
}

/** A flag that takes TEXT or a FILE: `-` reads standard input, an existing file is read, else the text itself. */
export async function textOrFile(value: string | undefined): Promise<string | undefined> {
	if (value === undefined) return undefined;
	if (value === '-') return readInput('-');
	if (value.length < 4096 && !value.includes('\n') && existsSync(value) && statSync(value).isFile()) return readInput(value);
	return value;
}

export function warn(stderr: NodeJS.WritableStream, warnings: readonly string[]): void {
	for (const warning of warnings) stderr.write(`drill: warning: ${clean(warning)}\n`);
}

export {clean};
