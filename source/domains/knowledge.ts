import {closeSync, openSync, readdirSync, readSync, realpathSync, statSync, type Stats} from 'node:fs';
import path from 'node:path';
import type {Depth} from '../core/depth.js';
import {DrillError, quotedShort} from '../core/errors.js';
import {hint, option, run} from '../core/hint.js';
import {BoundedText, resolvePaging} from '../core/paging.js';
import type {Breadcrumb, SourceFile, TreeChild, TreeDrillable, TreeView, ViewOptions} from '../core/tree-view.js';
import {checkUnitId, insideRoot} from './knowledge-paths.js';
import {parseMarkdownUnit, type MarkdownUnit} from '../text/markdown-unit.js';

const markdownFile = /\.(md|markdown)$/iu;
const folderTextNames = ['index.md', 'README.md', 'readme.md', 'index.markdown', 'README.markdown'];
/** Enough of a file for its title and summary; a 50 MB unit is not read whole to list it. */
const headBytes = 256 * 1024;

interface Unit {
	id: string;
	name: string;
	/** The markdown file holding the unit's own text, if any. */
	file?: string;
	/** The folder holding the unit's children, if any. */
	folder?: string;
}

function statOrUndefined(target: string): Stats | undefined {
	try {
		return statSync(target);
	} catch {
		return undefined;
	}
}

function readHead(file: string, bytes: number): string {
	const fd = openSync(file, 'r');
	try {
		const buffer = Buffer.alloc(bytes);
		const read = readSync(fd, buffer, 0, bytes, 0);
		return buffer.toString('utf8', 0, read);
	} finally {
		closeSync(fd);
	}
}

/** A folder of markdown units: ids are unit paths without extension; folders are units too. */
export class KnowledgeDrillable implements TreeDrillable {
	readonly domain = 'knowledge';
	private realRoot: string | undefined;
	private readonly parsed = new Map<string, {mtimeMs: number; size: number; unit: MarkdownUnit}>();

	constructor(private readonly root: string) {}

	private get base(): string {
		if (this.realRoot) return this.realRoot;
		const stats = statOrUndefined(this.root);
		if (!stats?.isDirectory()) {
			throw new DrillError('not_found', `the knowledge folder ${this.root} does not exist`, hint`point ${option('knowledge')} at a folder of markdown files (default .agents/knowledge)`);
		}
		this.realRoot = realpathSync(this.root);
		return this.realRoot;
	}

	/** Finds a unit by id, refusing anything that resolves outside the folder. */
	private unit(id: string): Unit | undefined {
		if (id === '') return {id: '', name: path.basename(this.base), folder: this.base, file: this.folderText(this.base)};
		const target = path.join(this.base, ...id.split('/'));
		let file: string | undefined;
		for (const candidate of [`${target}.md`, `${target}.markdown`]) {
			if (statOrUndefined(candidate)?.isFile()) {
				file = insideRoot(this.base, candidate, id);
				break;
			}
		}
		let folder: string | undefined;
		if (statOrUndefined(target)?.isDirectory()) folder = insideRoot(this.base, target, id);
		if (!file && !folder) return undefined;
		return {id, name: path.basename(target), file: file ?? (folder ? this.folderText(folder) : undefined), folder};
	}

	private folderText(folder: string): string | undefined {
		for (const name of folderTextNames) {
			const candidate = path.join(folder, name);
			if (statOrUndefined(candidate)?.isFile()) return candidate;
		}
		return undefined;
	}

