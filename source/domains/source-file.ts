import {statSync} from 'node:fs';
import type {ItemSource} from '../core/item-source.js';
import {fileOfSourceUri} from '../core/source-uri.js';
import type {SourceFile} from '../core/tree-view.js';

/**
 * An item's source as a file on this machine (see fileOfSourceUri: a `#` is a fragment only in
 * a `file:` URI), when it exists; web pages and files that moved have none.
 */
export function localSourceFile(source: ItemSource | undefined): SourceFile | undefined {
	const file = fileOfSourceUri(source?.uri, source?.kind);
	if (file === undefined) return undefined;
	try {
		if (!statSync(file).isFile()) return undefined;
	} catch {
		return undefined;
	}
	return source!.line !== undefined && Number.isInteger(source!.line) && source!.line > 0 ? {file, line: source!.line} : {file};
}
