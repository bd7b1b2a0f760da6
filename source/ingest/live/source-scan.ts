import type {Dirent} from 'node:fs';
import {readdir, stat} from 'node:fs/promises';
import path from 'node:path';
import {skippedName, walkSources, type WalkProblem} from '../io/walk-sources.js';
import type {SeenFile} from './file-tracker.js';
import {append} from '../../core/arrays.js';

/** A path to ingest: a file, or a folder walked as `drill ingest` walks it, optionally narrowed to the files that are sessions. */
export interface SourceRoot {
	path: string;
	/** Which files below a folder to take, by their path relative to it (with `/`); all when absent. */
	accepts?: (relative: string) => boolean;
	/**
	 * Files below it that are read with a session, not on their own (a subagent's transcript in
	 * the session's folder): `--watch` follows them too, and ingests one that changed, which reads
	 * its session again.
	 */
	companions?: (relative: string) => boolean;
}

export interface Scan {
	files: SeenFile[];
	/** The roots' companion files (see `SourceRoot.companions`). */
	companions: SeenFile[];
	problems: WalkProblem[];
}

function relativeTo(root: string, file: string): string {
	return path.relative(root, file).split(path.sep).join('/');
}

/** The files under the roots now, as `drill ingest` would take them (folders honour .drillignore; hidden files are skipped). */
export async function scanSources(roots: readonly SourceRoot[], cwd = process.cwd()): Promise<Scan> {
	const scan: Scan = {files: [], companions: [], problems: []};
	const seen = new Set<string>();
	for (const root of roots) {
		const absolute = path.resolve(cwd, root.path);
		const {files, problems} = await walkSources([absolute], cwd);
		append(scan.problems, problems);
		for (const file of files) {
			if (seen.has(file.path)) continue;
			const relative = relativeTo(absolute, file.path);
			const seenFile = {path: file.path, size: file.size, mtimeMs: file.mtime.getTime()};
			if (root.accepts && file.path !== absolute && !root.accepts(relative)) {
				if (root.companions?.(relative)) {
					seen.add(file.path);
					scan.companions.push(seenFile);
				}
				continue;
			}
			seen.add(file.path);
			scan.files.push(seenFile);
		}
	}
	return scan;
}

/** More folders than this under one root are not watched one by one; polling finds what changes there. */
export const maxWatchedFolders = 4000;

/**
 * The folders to watch for the roots: each folder root and the folders below it that a walk
 * enters (not hidden ones but those it reads, nor node_modules), and the folder of each file root.
 */
export async function foldersOf(roots: readonly SourceRoot[], cwd = process.cwd()): Promise<{folders: string[]; complete: boolean}> {
	const folders = new Set<string>();
	let complete = true;
	for (const root of roots) {
		const absolute = path.resolve(cwd, root.path);
		const info = await stat(absolute).catch(() => undefined);
		if (!info) {
			// Not there (yet): its parent tells when it appears.
			folders.add(path.dirname(absolute));
			continue;
		}
		if (!info.isDirectory()) {
			folders.add(path.dirname(absolute));
			continue;
		}
		const queue = [absolute];
		while (queue.length > 0) {
			const folder = queue.shift()!;
			if (folders.size >= maxWatchedFolders) {
				complete = false;
				break;
			}
			folders.add(folder);
			let entries: Dirent[];
			try {
				entries = await readdir(folder, {withFileTypes: true});
			} catch {
				continue;
			}
			for (const entry of entries) {
				if (entry.isDirectory() && !skippedName(entry.name)) queue.push(path.join(folder, entry.name));
			}
		}
	}
	return {folders: [...folders], complete};
}
