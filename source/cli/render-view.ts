import {inertPath, inertText} from '../core/inert-text.js';
import {editedLine, sourceLine} from '../core/item-source.js';
import {shownSourceUri} from '../core/source-uri.js';
import type {TreeView} from '../core/tree-view.js';
import {append} from '../core/arrays.js';

export interface Paint {
	bold(text: string): string;
	dim(text: string): string;
	accent(text: string): string;
}

export function paint(color: boolean): Paint {
	const wrap = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
	return {bold: wrap(1, 22), dim: wrap(2, 22), accent: wrap(36, 39)};
}

function wrapLines(text: string, width: number, indent: string): string[] {
	const lines: string[] = [];
	for (const paragraph of text.split('\n')) {
		let line = '';
		for (const word of paragraph.split(/ +/u)) {
			if (line && line.length + 1 + word.length > width) {
				lines.push(indent + line);
				line = word;
			} else line = line ? `${line} ${word}` : word;
		}
		lines.push(indent + line);
	}
	return lines;
}

/** A TreeView as a readable listing; every piece of stored text is made inert first. */
export function renderView(view: TreeView, options: {color: boolean; width?: number; home?: string}): string {
	const p = paint(options.color);
	const width = Math.max(40, Math.min(options.width ?? 100, 160));
	const clean = (text: string) => inertText(text, {singleLine: true});
	const out: string[] = [];
	const trail = [...view.breadcrumbs.map((crumb) => clean(crumb.title)), clean(view.title)].join(' › ');
	out.push(p.dim(`${view.domain} · ${trail}`));
	out.push(`${p.bold(clean(view.title))}  ${p.dim(`[${view.kind}]`)}  ${p.accent(clean(view.node_id) || "''")}`);
	const provenance = clean(sourceLine(view.source, {home: options.home, full: true, ...(view.facts ? {facts: view.facts} : {})}));
	if (provenance) out.push(`  ${provenance}`);
	const edited = clean(editedLine(view.facts));
	if (edited) out.push(p.dim(`  ${edited}`));
	if (view.source?.uri) out.push(p.dim(`  from ${inertPath(shownSourceUri(view.source.uri))}${view.source.line ? `, line ${view.source.line}` : ''}${view.source.kind ? ` (${clean(view.source.kind)})` : ''}`));
	if (view.group && !view.summary) out.push(p.dim(`  ${view.group.item_count} item${view.group.item_count === 1 ? '' : 's'}${view.group.base ? ` below ${clean(view.group.base)}` : ''}`));
	if (view.summary) append(out, wrapLines(clean(view.summary), width - 2, '  '));
	if (view.children_total > 0) {
		const shown = view.children.length;
		const range =
			shown === 0
				? ` (none at --offset ${view.offset}: give an offset from 0 to ${view.children_total - 1})`
				: shown < view.children_total
					? ` (${view.offset + 1}–${view.offset + shown} of ${view.children_total}; --offset/--limit for more)`
					: '';
		out.push('', p.dim(`children: ${view.children_total}${range}`));
		for (const child of view.children) {
			const marker = child.has_children ? '▸' : '·';
			const count = child.item_count !== undefined ? p.dim(` (${child.item_count} item${child.item_count === 1 ? '' : 's'})`) : child.child_count ? p.dim(` (${child.child_count})`) : '';
			out.push(`  ${marker} ${clean(child.name)}${count}  ${p.accent(clean(child.node_id))}`);
			const brief = clean(sourceLine(child.source, {home: options.home}));
			if (brief) out.push(p.dim(`      ${brief}`));
			if (child.summary) append(out, wrapLines(clean(child.summary), width - 6, '      '));
		}
	} else out.push('', p.dim('no children'));
	if (view.content !== undefined) {
		out.push('', p.dim('── content ──'));
		out.push(inertText(view.content));
		if (view.folded) out.push(p.dim(`${view.folded} long tool output${view.folded === 1 ? '' : 's'} shown folded (--unfold shows ${view.folded === 1 ? 'it' : 'them'} whole)`));
		if (view.truncated) out.push(p.dim('… truncated (raise --max-chars to see more)'));
	}
	return `${out.join('\n')}\n`;
}
