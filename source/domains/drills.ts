import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Depth} from '../core/depth.js';
import {DrillError, quotedShort} from '../core/errors.js';
import {hint, run} from '../core/hint.js';
import {BoundedText, resolvePaging} from '../core/paging.js';
import type {Breadcrumb, TreeChild, TreeDrillable, TreeView, ViewOptions} from '../core/tree-view.js';
import {chainOf, drillsFolderName, FrameState, readInsideRoot, resolveFrames, sectionText, shaPattern, type DrillEntry} from '../frames/reading.js';

const listDrills = run('walk', {domain: 'drills', node_id: ''});
const idHint = hint`a drill's node id is its 6-hex short sha, e.g. a1b2c3; list them with: ${listDrills}`;

/**
 * A file of the tree as the full view shows it: its text, a line saying why it is not shown when
 * it is refused (a link out of the drills root, a pipe), or '' when it cannot be read at all.
 */
function readText(root: string, file: string): string {
	try {
		return readInsideRoot(root, file);
	} catch (error) {
		return error instanceof DrillError ? `(not shown: ${error.message})` : '';
	}
}

/** The documents beside a drill file: `NAME/NAME.md` folders, in name order. */
function documentsOf(entry: DrillEntry): string[] {
	let names: string[];
	try {
		names = readdirSync(entry.dir, {withFileTypes: true})
			.filter((dirent) => dirent.isDirectory() && !dirent.name.startsWith('.') && dirent.name !== drillsFolderName)
			.map((dirent) => dirent.name)
			.sort();
	} catch {
		return [];
	}
	return names.map((name) => path.join(entry.dir, name, `${name}.md`)).filter((file) => existsSync(file));
}

/**
 * The `.drills/` tree as a domain: `""` lists the root drills, a node id is a drill's short sha,
 * its children are the drills nested in it. Summary text is the return payload (the objective
 * while the drill is open); the full view is the drill file, its documents and its nested drills.
 */
export class DrillsDrillable implements TreeDrillable {
	readonly domain = 'drills';

	constructor(private readonly root: string) {}

	private state(): FrameState {
		return new FrameState(resolveFrames(this.root));
	}

	get(nodeId: string, depth: Depth, options?: ViewOptions): TreeView {
		if (typeof nodeId !== 'string') throw new DrillError('bad_node_id', 'a drills node id must be a string', idHint);
		const paging = resolvePaging(options);
		const state = this.state();
		const id = nodeId.trim().toLowerCase();
		let entry: DrillEntry | undefined;
		if (id !== '') {
			if (!shaPattern.test(id)) {
				throw new DrillError('bad_node_id', `malformed drills node id ${quotedShort(nodeId)}`, idHint);
			}
			const matches = state.tree.byId(id);
			if (matches.length === 0) throw new DrillError('not_found', `no drill ${id} under ${path.join(this.root, drillsFolderName)}`, hint`list the drills with: ${listDrills}`);
			entry = matches[0]!;
		}
		const all = state.tree.drills.filter((drill) => (entry ? drill.parentId === entry.id && path.dirname(path.dirname(drill.dir)) === entry.dir : drill.depth === 1));
		const status = (drill: DrillEntry) => state.tryDoc(drill)?.meta.status ?? 'unreadable';
		const children: TreeChild[] = all.slice(paging.offset, paging.offset + paging.limit).map((drill) => ({
			node_id: drill.id,
			name: status(drill) === 'closed' ? drill.slug : `${drill.slug} (${status(drill)})`,
			has_children: drill.children.length > 0,
			child_count: drill.children.length,
			...(depth === 'index' ? {} : {summary: this.summaryOf(state, drill)}),
		}));
		const breadcrumbs: Breadcrumb[] = [];
		if (entry) {
			breadcrumbs.push({node_id: '', title: 'drills'});
			for (const above of chainOf(state.tree, entry).slice(0, -1)) breadcrumbs.push({node_id: above.id, title: above.slug});
		}
		const view: TreeView = {
			domain: this.domain,
			node_id: entry?.id ?? '',
			depth,
			title: entry ? entry.slug : 'drills',
			kind: entry ? 'drill' : 'root',
			parent_id: entry ? (entry.parentId ?? '') : null,
			breadcrumbs,
			children,
			children_total: all.length,
			offset: paging.offset,
			limit: paging.limit,
		};
		if (depth !== 'index') view.summary = entry ? this.summaryOf(state, entry) : `${state.tree.drills.length} drill${state.tree.drills.length === 1 ? '' : 's'}, ${all.length} at the root`;
		if (depth === 'full') {
			const text = new BoundedText(paging.maxChars);
			const visit = (drill: DrillEntry, top: boolean): boolean => {
				if (!text.add(`${top ? '' : `--- drill ${drill.id} ${drill.rel} ---\n`}${readText(this.root, drill.file).trim()}\n\n`)) return false;
				for (const document of documentsOf(drill)) if (!text.add(`--- document ${path.relative(this.root, document).split(path.sep).join('/')} ---\n${readText(this.root, document).trim()}\n\n`)) return false;
				for (const child of state.tree.drills.filter((candidate) => path.dirname(path.dirname(candidate.dir)) === drill.dir)) if (!visit(child, false)) return false;
				return true;
			};
			if (entry) visit(entry, true);
			else for (const drill of all) if (!visit(drill, false)) break;
			view.content = text.toString().trimEnd();
			view.truncated = text.truncated;
		}
		return view;
	}

	private summaryOf(state: FrameState, entry: DrillEntry): string {
		const doc = state.tryDoc(entry);
		if (!doc) return '(the drill file is missing or unreadable)';
		if (doc.meta.status === 'open') return doc.meta.objective;
		return sectionText(doc, 'Return Payload') || doc.meta.objective;
	}
}
