/** The rows the summary store reads, and how an item row reads back as the interchange's provenance. */
import type {ItemSource} from './interchange.js';

export interface NamespaceRow {
	name: string;
	item_count: number;
}

export interface ItemRow {
	id: number;
	namespace: string;
	item_id: string;
	title: string;
	tldr: string;
	generated_at: string;
	source_uri: string | null;
	source_kind: string | null;
	content_hash: string | null;
	node_count: number;
	span_count: number;
	/** Children of the item root: its level-1 topics. */
	topic_count: number;
	/** Provenance (the interchange's `source`; see itemSource). */
	agent: string | null;
	project: string | null;
	started_at: string | null;
	ended_at: string | null;
	model: string | null;
	turns: number | null;
	tool_calls: number | null;
	source_line: number | null;
	/** The folder of source_uri ("/docs/guides/"), for --group-by folder. */
	source_folder: string | null;
	session_id: string | null;
	redactions: number | null;
	/** The provenance fields without a column (extraSource), as JSON. */
	source_extra: string | null;
	/** Tokens in all (input, output, cache reads and writes). */
	tokens: number | null;
	/** What the session cost, USD (store/usage-rows.ts): recorded by its agent when cost_exact is 1, else drill's estimate. */
	cost_usd: number | null;
	cost_exact: number | null;
	/** The models it used that have no price, one a line. */
	cost_unpriced: string | null;
	/** The machine and user a pulled item came from (drill pull); null for this machine's own. */
	origin_machine: string | null;
	origin_user: string | null;
}

/** What a listing of items reads (fewer columns than ItemRow: each one costs per row read). */
export type ItemListRow = Pick<ItemRow, 'namespace' | 'item_id' | 'title' | 'tldr' | 'generated_at' | 'topic_count' | 'agent' | 'project' | 'started_at' | 'turns' | 'tool_calls' | 'source_folder' | 'tokens' | 'cost_usd' | 'cost_exact' | 'cost_unpriced'>;

/** An item row's provenance in the interchange shape: only the fields it has. */
export function itemSource(row: ItemRow): ItemSource {
	const source: ItemSource = {};
	if (row.source_uri) source.uri = row.source_uri;
	if (row.source_kind) source.kind = row.source_kind;
	if (row.agent) source.agent = row.agent;
	if (row.project) source.project = row.project;
	if (row.started_at) source.started_at = row.started_at;
	if (row.ended_at) source.ended_at = row.ended_at;
	if (row.model) source.model = row.model;
	if (row.turns !== null) source.turns = row.turns;
	if (row.tool_calls !== null) source.tool_calls = row.tool_calls;
	if (row.source_line !== null) source.line = row.source_line;
	if (row.session_id) source.session_id = row.session_id;
	if (row.redactions) source.redactions = row.redactions;
	if (row.source_extra) Object.assign(source, readExtra(row.source_extra));
	if (row.origin_machine) source.machine = row.origin_machine;
	if (row.origin_user) source.user = row.origin_user;
	return source;
}

function readExtra(json: string): Partial<ItemSource> {
	try {
		const value = JSON.parse(json) as unknown;
		return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<ItemSource>) : {};
	} catch {
		return {};
	}
}

export interface NodeRow {
	id: number;
	item: number;
	ordinal: number;
	parent: number | null;
	level: number;
	title: string;
	summary: string;
	/** One keyword per line. */
	keywords: string;
	child_count: number;
}

export interface SpanRow {
	id: number;
	item: number;
	seq: number;
	node: number;
	role: string;
	text: string;
	/** ISO 8601: when the message was written (null when the source did not say, or the store predates span times). */
	time: string | null;
}

export const itemColumns = `i.id, i.namespace, i.item_id, i.title, i.tldr, i.generated_at, i.source_uri, i.source_kind, i.content_hash,
	i.node_count, i.span_count, coalesce(r.child_count, 0) AS topic_count,
	i.agent, i.project, i.started_at, i.ended_at, i.model, i.turns, i.tool_calls, i.source_line, i.source_folder, i.session_id, i.redactions, i.source_extra, i.tokens,
	i.cost_usd, i.cost_exact, i.cost_unpriced, i.origin_machine, i.origin_user`;
export const listColumns = `i.namespace, i.item_id, i.title, i.tldr, i.generated_at, coalesce(r.child_count, 0) AS topic_count,
	i.agent, i.project, i.started_at, i.turns, i.tool_calls, i.source_folder, i.tokens, i.cost_usd, i.cost_exact, i.cost_unpriced`;
export const itemFrom = 'items i LEFT JOIN nodes r ON r.item = i.id AND r.ordinal = 0';
