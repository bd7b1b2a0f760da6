import {DrillError} from '../core/errors.js';
import type {TreeView} from '../core/tree-view.js';
import {cleanSource} from './provenance.js';
import type {FindResult, FrameStatus} from './services.js';
import type {DrilledSpan, SpanContext} from '../search/types.js';
import {manyLines, oneLine} from './text.js';

// Everything the services hand the app is made inert here, once, as it arrives: the state only
// ever holds text that is safe to draw.

/** An error as one inert line: a DrillError's message and hint, else the message. */
export function errorText(error: unknown): string {
	if (error instanceof DrillError) return oneLine(error.line);
	return oneLine(error instanceof Error ? error.message : String(error));
}

/** A walked view with every piece of text in it made inert. */
export function cleanView(view: TreeView): TreeView {
	return {
		...view,
		node_id: oneLine(view.node_id),
		title: oneLine(view.title),
		kind: oneLine(view.kind),
		parent_id: view.parent_id === null ? null : oneLine(view.parent_id),
		breadcrumbs: view.breadcrumbs.map((crumb) => ({node_id: oneLine(crumb.node_id), title: oneLine(crumb.title)})),
		...(view.summary === undefined ? {} : {summary: manyLines(view.summary)}),
		children: view.children.map((child) => ({...child, node_id: oneLine(child.node_id), name: oneLine(child.name), ...(child.summary === undefined ? {} : {summary: oneLine(child.summary)}), ...(child.source ? {source: cleanSource(child.source)} : {})})),
		...(view.content === undefined ? {} : {content: manyLines(view.content)}),
		...(view.source ? {source: cleanSource(view.source)} : {}),
		...(view.facts ? {facts: {...view.facts, ...(view.facts.files ? {files: view.facts.files.map(oneLine)} : {}), ...(view.facts.parent_session ? {parent_session: oneLine(view.facts.parent_session)} : {})}} : {}),
	};
}

/** The funnel's answer with every piece of text made inert (it came from the store). */
export function cleanResult(result: FindResult): FindResult {
	return {
		...result,
		query: oneLine(result.query),
		...(result.notices ? {notices: result.notices.map(oneLine)} : {}),
		stage1_hits: result.stage1_hits.map((hit) => ({...hit, ...(hit.drill_id === undefined ? {} : {drill_id: oneLine(hit.drill_id)}), drill_node_id: oneLine(hit.drill_node_id), namespace: oneLine(hit.namespace), item_id: oneLine(hit.item_id), title: oneLine(hit.title), snippet: oneLine(hit.snippet)})),
		candidate_items: result.candidate_items.map((item) => ({...item, drill_node_id: oneLine(item.drill_node_id), namespace: oneLine(item.namespace), item_id: oneLine(item.item_id), title: oneLine(item.title), tldr: oneLine(item.tldr)})),
		drilled: result.drilled.map((drill) => ({drill_node_id: oneLine(drill.drill_node_id), spans: drill.spans.map((span) => ({...span, drill_node_id: oneLine(span.drill_node_id), snippet: oneLine(span.snippet), ...cleanSpanPlace(span)}))})),
	};
}

/** A drilled span's time, citation and neighbours, inert. */
function cleanSpanPlace(span: DrilledSpan): Partial<DrilledSpan> {
	const side = (context: SpanContext | undefined) => (context ? {...context, role: oneLine(context.role), text: oneLine(context.text), ...(context.time ? {time: oneLine(context.time)} : {})} : undefined);
	const before = side(span.context?.before);
	const after = side(span.context?.after);
	return {
		...(span.time ? {time: oneLine(span.time)} : {}),
		...(span.citation ? {citation: oneLine(span.citation)} : {}),
		...(span.context ? {context: {...(before ? {before} : {}), ...(after ? {after} : {})}} : {}),
	};
}

/** The frames' status (slugs, objectives, plans come from files) with every text made inert. */
export function cleanFrameStatus(status: FrameStatus): FrameStatus {
	const clean = (text: string | null) => (text === null ? null : oneLine(text));
	return {
		cursor: clean(status.cursor),
		objective: clean(status.objective),
		path: status.path.map((frame) => ({id: oneLine(frame.id), slug: oneLine(frame.slug), objective: oneLine(frame.objective), status: oneLine(frame.status)})),
		plan: status.plan.map((action) => ({action: oneLine(action.action), scope: oneLine(action.scope), sink: oneLine(action.sink), owner: oneLine(action.owner), evidence: oneLine(action.evidence)})),
	};
}
