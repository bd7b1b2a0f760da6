import {inertText} from '../core/inert-text.js';
import {editedLine, sourceLine} from '../core/item-source.js';
import {shownSourceUri} from '../core/source-uri.js';
import type {TreeView} from '../core/tree-view.js';

// The text half of each answer: what a model reads. One line per entry (stored text is folded
// onto one line and made inert), the figures an agent acts on (scores, counts, the next offset),
// and every notice or warning, so nothing that matters lives only in the structured half.

const line = (value: string) => inertText(value, {singleLine: true}).replace(/\s+/gu, ' ').trim();
const id = (value: string) => (value === '' ? "''" : line(value));

/** Where a page of a view's content starts, and how a reader asks for the next one. */
export interface ContentPage {
	/** The first character of the content shown (0 unless content_offset was given). */
	from: number;
	/** The next page's start, when the content goes on. */
	next?: number;
	/** How to ask for the next page, e.g. `content_offset=3000` or a resource URI. */
	more?: (next: number) => string;
}

/** A view's structured half: the view without its content (the text carries that, once). */
export function viewStructure(view: TreeView, page?: ContentPage): Omit<TreeView, 'content'> & {content_chars?: number; content_offset?: number; next_content_offset?: number} {
	const {content, ...rest} = view;
	if (content === undefined) return rest;
	return {...rest, content_chars: content.length, ...(page && page.from > 0 ? {content_offset: page.from} : {}), ...(page?.next === undefined ? {} : {next_content_offset: page.next})};
}

const countLabel = (count: number) => ` (${count} item${count === 1 ? '' : 's'})`;

/**
 * A view as text. `countChildren`: the children as a count only, for a full read whose content
 * already holds their text (read_nodes).
 */
export function renderView(view: TreeView, page: ContentPage = {from: 0}, options: {countChildren?: boolean} = {}): string {
	const lines = [`${view.domain} ${id(view.node_id)} — ${line(view.title)} [${view.kind}]${view.parent_id === null ? '' : ` · parent ${id(view.parent_id)}`}`];
	const provenance = sourceLine(view.source, {full: true, ...(view.facts ? {facts: view.facts} : {})});
	if (provenance || view.source?.uri) lines.push(`from: ${[provenance, view.source?.uri ? `${shownSourceUri(view.source.uri)}${view.source.line ? `:${view.source.line}` : ''}` : ''].filter(Boolean).map(line).join(' · ')}`);
	const edited = editedLine(view.facts);
	if (edited) lines.push(line(edited));
	if (view.summary) lines.push(line(view.summary));
	const shown = view.children.length;
	if (view.children_total === 0) lines.push('no children');
	else if (page.from > 0) lines.push(`${view.children_total} ${view.children_total === 1 ? 'child' : 'children'}, listed with the first part`);
	else if (options.countChildren) lines.push(`${view.children_total} ${view.children_total === 1 ? 'child' : 'children'}, in the content below`);
	else if (shown === 0) lines.push(`no children at offset ${view.offset}: there are ${view.children_total} (offset 0 to ${view.children_total - 1})`);
	else {
		lines.push(shown < view.children_total ? `children ${view.offset + 1}–${view.offset + shown} of ${view.children_total}:` : `children (${view.children_total}):`);
		for (const child of view.children) {
			const count = child.item_count ? countLabel(child.item_count) : child.child_count ? ` (${child.child_count})` : '';
			const brief = sourceLine(child.source);
			lines.push(`- ${id(child.node_id)}: ${line(child.name)}${count}${brief ? ` [${line(brief)}]` : ''}${child.summary ? ` — ${line(child.summary)}` : ''}`);
		}
		const next = view.offset + shown;
		if (next < view.children_total) lines.push(`${view.children_total - next} more: offset=${next}`);
	}
	if (view.content !== undefined) {
		const more = page.more ?? ((next: number) => `content_offset=${next}`);
		const range = page.from > 0 ? `characters ${page.from}–${page.from + view.content.length} of the content` : `${view.content.length} characters`;
		const notes = [
			view.folded ? `${view.folded} long tool output${view.folded === 1 ? '' : 's'} folded: unfold=true shows them whole` : '',
			page.next !== undefined ? `more: ${more(page.next)}` : view.truncated ? 'cut: raise max_chars for more' : page.from > 0 ? 'the end' : '',
		].filter(Boolean);
		lines.push(`── content (${[range, ...notes].join(', ')}) ──`, inertText(view.content));
	}
	return lines.join('\n');
}
