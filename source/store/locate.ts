import {existsSync} from 'node:fs';
import path from 'node:path';

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

/** `--store`, else `DRILL_STORE`, else `.drill/store.db` under the project root. */
export function resolveStorePath(flag?: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
	const chosen = flag || env.DRILL_STORE;
	if (chosen) return path.resolve(cwd, chosen);
	return path.join(projectRoot(cwd), '.drill', 'store.db');
}
