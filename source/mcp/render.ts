import {inertText} from '../core/inert-text.js';
import {sourceLine} from '../core/item-source.js';
import type {TreeView} from '../core/tree-view.js';
import type {FindResult} from '../search/types.js';

// The text half of each answer: what a model reads. One line per entry (stored text is folded
// onto one line and made inert), the figures an agent acts on (scores, counts, the next offset),
// and every notice or warning, so nothing that matters lives only in the structured half.

const line = (value: string) => inertText(value, {singleLine: true}).replace(/\s+/gu, ' ').trim();
const id = (value: string) => (value === '' ? "''" : line(value));

/** A view's structured half: the view without its content (the text carries that, once). */
export function viewStructure(view: TreeView): Omit<TreeView, 'content'> & {content_chars?: number} {
	const {content, ...rest} = view;
	return content === undefined ? rest : {...rest, content_chars: content.length};
}

export function renderView(view: TreeView): string {
	const lines = [`${view.domain} ${id(view.node_id)} — ${line(view.title)} [${view.kind}]${view.parent_id === null ? '' : ` · parent ${id(view.parent_id)}`}`];
	const provenance = sourceLine(view.source, {full: true});
	if (provenance || view.source?.uri) lines.push(`from: ${[provenance, view.source?.uri ? `${view.source.uri}${view.source.line ? `:${view.source.line}` : ''}` : ''].filter(Boolean).map(line).join(' · ')}`);
	if (view.summary) lines.push(line(view.summary));
	const shown = view.children.length;
	if (view.children_total === 0) lines.push('no children');
	else if (shown === 0) lines.push(`no children at offset ${view.offset}: there are ${view.children_total} (offset 0 to ${view.children_total - 1})`);
	else {
		lines.push(shown < view.children_total ? `children ${view.offset + 1}–${view.offset + shown} of ${view.children_total}:` : `children (${view.children_total}):`);
		for (const child of view.children) {
			const count = child.item_count ? ` (${child.item_count} items)` : child.child_count ? ` (${child.child_count})` : '';
			const brief = sourceLine(child.source);
			lines.push(`- ${id(child.node_id)}: ${line(child.name)}${count}${brief ? ` [${line(brief)}]` : ''}${child.summary ? ` — ${line(child.summary)}` : ''}`);
		}
		const next = view.offset + shown;
		if (next < view.children_total) lines.push(`${view.children_total - next} more: offset=${next}`);
	}
	if (view.content !== undefined) {
		const notes = [view.folded ? `${view.folded} long tool output${view.folded === 1 ? '' : 's'} folded: unfold=true shows them whole` : '', view.truncated ? 'truncated: raise max_chars for more' : ''].filter(Boolean);
		lines.push(`── content (${[`${view.content.length} characters`, ...notes].join(', ')}) ──`, inertText(view.content));
	}
	return lines.join('\n');
}

const score = (value: number) => value.toFixed(3);

export function renderFind(result: FindResult, topK: number): string {
	const first = result.stage1_hits[0]?.rank ?? 1;
	const range = result.stage1_hits.length ? ` (ranks ${first}–${first + result.stage1_hits.length - 1})` : '';
	const lines = [`${result.stage1_hits.length} hits for ${JSON.stringify(line(result.query))}${range} · ${result.method}${result.scope ? ` · scope ${result.scope}` : ''}${result.source ? ` · source ${result.source}` : ''}`];
	for (const notice of result.notices ?? []) lines.push(`note: ${line(notice)}`);
	const spans = new Map(result.drilled.map((item) => [item.drill_node_id, item.spans]));
	const shownItems = new Set<string>();
	for (const hit of result.stage1_hits) {
		lines.push(`${hit.rank}. [${score(hit.score)}] ${id(hit.drill_node_id)} — ${line(hit.title)}: ${line(hit.snippet)}`);
		const item = result.candidate_items.find((candidate) => candidate.item_id === hit.item_id && candidate.namespace === hit.namespace);
		if (!item || shownItems.has(item.drill_node_id)) continue;
		shownItems.add(item.drill_node_id);
		for (const span of spans.get(item.drill_node_id) ?? []) lines.push(`   ↳ [${score(span.score)}] ${id(span.drill_node_id)} span ${span.seq}: ${line(span.snippet)}`);
	}
	if (result.stage1_hits.length === topK) lines.push(`more: offset=${first - 1 + topK}`);
	return lines.join('\n');
}
