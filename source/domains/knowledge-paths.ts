import {realpathSync} from 'node:fs';
import path from 'node:path';
import {DrillError, quotedShort} from '../core/errors.js';

const hint = 'use a unit path inside the knowledge folder, e.g. architecture/summarization-framework';

/**
 * Checks a knowledge node id before it touches the filesystem: a relative path of plain
 * segments, no "..", no absolute path, no NUL or control characters, no backslashes.
 * Returns the id in canonical form (no extension, no trailing slash).
 */
export function checkUnitId(nodeId: string): string {
	if (typeof nodeId !== 'string') throw new DrillError('bad_node_id', 'a knowledge node id must be a string', hint);
	if (nodeId === '') return '';
	const shown = quotedShort(nodeId);
	if (/[\u0000-\u001f\u007f\\]/u.test(nodeId)) throw new DrillError('bad_node_id', `knowledge node id ${shown} has control characters or backslashes`, hint);
	if (nodeId.startsWith('/') || /^[a-zA-Z]:/u.test(nodeId)) throw new DrillError('outside_root', `knowledge node id ${shown} is an absolute path`, hint);
	const trimmed = nodeId.replace(/\/+$/u, '');
	const segments = trimmed.split('/');
	if (segments.some((segment) => segment === '..')) throw new DrillError('outside_root', `knowledge node id ${shown} climbs out of the knowledge folder`, hint);
	if (segments.some((segment) => segment === '' || segment === '.')) throw new DrillError('bad_node_id', `knowledge node id ${shown} has an empty or "." segment`, hint);
	return trimmed.replace(/\.(md|markdown)$/iu, '');
}

/** The real path of `target`, refused unless it lies inside `realRoot` (symlinks resolved). */
export function insideRoot(realRoot: string, target: string, nodeId: string): string {
	let real: string;
	try {
		real = realpathSync(target);
	} catch {
		return target;
	}
	if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
		throw new DrillError('outside_root', `knowledge node ${JSON.stringify(nodeId)} points outside the knowledge folder`, hint);
	}
	return real;
}
