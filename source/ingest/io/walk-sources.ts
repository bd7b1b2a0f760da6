import {lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats} from 'node:fs';
import {stat} from 'node:fs/promises';
import path from 'node:path';
import ignore, {type Ignore} from 'ignore';

export interface SourceFile {
	path: string;
	size: number;
	mtime: Date;
	/** Found by walking a folder, not named: a file there that is not a source is left out, not a failure. */
	inFolder?: boolean;
}

/**
 * What a documentation folder holds besides its pages: images, fonts, media and archives, the
 * site's styles, scripts and configuration, example programs. Walking a folder leaves these out
 * unread (a file named on the command line is read whatever its name).
 */
const notSources = new Set(
	['png jpg jpeg gif webp avif bmp ico tif tiff svg psd woff woff2 ttf otf eot mp3 mp4 m4a wav ogg webm mov avi pdf zip gz tgz bz2 xz 7z tar jar whl',
	// Styles, scripts and configuration of the site; example programs beside the pages.
	'css scss sass less styl js mjs cjs jsx ts tsx map vue svelte yml yaml toml ini cfg lock sh bash zsh tcsh csh fish ps1 bat cmd py rb pl php go rs c h cc cpp hpp java kt swift cs scala lua r sql'].join(' ').split(' '),
);

/** A file a folder walk leaves out by its name alone. */
function notASource(name: string): boolean {
	const dot = name.lastIndexOf('.');
	return dot > 0 && notSources.has(name.slice(dot + 1).toLowerCase());
}

export interface WalkProblem {
	path: string;
	reason: string;
}

/**
 * Hidden entries that are sources: aider keeps its chat history in the repository's root, SpecStory
 * its chats in the project's `.specstory/history/` (the rest of that folder is its own bookkeeping),
 * the Antigravity CLI a conversation's transcript in `brain/<id>/.system_generated/logs/`.
 */
const hiddenSources = new Set(['.aider.chat.history.md', '.specstory', '.system_generated']);
const inSpecStory = (folder: string, name: string) => path.basename(folder) === '.specstory' && name !== 'history';

/**
 * Inside folders: hidden entries and dependency folders are never sources, nor a SQLite
 * database's companions (-wal, -shm, -journal, the -checked stamp of drill's integrity check) or
 * the `.backup` copy VS Code keeps of a `state.vscdb`. A database itself is looked at: it may be
 * an agent's session store (anything else is skipped as not a source).
 */
export function skippedName(name: string): boolean {
	return (name.startsWith('.') && !hiddenSources.has(name)) || name === 'node_modules' || /\.(?:db|vscdb|sqlite3?)-[a-z]+$|\.vscdb\.backup$/u.test(name);
}

interface IgnoreScope {
	base: string;
	rules: Ignore;
}

function loadIgnore(folder: string): IgnoreScope | undefined {
	try {
		const text = readFileSync(path.join(folder, '.drillignore'), 'utf8');
		return {base: folder, rules: ignore().add(text)};
	} catch {
		return undefined;
	}
}

function ignored(scopes: readonly IgnoreScope[], file: string, isFolder: boolean): boolean {
	for (const scope of scopes) {
		const relative = path.relative(scope.base, file).split(path.sep).join('/');
		if (relative && !relative.startsWith('..') && scope.rules.ignores(isFolder ? `${relative}/` : relative)) return true;
	}
	return false;
}

/**
 * A file's stat, synchronously: only command-line ingests walk folders, and a thread-pool round
 * trip per file left the thread idle ~0.9 ms a file (a sixth of a 1,000-page docs ingest).
 */
function statOrError(file: string, how: typeof statSync): Stats | NodeJS.ErrnoException {
	try {
		return how(file);
	} catch (error) {
		return error as NodeJS.ErrnoException;
	}
}

