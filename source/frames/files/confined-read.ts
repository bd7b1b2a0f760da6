import {readFileSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';

function realOrResolved(target: string): string {
	try {
		return realpathSync(target);
	} catch {
		return path.resolve(target);
	}
}

/**
 * Reads a file of the `.drills/` tree as text, but only where it really is inside `root`: the path
 * is resolved (every symbolic link on the way) and a file that lands outside the root is refused
 * (`outside_root`), as is anything but a regular file (a named pipe would block the read forever).
 * A cloned repository can commit `.drills/<frame>/ctx/ctx.md` as a link to any file of whoever
 * walks it; this is what keeps that file's contents out of `walk drills … --depth full` and MCP.
 * Errors of the read itself (ENOENT, EACCES) are thrown as they are, for callers to word.
 */
export function readInsideRoot(root: string, file: string): string {
	const real = realpathSync(file);
	const realRoot = realOrResolved(root);
	if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
		throw new DrillError('outside_root', `${file} is a symbolic link to a file outside the drills root ${root}, which drill does not read`, 'replace the link with the file itself (a copy), or remove it');
	}
	if (!statSync(real).isFile()) {
		throw new DrillError('unsafe_target', `${file} is not a regular file, which drill does not read`, 'replace it with a regular file, or remove it');
	}
	return readFileSync(real, 'utf8');
}
