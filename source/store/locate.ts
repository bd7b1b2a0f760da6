import {existsSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {homeRelative} from '../core/shown-path.js';

/** The nearest ancestor of `from` that holds `.drill/` or `.git/`, else `from` itself. */
export function projectRoot(from = process.cwd()): string {
	let dir = path.resolve(from);
	for (;;) {
		if (existsSync(path.join(dir, '.drill')) || existsSync(path.join(dir, '.git'))) return dir;
		const parent = path.dirname(dir);
		if (parent === dir) return path.resolve(from);
		dir = parent;
	}
}

/**
 * Which store a command opens, and why: `--store`, `DRILL_STORE`, a project's own store
 * (`.drill/store.db` in the nearest ancestor holding a `.drill/` folder), or the user's store,
 * which holds the machine's agent sessions.
 */
export type StoreOrigin = 'option' | 'environment' | 'project' | 'user';

export interface StoreLocation {
	path: string;
	origin: StoreOrigin;
}

const isFolder = (file: string): boolean => {
	try {
		return statSync(file).isDirectory();
	} catch {
		return false;
	}
};

/** `.drill/store.db` in the nearest ancestor of `from` that holds a `.drill/` folder, if any. */
export function projectStorePath(from: string): string | undefined {
	for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
		if (isFolder(path.join(dir, '.drill'))) return path.join(dir, '.drill', 'store.db');
		if (path.dirname(dir) === dir) return undefined;
	}
}

/**
 * The user's store: `$XDG_DATA_HOME/drill/store.db`, else `~/Library/Application Support/drill`
 * on macOS, `%LOCALAPPDATA%\drill` on Windows, and `~/.local/share/drill` elsewhere.
 */
export function userStorePath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
	const home = env.HOME || env.USERPROFILE || os.homedir();
	const dataHome = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : undefined;
	if (dataHome) return path.join(dataHome, 'drill', 'store.db');
	if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'drill', 'store.db');
	if (platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'drill', 'store.db');
	return path.join(home, '.local', 'share', 'drill', 'store.db');
}

/** `--store`, else `DRILL_STORE`, else the project's store up the tree, else the user's. */
export function locateStore(flag?: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): StoreLocation {
	if (flag) return {path: path.resolve(cwd, flag), origin: 'option'};
	if (env.DRILL_STORE) return {path: path.resolve(cwd, env.DRILL_STORE), origin: 'environment'};
	const project = projectStorePath(cwd);
	if (project) return {path: project, origin: 'project'};
	return {path: userStorePath(env), origin: 'user'};
}

/** How the header and `drill status` name a store: `user store ~/.local/share/drill/store.db`. */
export function storeLabel(location: StoreLocation, home = process.env.HOME): string {
	const kind = {option: 'store (--store)', environment: 'store (DRILL_STORE)', project: 'project store', user: 'user store'}[location.origin];
	return `${kind} ${homeRelative(location.path, home)}`;
}
