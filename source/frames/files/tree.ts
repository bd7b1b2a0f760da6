import {lstatSync, readdirSync, type Dirent} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';
import {tempPrefix} from './atomic.js';
import {readDrillFile, type DrillDocument} from './drill-file.js';
import {parseDrillName} from './naming.js';
import {addTo} from '../../core/arrays.js';

export const drillsFolderName = '.drills';
/** Deeper than any sane tree (and than maxDepth allows): a guard against pathological nesting. */
const scanDepthLimit = 64;

/** One drill folder found in the tree. Its place in the tree is physical: the folder it sits in. */
export interface DrillEntry {
	id: string;
	name: string;
	slug: string;
	/** `YYYY-MM-DD-HHMMSS`, UTC. */
	stamp: string;
	/** Absolute path of the drill folder. */
	dir: string;
	/** Absolute path of the drill file (the folder's same-named .md). */
	file: string;
	/** The drill folder relative to the drills root, with forward slashes. */
	rel: string;
	parentId: string | null;
	/** 1 for a root drill. */
	depth: number;
	/** Ids of the drills directly inside this one's `.drills/`, in name order. */
	children: string[];
}

export interface DrillTree {
	root: string;
	/** Every drill, parents before children, siblings in name (= time) order. */
	drills: DrillEntry[];
	/** Temporary files and folders a crash left behind. */
	leftovers: string[];
	/** Folders under a `.drills/` that are not named like drills (hand-made): never part of the tree, always reported. */
	ignored: Array<{rel: string; reason: string}>;
	byId(id: string): DrillEntry[];
}

export function drillsDir(root: string): string {
	return path.join(root, drillsFolderName);
}

function isSymlink(target: string): boolean {
	try {
		return lstatSync(target).isSymbolicLink();
	} catch {
		return false;
	}
}

function listDir(dir: string): Dirent[] {
	try {
		return readdirSync(dir, {withFileTypes: true});
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') return [];
		throw new DrillError('io_error', `cannot read ${dir} (${(error as Error).message})`, 'check its permissions');
	}
}

/** Temporary files an atomic write left in a drill folder or in one of its document folders. */
function collectLeftovers(folder: string, leftovers: string[]): void {
	for (const entry of listDir(folder)) {
		if (entry.name.startsWith(tempPrefix)) leftovers.push(path.join(folder, entry.name));
		else if (entry.isDirectory() && entry.name !== drillsFolderName && !entry.name.startsWith('.')) {
			for (const inner of listDir(path.join(folder, entry.name))) if (inner.name.startsWith(tempPrefix)) leftovers.push(path.join(folder, entry.name, inner.name));
		}
	}
}

const notDrillName = 'not a drill folder (a drill folder is named YYYY-MM-DD-HHMMSS-sha-slug: a 6-hex sha, a slug of a–z, 0–9 and single hyphens); rename it like one or move it out of .drills/';

/**
 * Walks `.drills/` and every drill's own `.drills/`. Only real folders named like drills count;
 * symbolic links are never followed, so nothing outside the root is ever part of the tree.
 */
export function scanTree(root: string): DrillTree {
	const drills: DrillEntry[] = [];
	const leftovers: string[] = [];
	const ignored: DrillTree['ignored'] = [];
	const visit = (dir: string, parent: DrillEntry | null, depth: number) => {
		if (depth > scanDepthLimit) return;
		if (isSymlink(dir)) {
			// A linked .drills folder would pull drills from outside the root into the tree.
			if (depth === 1) throw new DrillError('outside_root', `${dir} is a symbolic link`, 'frames stay inside the drills root: make .drills a real folder');
			return;
		}
		const entries = listDir(dir).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		for (const entry of entries) {
			if (entry.name.startsWith(tempPrefix)) {
				leftovers.push(path.join(dir, entry.name));
				continue;
			}
			if (!entry.isDirectory()) continue;
			const parsed = parseDrillName(entry.name);
			if (!parsed) {
				ignored.push({rel: path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/'), reason: notDrillName});
				continue;
			}
			const folder = path.join(dir, entry.name);
			const drill: DrillEntry = {
				id: parsed.sha,
				name: entry.name,
				slug: parsed.slug,
				stamp: parsed.stamp,
				dir: folder,
				file: path.join(folder, `${entry.name}.md`),
				rel: path.relative(root, folder).split(path.sep).join('/'),
				parentId: parent?.id ?? null,
				depth,
				children: [],
			};
			parent?.children.push(drill.id);
			drills.push(drill);
			collectLeftovers(folder, leftovers);
			visit(path.join(folder, drillsFolderName), drill, depth + 1);
		}
	};
	visit(drillsDir(root), null, 1);
	const index = new Map<string, DrillEntry[]>();
	for (const drill of drills) addTo(index, drill.id, drill);
	return {root, drills, leftovers, ignored, byId: (id) => index.get(id) ?? []};
}

/** Reads a drill's file (only where it really lies inside `root`), with the folder name as the fallback for missing fields. */
export function readDrill(entry: DrillEntry, root: string): DrillDocument {
	return readDrillFile(entry.file, {id: entry.id, name: entry.name, slug: entry.slug}, root);
}

/** The drill and its ancestors, root first. */
export function chainOf(tree: DrillTree, entry: DrillEntry): DrillEntry[] {
	const chain: DrillEntry[] = [entry];
	let at = entry;
	while (at.parentId) {
		const parentDir = path.dirname(path.dirname(at.dir));
		const parent = tree.byId(at.parentId).find((candidate) => candidate.dir === parentDir);
		if (!parent) break;
		chain.unshift(parent);
		at = parent;
	}
	return chain;
}

export function descendantsOf(tree: DrillTree, entry: DrillEntry): DrillEntry[] {
	const prefix = entry.dir + path.sep;
	return tree.drills.filter((drill) => drill.dir.startsWith(prefix));
}

export function parentOf(tree: DrillTree, entry: DrillEntry): DrillEntry | undefined {
	if (!entry.parentId) return undefined;
	const parentDir = path.dirname(path.dirname(entry.dir));
	return tree.byId(entry.parentId).find((candidate) => candidate.dir === parentDir);
}
