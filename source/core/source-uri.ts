import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

/**
 * An item's `source.uri` names a file in one of two forms: a plain absolute path (a file that
 * holds one item), taken whole, `#` and all (`/logs/notes#2.jsonl` is that file); or a `file:`
 * URI, whose `#…` fragment names one item of a file that holds many (a ChatGPT conversation, an
 * aider session: `file:///exports/conversations.json#conv-17`). A `#` is a fragment only there.
 */
export function sourceUri(file: string, fragment?: string): string {
	const url = pathToFileURL(file).href;
	return fragment === undefined ? url : `${url}#${encodeURIComponent(fragment)}`;
}

/**
 * Stores written before `file:` URIs named one item of a multi-item file as `PATH#fragment`; these
 * kinds come only from such files, so their last `#…` is still read as a fragment.
 */
const legacyFragmentKinds = new Set(['chatgpt', 'aider']);

/** The file a source uri names (an absolute path), or undefined for a URL of another scheme or a relative path. */
export function fileOfSourceUri(uri: string | null | undefined, kind?: string | null): string | undefined {
	if (!uri) return undefined;
	if (uri.startsWith('file:')) {
		try {
			return fileURLToPath(uri.replace(/#.*$/su, ''));
		} catch {
			return undefined;
		}
	}
	if (!path.isAbsolute(uri)) return undefined;
	if (kind && legacyFragmentKinds.has(kind)) {
		const hash = uri.lastIndexOf('#');
		if (hash > 0 && !uri.slice(hash).includes('/')) return uri.slice(0, hash);
	}
	return uri;
}

/** How a source uri reads to a person: a `file:` URI as its path (and its fragment), anything else as it is. */
export function shownSourceUri(uri: string): string {
	if (!uri.startsWith('file:')) return uri;
	const hash = uri.indexOf('#');
	const file = fileOfSourceUri(uri);
	if (file === undefined) return uri;
	if (hash < 0) return file;
	let fragment = uri.slice(hash + 1);
	try {
		fragment = decodeURIComponent(fragment);
	} catch {
		// Shown as written.
	}
	return `${file}#${fragment}`;
}
