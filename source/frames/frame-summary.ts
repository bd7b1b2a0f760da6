import path from 'node:path';
import type {DrillMeta, DrillStatus} from './files/drill-file.js';
import type {DrillEntry} from './files/tree.js';

/** One frame as the CLI's --json, the app's frame panel and the MCP server show it. */
export interface FrameSummary {
	id: string;
	slug: string;
	name: string;
	objective: string;
	status: DrillStatus;
	depth: number;
	parent: string | null;
	scope: string[];
	created: string;
	closed: string | null;
	/** The drill folder, relative to the drills root. */
	path: string;
	/** The drill file, relative to the drills root. */
	file: string;
}

export function frameSummary(entry: DrillEntry, meta: DrillMeta): FrameSummary {
	return {
		id: entry.id,
		slug: entry.slug,
		name: entry.name,
		objective: meta.objective,
		status: meta.status,
		depth: entry.depth,
		parent: entry.parentId,
		scope: meta.scope,
		created: meta.created,
		closed: meta.closed,
		path: entry.rel,
		file: path.posix.join(entry.rel, `${entry.name}.md`),
	};
}
