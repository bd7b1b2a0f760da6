import {z} from 'zod';
import {depths} from '../core/depth.js';

// The output schemas of the tools: the structured content each one returns (the CLI's --json).
// Every top-level field is typed; nested objects pin only the fields agents act on (ids, scores,
// status), and every object is loose, so a layer below can add a field (e.g. provenance) without
// breaking validation. They are kept small on purpose: tools/list is read into an agent's context.

const loose = z.looseObject;
const text = z.string();
const number = z.number();
const texts = z.array(text);

// Shapes that recur get an id: the JSON Schema holds them once, under definitions.
const child = loose({node_id: text, name: text}).meta({id: 'child'});
const frame = loose({id: text, slug: text, status: text}).meta({id: 'frame'});
const action = loose({action: text, sink: text}).meta({id: 'action'});

const treeViewFields = {
	domain: text,
	node_id: text,
	depth: z.enum(depths),
	title: text,
	kind: text,
	parent_id: text.nullable(),
	breadcrumbs: z.array(loose({node_id: text})),
	summary: text.optional(),
	children: z.array(child),
	children_total: number,
	offset: number,
	limit: number,
	/** At depth full the content travels once, in the text; this is its length. */
	content_chars: number.optional(),
	truncated: z.boolean().optional(),
	folded: number.optional(),
};
export const treeViewOutput = loose(treeViewFields);

export const domainsOutput = loose({domains: texts});

export const findOutput = loose({
	query: text,
	method: text,
	scope: text.nullable(),
	stage1_hits: z.array(loose({rank: number, score: number, drill_node_id: text})),
	candidate_items: z.array(loose({drill_node_id: text})),
	drilled: z.array(loose({drill_node_id: text, spans: z.array(loose({drill_node_id: text, seq: number, score: number}))})),
	timings_ms: z.record(text, number),
	source: text.optional(),
	notices: texts.optional(),
});

export const downOutput = loose({drill: frame, cursor: text, path: z.array(frame), context: z.array(loose({})), refs: texts, delegation: texts});

export const upOutput = loose({
	closed: frame,
	payload: text,
	prevention_plan: z.array(action),
	evidence: texts,
	issues: texts,
	parent: frame.nullable(),
	cursor: text.nullable(),
	path: z.array(frame),
	post_drill: loose({merged_prevention_plan: z.array(action), plan_missed: z.boolean()}).nullable(),
	warnings: texts,
});

function optional<T extends Record<string, z.ZodType>>(shape: T): {[K in keyof T]: z.ZodOptional<T[K]>} {
	return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.optional()])) as {[K in keyof T]: z.ZodOptional<T[K]>};
}

/** drill answers as drill down or as undrill, by direction: the fields of both, each optional. */
export const drillOutput = loose({...optional(downOutput.shape), ...optional(upOutput.shape)});

export const statusOutput = loose({
	root: text,
	cursor: text.nullable(),
	current: frame.nullable(),
	objective: text.nullable(),
	path: z.array(frame),
	open: z.array(frame),
	pending_plan: loose({source: text, actions: z.array(action)}),
	last_closed_root: frame.nullable(),
	counts: loose({drills: number, open: number, closed: number}),
	problems: texts,
	/** With repair=true: what was fixed, and what went wrong without stopping the repair. */
	repaired: texts.optional(),
	warnings: texts.optional(),
});

export const storeStatusOutput = loose({
	store: text,
	exists: z.boolean(),
	bytes: number,
	last_write: text.nullable(),
	namespaces: z.array(loose({namespace: text, items: number, nodes: number, spans: number})),
	totals: loose({items: number, nodes: number, spans: number}),
	search: loose({embedder: text.nullable(), stale: z.boolean()}),
	notices: texts,
});

export const readOutput = loose({
	domain: text,
	depth: z.enum(depths),
	max_bytes: number,
	bytes: number,
	nodes: z.array(loose({node_id: text, title: text})),
	errors: z.array(loose({node_id: text, code: text, message: text})),
	not_read: texts,
});

/** The same fields with a description each (the canonical tool's schema; its twin takes them bare). */
export function describeShape<T extends Record<string, z.ZodType>>(shape: T, descriptions: {[K in keyof T]: string}): T {
	return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.describe(descriptions[key as keyof T])])) as T;
}
