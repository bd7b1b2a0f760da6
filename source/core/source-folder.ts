/**
 * The folder an item's source lives in, as the store keeps it for `--group-by folder`: the uri's
 * directory with "/" separators and a trailing "/", e.g. "/home/ana/docs/guides/". A `file:` URL
 * becomes its path, another URL its host and path ("example.com/blog/"), a Windows path uses "/";
 * the `#…` a multi-item file appends and a URL's query are left out. No folder when the uri has
 * no "/" before its file name (or there is no uri).
 */
export function sourceFolder(uri: string | null | undefined): string | null {
	if (!uri) return null;
	let location = uri;
	const scheme = /^([a-z][a-z0-9+.-]*):\/\//iu.exec(location);
	if (scheme) {
		location = location.slice(scheme[0].length).replace(/[?#].*$/su, '');
		if (scheme[1]!.toLowerCase() === 'file') {
			// file:///home/x → /home/x; file://host/share → host/share.
			location = safeDecode(location);
		}
	} else {
		const hash = location.lastIndexOf('#');
		// A session id appended to a file path ("…/export.json#conv-1"): not part of the folder.
		if (hash !== -1 && !location.slice(hash).includes('/') && !location.slice(hash).includes('\\')) location = location.slice(0, hash);
	}
	location = location.replace(/\\/gu, '/');
	const absolute = location.startsWith('/');
	const segments = location.split('/').filter((segment) => segment !== '' && segment !== '.');
	if (segments.pop() === undefined) return null;
	const folders: string[] = [];
	for (const segment of segments) {
		if (segment === '..') folders.pop();
		else folders.push(segment);
	}
	if (folders.length === 0) return absolute ? '/' : null;
	return `${absolute ? '/' : ''}${folders.join('/')}/`;
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** The folder that holds this one ("/a/b/" → "/a/"), or "" above a top folder ("/", "a/"). */
export function parentFolder(folder: string): string {
	if (folder === '/') return '';
	const cut = folder.lastIndexOf('/', folder.length - 2);
	return cut === -1 ? '' : folder.slice(0, cut + 1);
}

/** A folder and every folder above it, the top one first: "/a/b/" → ["/", "/a/", "/a/b/"]. */
export function folderChain(folder: string): string[] {
	const chain: string[] = [];
	for (let at = folder; at !== ''; at = parentFolder(at)) chain.unshift(at);
	return chain;
}
