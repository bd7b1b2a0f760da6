import {statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {ItemSource} from '../core/item-source.js';
import type {SourceFile} from '../core/tree-view.js';

/**
 * An item's source as a file on this machine: a `file:` URI or an absolute path (without the
 * `#…` that names one conversation of a multi-item file), when it exists; web pages and files
 * that moved have none.
 */
export function localSourceFile(source: ItemSource | undefined): SourceFile | undefined {
	const uri = source?.uri;
	if (!uri) return undefined;
	let file: string;
	try {
		if (uri.startsWith('file:')) file = fileURLToPath(uri.replace(/#.*$/su, ''));
		else if (path.isAbsolute(uri)) file = uri.replace(/#.*$/su, '');
		else return undefined;
	} catch {
		return undefined;
	}
	try {
		if (!statSync(file).isFile()) return undefined;
	} catch {
		return undefined;
	}
	return source!.line !== undefined && Number.isInteger(source!.line) && source!.line > 0 ? {file, line: source!.line} : {file};
}
