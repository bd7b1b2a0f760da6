import {realpathSync} from 'node:fs';
import path from 'node:path';

/** A path as the store records sources: real (symlinks resolved), else absolute when it does not exist (any more). */
export function realPath(file: string): string {
	try {
		return realpathSync(file);
	} catch {
		return path.resolve(file);
	}
}
