import {compactCount, costCell} from '../../core/usage-text.js';
import {formatUsd} from '../../core/usage.js';
import type {UsageGroup} from '../../core/usage-report.js';
import type {AppState} from '../app-types.js';
import {segment} from '../segments.js';
import {displayWidth, fit, oneLine} from '../text.js';
import type {Line, Theme} from '../theme.js';
import {barChart} from '../usage-chart.js';
import {append, largest} from '../../core/arrays.js';

/**
 * The usage screen (`$`): cost or tokens per day as a bar chart for the last days, the selected
 * day's sessions (Enter opens one in the tree), the agents and projects over the window, and a
 * heatmap of sessions at work per weekday and hour. Its lines scroll as one page.
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Heat in five steps, by the share of the busiest cell: shade, not colour, so it reads without colour. */
const shades = [' ', '░', '▒', '▓', '█'];
const chartHeight = 6;

const valueOf = (group: UsageGroup, metric: 'cost' | 'tokens') => (metric === 'cost' ? (group.cost.usd ?? 0) : group.total_tokens);
const shown = (value: number, metric: 'cost' | 'tokens') => (metric === 'cost' ? formatUsd(value) : compactCount(value));
const weekday = (day: string) => weekdays[new Date(`${day}T12:00:00Z`).getUTCDay()]!;

function heading(text: string, paint: Theme): Line {
	return [segment(text, paint('title'))];
}

function groupLine(group: UsageGroup, name: string, width: number, paint: Theme, selected = false): Line {
	const figures = `${costCell(group.cost).padStart(11)}  ${compactCount(group.total_tokens).padStart(6)} tok  ${String(group.sessions).padStart(4)} session${group.sessions === 1 ? ' ' : 's'}`;
	const room = Math.max(8, width - displayWidth(figures) - 4);
	const base = selected ? paint('selected') : undefined;
	return [segment(selected ? '› ' : '  ', paint('key')), segment(fit(oneLine(name), room).padEnd(room), base), segment(`  ${figures}`, selected ? base : paint('dim'))];
}

function chartLines(state: AppState, width: number, paint: Theme): Line[] {
	const {data, metric, day} = state.usage;
	if (!data) return [];
	const values = data.days.map((group) => valueOf(group, metric));
	const top = largest(values, 0);
	const labels = [shown(top, metric), shown(0, metric)];
	const gutter = largest(labels.map((label) => label.length)) + 1;
	const chart = barChart(values, width - gutter - 1, chartHeight);
	const lines: Line[] = chart.rows.map((row, index) => [segment((index === 0 ? labels[0]! : index === chart.rows.length - 1 ? labels[1]! : '').padStart(gutter - 1), paint('dim')), segment(' │', paint('border')), segment(row, paint('accent'))]);
	// The selected day is marked under its bar; the first and last days are named under the axis.
	const marker = `${' '.repeat(day * chart.step)}▲`;
	lines.push([segment(' '.repeat(gutter), undefined), segment('└', paint('border')), segment(marker, paint('key'))]);
	const first = data.days[0]!.key.slice(5);
	const last = data.days.at(-1)!.key.slice(5);
	const span = Math.max(displayWidth(first) + 1, data.days.length * chart.step - displayWidth(last));
	lines.push([segment(' '.repeat(gutter + 1)), segment(`${first.padEnd(span)}${last}`, paint('dim'))]);
	return lines;
}

function heatmap(activity: number[][], paint: Theme): Line[] {
	const busiest = largest(activity.flat(), 1);
	const lines: Line[] = [[segment('     0     6     12    18    ', paint('dim'))]];
	// Monday first: the working week, then the weekend.
	for (const index of [1, 2, 3, 4, 5, 6, 0]) {
		const cells = activity[index]!.map((count) => shades[count === 0 ? 0 : Math.min(4, 1 + Math.floor((count / busiest) * 3.999))]).join('');
		lines.push([segment(`${weekdays[index]}  `, paint('dim')), segment(cells, paint('accent'))]);
	}
	return lines;
}

/** Every line of the screen, before scrolling. */
export function usageLines(state: AppState, width: number, paint: Theme): Line[] {
	const {status, data, error, metric, sessions, session, day} = state.usage;
	if (status === 'loading') return [[segment('reading usage…', paint('dim'))]];
	if (status === 'failed' || !data) return [[segment(`usage could not be read: ${oneLine(error ?? 'unknown error')}`, paint('error'))]];
	const total = data.total;
	const span = `${data.days[0]?.key ?? ''} – ${data.days.at(-1)?.key ?? ''}`;
	const lines: Line[] = [[segment(`Usage ${span} · `, paint('title')), segment(`${costCell(total.cost)} · ${compactCount(total.total_tokens)} tok · ${total.sessions} session${total.sessions === 1 ? '' : 's'}`, paint('accent'))]];
	if (total.total_tokens === 0 && total.cost.usd === undefined) {
		lines.push([segment('no usage recorded in these days: drill ingest --agents reads the agents\' sessions, with their tokens', paint('dim'))]);
		return lines;
	}
	lines.push([segment(`${metric === 'cost' ? 'cost' : 'tokens'} per day, ${data.zone} (c: ${metric === 'cost' ? 'tokens' : 'cost'})`, paint('dim'))]);
	append(lines, chartLines(state, width, paint));
	const selected = data.days[day];
	if (selected) {
		lines.push([segment(`${weekday(selected.key)} ${selected.key}`, paint('key')), segment(` · ${costCell(selected.cost)} · ${compactCount(selected.total_tokens)} tok · ${selected.sessions} session${selected.sessions === 1 ? '' : 's'}`)]);
		const groups = sessions?.day === selected.key ? sessions.groups : undefined;
		if (!groups) lines.push([segment('  reading its sessions…', paint('dim'))]);
		else if (groups.length === 0) lines.push([segment('  no session that day', paint('dim'))]);
		else groups.forEach((group, index) => lines.push(groupLine(group, `${group.title ?? group.key}${group.agent ? ` · ${group.agent}` : ''}`, width, paint, index === session)));
	}
	lines.push([]);
	lines.push(heading('By agent', paint));
	for (const group of data.agents) lines.push(groupLine(group, group.key || '(unknown)', width, paint));
	lines.push(heading('By project', paint));
	for (const group of data.projects) lines.push(groupLine(group, group.key || '(none)', width, paint));
	if (total.cost.unpriced?.length) lines.push([segment(`* no price for ${oneLine(total.cost.unpriced.join(', '))}: tokens counted, cost not`, paint('dim'))]);
	lines.push([]);
	lines.push(heading(`Sessions at work by weekday and hour, ${data.zone}`, paint));
	append(lines, heatmap(data.activity, paint));
	return lines;
}

/** The lines in view: the selected session kept on screen, else where the reader scrolled. */
export function usagePane(state: AppState, width: number, height: number, paint: Theme): {lines: Line[]; scroll: number} {
	const lines = usageLines(state, width, paint);
	const max = Math.max(0, lines.length - height);
	let scroll = Math.min(state.usage.scroll, max);
	const selectedRow = lines.findIndex((line) => line[0]?.text === '› ');
	if (state.usage.follow && selectedRow >= 0 && (selectedRow < scroll || selectedRow >= scroll + height)) scroll = Math.min(max, Math.max(0, selectedRow - Math.floor(height / 2)));
	return {lines: lines.slice(scroll, scroll + height), scroll};
}
