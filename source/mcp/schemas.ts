import {z} from 'zod';

// The output schemas of the tools: the structured content each answer carries, checked against
// them on every call. They pin only what an agent acts on (ids, ranks, the cursor, counts) and
// every object is loose, so a field added below (e.g. to an item's source) never breaks a client's
// validation. They are small on purpose: tools/list is read into an agent's context.

const loose = z.looseObject;
const text = z.string();
const number = z.number();
const texts = z.array(text);
/** A list of objects (children, items, hits, frames): what each holds is the tool's text to tell (the tests check the fields). */
const list = z.array(loose({}));

export const treeViewOutput = loose({node_id: text, children: list, children_total: number});

export const domainsOutput = loose({domains: texts});

export const findOutput = loose({query: text, items: list});

/** summary_search: the seed's funnel shape. */
export const summarySearchOutput = loose({query: text, stage1_hits: list, candidate_items: list});

export const readOutput = loose({nodes: list, not_read: texts});

export const storeStatusOutput = loose({exists: z.boolean(), totals: loose({items: number})});

/** usage: groups (or 5-hour blocks), how many more the limit left out. */
export const usageOutput = loose({more: number});

/** drill and undrill: a frame opened (`drill`) or closed (`closed`), and where the cursor is now. */
export const drillOutput = loose({cursor: text.nullable()});

export const statusOutput = loose({cursor: text.nullable(), path: list});

export const retrospectOutput = loose({root: text, applied: z.boolean()});

/** What every read-only tool is: it changes nothing and reaches nothing outside this machine's store and folders. */
export const readOnly = {readOnlyHint: true, openWorldHint: false} as const;

/** What drill, undrill and retrospect are: they write frames and files, never delete, and a repeat is a new act. */
export const writes = {destructiveHint: false, openWorldHint: false} as const;

/** The same fields with a description each (the canonical tool's schema; its twin takes them bare). */
export function describeShape<T extends Record<string, z.ZodType>>(shape: T, descriptions: {[K in keyof T]: string}): T {
	return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.describe(descriptions[key as keyof T])])) as T;
}
