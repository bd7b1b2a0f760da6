import {formatUsd, type CostView} from './usage.js';
import type {UsageBlock, UsageReport, UsageTotals} from './usage-report.js';
import {append, largest} from './arrays.js';

/**
 * `drill usage` as text: one table per report, the totals last, numbers right-aligned and
 * compact (`1.2M`), costs labelled (`≈` for drill's estimate; none for a cost the agent recorded),
 * and the models without a price named under the table instead of being counted as $0.
 */

/** A count as a table cell: `9,876`, `12.3k`, `456k`, `7.8M`. */
export function compactCount(value: number): string {
	if (value < 10_000) return String(value).replace(/\B(?=(?:\d{3})+$)/gu, ',');
	if (value < 1e6) return `${(value / 1e3).toFixed(value < 1e5 ? 1 : 0)}k`;
	if (value < 1e9) return `${(value / 1e6).toFixed(value < 1e8 ? 1 : 0)}M`;
	return `${(value / 1e9).toFixed(1)}B`;
}

/** A cost as a table cell: `$4.12` recorded, `≈ $4.12` estimated, `—` nothing priced; `*` when a model in it has no price. */
export function costCell(cost: CostView): string {
	const amount = cost.usd === undefined ? '—' : cost.exact ? formatUsd(cost.usd) : `≈ ${formatUsd(cost.usd)}`;
	return cost.unpriced?.length ? `${amount}*` : amount;
}

const clip = (text: string, width: number) => (text.length <= width ? text : `${text.slice(0, Math.max(1, width - 1))}…`);
/** A path cut from its start, where a project's name is at its end. */
const clipStart = (text: string, width: number) => (text.length <= width ? text : `…${text.slice(text.length - width + 1)}`);

const heads: Record<UsageReport['by'], string> = {day: 'day', week: 'week of', month: 'month', session: 'session', project: 'project', agent: 'agent', model: 'model'};

function row(cells: string[], widths: number[], left: number): string {
	return cells.map((cell, index) => (index < left ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ').trimEnd();
}

const tokenCells = (totals: UsageTotals) => [compactCount(totals.input), compactCount(totals.output), compactCount(totals.cache_write), compactCount(totals.cache_read), compactCount(totals.total_tokens), costCell(totals.cost)];

/** The report as lines of text, at most about `width` columns (session titles are cut to fit). */
export function usageLines(report: UsageReport, width = 100): string[] {
	const span = report.since || report.until ? ` · ${report.since ?? '…'} – ${report.until ?? '…'}` : '';
	const lines = [`Usage by ${report.by} (${report.timezone})${span} · ${report.total.sessions} session${report.total.sessions === 1 ? '' : 's'}, ${report.total.messages} message${report.total.messages === 1 ? '' : 's'}`];
	if (report.groups.length === 0) return [...lines, 'no usage recorded in this span (sessions are counted once ingested: drill ingest --agents)'];
	const numbers = ['input', 'output', 'cache wr', 'cache rd', 'total', 'cost'];
	let left: string[][];
	let head: string[];
	if (report.by === 'session') {
		head = ['started', 'agent'];
		left = report.groups.map((group) => [(group.started_at ?? group.first ?? '').slice(0, 10), group.agent ?? '']);
	} else {
		head = [heads[report.by], 'sessions'];
		left = report.groups.map((group) => [report.by === 'project' ? clipStart(group.key || '(none)', 40) : group.key || '(none)', String(group.sessions)]);
	}
	const cells = report.groups.map((group, index) => [...left[index]!, ...tokenCells(group)]);
	const totalRow = ['total', report.by === 'session' ? '' : String(report.total.sessions), ...tokenCells(report.total)];
	const all = [[...head, ...numbers], ...cells, totalRow];
	const widths = all[0]!.map((_, column) => largest(all.map((line) => line[column]!.length)));
	const aligned = (line: string[]) => (report.by === 'session' ? row(line, widths, 2) : `${line[0]!.padEnd(widths[0]!)}  ${row(line.slice(1), widths.slice(1), 0)}`);
	lines.push(aligned(all[0]!));
	const periods = report.by === 'day' || report.by === 'week' || report.by === 'month';
	if (periods && report.more > 0) lines.push(`… ${report.more} earlier (--limit shows more; the total counts them)`);
	report.groups.forEach((group, index) => {
		const text = aligned(cells[index]!);
		if (report.by !== 'session') {
			lines.push(text);
			return;
		}
		// A session's title and id after its numbers, cut to the width left.
		const room = Math.max(20, width - text.length - 2);
		lines.push(`${text}  ${clip(group.title ?? '', Math.min(room, 60))}`);
		lines.push(`${' '.repeat(widths[0]! + 2)}${group.key}`);
	});
	if (!periods && report.more > 0) lines.push(`… and ${report.more} more (--limit shows more; the total counts them)`);
	lines.push(aligned(totalRow));
	append(lines, notes(report.total));
	return lines;
}

/** What a table's reader needs to know about its costs. */
function notes(total: UsageTotals): string[] {
	const lines: string[] = [];
	if (total.cost.unpriced?.length) lines.push(`* no price for ${total.cost.unpriced.join(', ')}: their tokens are counted, their cost is not`);
	if (total.cost.usd !== undefined && !total.cost.exact) lines.push('≈ estimated from the price table (@pydantic/genai-prices); costs the agent recorded are shown as they are');
	return lines;
}

const hm = (iso: string) => iso.slice(11, 16);
const duration = (ms: number) => `${Math.floor(ms / 3_600_000)}h${String(Math.round((ms % 3_600_000) / 60_000)).padStart(2, '0')}m`;

/** 5-hour blocks as lines: start, end (or how long a gap lasted), then the numbers. */
export function blockLines(blocks: UsageBlock[], agent: string): string[] {
	const lines = [`5-hour blocks of ${agent} (UTC) · ${blocks.filter((block) => !block.gap).length} block${blocks.length === 1 ? '' : 's'}`];
	if (blocks.length === 0) return [...lines, `no usage of ${agent} recorded in this span`];
	const head = ['block', 'ends', 'state', 'sessions', 'messages', 'input', 'output', 'cache wr', 'cache rd', 'total', 'cost'];
	const cells = blocks.map((block) => {
		const state = block.gap ? `gap ${duration(Date.parse(block.end) - Date.parse(block.start))}` : block.active ? 'active' : `${duration(Date.parse(block.last ?? block.start) - Date.parse(block.start))} used`;
		const start = `${block.start.slice(0, 10)} ${hm(block.start)}`;
		return block.gap ? [start, hm(block.end), state, '', '', '', '', '', '', '', ''] : [start, hm(block.end), state, String(block.sessions), String(block.messages), ...tokenCells(block)];
	});
	const all = [head, ...cells];
	const widths = head.map((_, column) => largest(all.map((line) => line[column]!.length)));
	for (const line of all) lines.push(row(line, widths, 3));
	const total = blocks.reduce((sum, block) => sum + (block.cost.usd ?? 0), 0);
	const unpriced = [...new Set(blocks.flatMap((block) => block.cost.unpriced ?? []))];
	append(lines, notes({sessions: 0, messages: 0, input: 0, output: 0, cache_write: 0, cache_read: 0, total_tokens: 0, models: [], cost: {usd: total, exact: blocks.every((block) => block.gap || block.cost.exact), ...(unpriced.length > 0 ? {unpriced} : {})}}));
	return lines;
}