/** Why an entry of a folder cannot be looked at, in a line (it is a problem, never skipped in silence). */
function unreadableReason(file: string, error: NodeJS.ErrnoException): string {
	if (error.code === 'ENAMETOOLONG') return `is too deep to read: its path of ${Buffer.byteLength(file).toLocaleString('en')} bytes is more than the system takes (PATH_MAX: 4,095 bytes on Linux); move it higher up, or ingest its folder from nearer by`;
	if (error.code === 'EACCES' || error.code === 'EPERM') return 'cannot be read (permission denied)';
	return `cannot be read (${error.code ?? error.message})`;
}

/**
 * The files to ingest under the given paths: files as given, folders walked recursively in name
 * order, honouring `.drillignore` files (gitignore syntax) in every folder. Symbolic links that
 * lead out of the folder being walked are not followed. Each file is listed once.
 */
export async function walkSources(inputs: readonly string[], cwd = process.cwd(), onSkipped?: (file: string, reason: string) => void): Promise<{files: SourceFile[]; problems: WalkProblem[]; skipped: number}> {
	const files: SourceFile[] = [];
	const problems: WalkProblem[] = [];
	const seen = new Set<string>();
	let skipped = 0;
	const add = (file: string, size: number, mtime: Date, inFolder = false) => {
		let real = file;
		try {
			real = realpathSync(file);
		} catch {
			// Keep the path as given.
		}
		if (seen.has(real)) return;
		seen.add(real);
		files.push({path: file, size, mtime, ...(inFolder ? {inFolder} : {})});
	};
	const walk = async (folder: string, root: string, scopes: IgnoreScope[]): Promise<void> => {
		const own = loadIgnore(folder);
		const active = own ? [...scopes, own] : scopes;
		let entries: string[];
		try {
			entries = readdirSync(folder).sort();
		} catch (error) {
			const failure = error as NodeJS.ErrnoException;
			problems.push({path: folder, reason: failure.code === 'ENAMETOOLONG' ? unreadableReason(folder, failure) : `cannot read the folder (${failure.code ?? failure.message})`});
			return;
		}
		for (const name of entries) {
			if (skippedName(name) || inSpecStory(folder, name)) continue;
			const full = path.join(folder, name);
			let info = statOrError(full, lstatSync);
			if (info instanceof Error) {
				// Gone since the listing is nothing to report; anything else is.
				if (info.code !== 'ENOENT') problems.push({path: full, reason: unreadableReason(full, info)});
				continue;
			}
			if (info.isSymbolicLink()) {
				let target: string;
				try {
					target = realpathSync(full);
				} catch (error) {
					problems.push({path: full, reason: (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'is a symbolic link in a loop (it points back at itself)' : 'is a broken symbolic link'});
					continue;
				}
				if (path.relative(root, target).startsWith('..') || path.isAbsolute(path.relative(root, target))) continue;
				info = statOrError(full, statSync);
				if (info instanceof Error || info.isDirectory()) continue;
			}
			if (info.isDirectory()) {
				if (!ignored(active, full, true)) await walk(full, root, active);
			} else if (!ignored(active, full, false)) {
				// A named pipe, a socket or a device is no page: left out and counted, never read (a pipe would block).
				if (!info.isFile() || notASource(name)) {
					skipped++;
					onSkipped?.(full, info.isFile() ? `is left out by its name (${path.extname(name)}: an image, font, media, archive, style, script, configuration or program file)` : 'is not a regular file (a pipe, socket or device)');
				} else add(full, info.size, info.mtime, true);
			}
		}
	};
	for (const input of inputs) {
		const absolute = path.resolve(cwd, input);
		const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => error);
		if (info instanceof Error) {
			problems.push({path: absolute, reason: info.code === 'ENOENT' ? 'no such file or folder' : info.code === 'ENAMETOOLONG' ? unreadableReason(absolute, info) : `cannot read it (${info.code ?? info.message})`});
			continue;
		}
		if (info.isDirectory()) {
			let root = absolute;
			try {
				root = realpathSync(absolute);
			} catch {
				// Walk it as given.
			}
			await walk(absolute, root, []);
		} else if (info.isFile()) add(absolute, info.size, info.mtime);
		else problems.push({path: absolute, reason: 'is not a regular file or a folder'});
	}
	return {files, problems, skipped};
}