	/** The units directly inside a folder unit, by name; links out of the folder are left out. */
	private childrenOf(unit: Unit): Unit[] {
		if (!unit.folder) return [];
		let entries: import('node:fs').Dirent[];
		try {
			entries = readdirSync(unit.folder, {withFileTypes: true});
		} catch (error) {
			throw new DrillError('io_error', `cannot read the knowledge folder ${unit.folder} (${(error as Error).message})`, 'check its permissions');
		}
		const names = new Set<string>();
		for (const entry of entries) {
			if (entry.name.startsWith('.')) continue;
			if (entry.isDirectory() || entry.isSymbolicLink()) names.add(entry.name.replace(markdownFile, ''));
			else if (entry.isFile() && markdownFile.test(entry.name) && !folderTextNames.includes(entry.name)) names.add(entry.name.replace(markdownFile, ''));
		}
		const units: Unit[] = [];
		for (const name of [...names].sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))) {
			const id = unit.id ? `${unit.id}/${name}` : name;
			try {
				const child = this.unit(id);
				if (child) units.push(child);
			} catch (error) {
				if (!(error instanceof DrillError)) throw error;
			}
		}
		return units;
	}

	/** Parses a unit's file; `bytes` reads more than the head (for full views), uncached. */
	private markdown(file: string | undefined, bytes?: number): MarkdownUnit | undefined {
		if (!file) return undefined;
		const stats = statOrUndefined(file);
		if (!stats) return undefined;
		const cached = this.parsed.get(file);
		if (bytes === undefined && cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.unit;
		let text: string;
		try {
			text = readHead(file, Math.min(Math.max(stats.size, 1), bytes ?? headBytes));
		} catch (error) {
			throw new DrillError('io_error', `cannot read ${file} (${(error as Error).message})`, 'check its permissions');
		}
		const unit = parseMarkdownUnit(text);
		if (bytes === undefined) this.parsed.set(file, {mtimeMs: stats.mtimeMs, size: stats.size, unit});
		return unit;
	}

	private titleOf(unit: Unit): string {
		return this.markdown(unit.file)?.title ?? unit.name;
	}

	sourceFile(nodeId: string): SourceFile | undefined {
		const file = this.unit(checkUnitId(nodeId))?.file;
		return file ? {file} : undefined;
	}

	get(nodeId: string, depth: Depth, options?: ViewOptions): TreeView {
		const id = checkUnitId(nodeId);
		const paging = resolvePaging(options);
		const unit = this.unit(id);
		if (!unit) {
			// The hint lists the nearest folder that exists, not a parent that is missing too.
			let parentId = id;
			do parentId = parentId.includes('/') ? parentId.slice(0, parentId.lastIndexOf('/')) : '';
			while (parentId !== '' && !this.unit(parentId));
			throw new DrillError('not_found', `no knowledge unit ${quotedShort(id)} in ${this.root}`, hint`list the units with: ${run('walk', {domain: 'knowledge', node_id: parentId})}`);
		}
		const all = this.childrenOf(unit);
		const children: TreeChild[] = all.slice(paging.offset, paging.offset + paging.limit).map((child) => {
			const count = child.folder ? this.childrenOf(child).length : 0;
			return {
				node_id: child.id,
				name: this.titleOf(child),
				has_children: count > 0,
				child_count: count,
				...(depth === 'index' ? {} : {summary: this.markdown(child.file)?.summary ?? ''}),
			};
		});
		const breadcrumbs: Breadcrumb[] = [];
		if (id !== '') {
			const segments = id.split('/');
			breadcrumbs.push({node_id: '', title: 'knowledge'});
			for (let i = 1; i < segments.length; i++) {
				const ancestorId = segments.slice(0, i).join('/');
				const ancestor = this.unit(ancestorId);
				breadcrumbs.push({node_id: ancestorId, title: ancestor ? this.titleOf(ancestor) : segments[i - 1]!});
			}
		}
		const view: TreeView = {
			domain: this.domain,
			node_id: id,
			depth,
			title: id === '' ? 'knowledge' : this.titleOf(unit),
			kind: id === '' ? 'root' : unit.folder ? 'folder' : 'unit',
			parent_id: id === '' ? null : id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '',
			breadcrumbs,
			children,
			children_total: all.length,
			offset: paging.offset,
			limit: paging.limit,
		};
		if (depth !== 'index') view.summary = this.markdown(unit.file)?.summary ?? '';
		if (depth === 'full') {
			const text = new BoundedText(paging.maxChars);
			const visit = (current: Unit, top: boolean): boolean => {
				const body = this.markdown(current.file, paging.maxChars * 4 + 1024)?.body.trim();
				if (body && !text.add(top ? `${body}\n\n` : `--- ${current.id} ---\n${body}\n\n`)) return false;
				for (const child of this.childrenOf(current)) if (!visit(child, false)) return false;
				return true;
			};
			visit(unit, true);
			view.content = text.toString().trimEnd();
			view.truncated = text.truncated;
		}
		return view;
	}
}
