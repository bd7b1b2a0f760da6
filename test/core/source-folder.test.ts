import {describe, expect, it} from 'vitest';
import {folderChain, parentFolder, sourceFolder} from '../../source/core/source-folder.js';

describe('the folder of a source', () => {
	it.each([
		['/home/ana/docs/guides/setup.md', '/home/ana/docs/guides/'],
		['file:///home/ana/My%20Docs/a.md', '/home/ana/My Docs/'],
		['file:///home/ana/.claude/projects/api/k3x9.jsonl', '/home/ana/.claude/projects/api/'],
		['/home/ana/export/conversations.json#conv-17', '/home/ana/export/'],
		['file:///home/jun/src/catalog/.aider.chat.history.md#3', '/home/jun/src/catalog/'],
		['https://tidyops.dev/posts/pgbouncer-pool-modes?x=1#top', 'tidyops.dev/posts/'],
		['https://sre-notes.example.com/backoff', 'sre-notes.example.com/'],
		['C:\\Users\\ana\\notes\\a.md', 'C:/Users/ana/notes/'],
		['docs/a.md', 'docs/'],
		['/a/./b//c/../d.md', '/a/b/'],
		['/top.md', '/'],
		['/../../x.md', '/'],
		['a.md', null],
		['https://example.com', null],
		['', null],
		[null, null],
	])('%j lies in %j', (uri, folder) => {
		expect(sourceFolder(uri)).toBe(folder);
	});

	it('walks up to the top folder', () => {
		expect(parentFolder('/a/b/')).toBe('/a/');
		expect(parentFolder('/a/')).toBe('/');
		expect(parentFolder('/')).toBe('');
		expect(parentFolder('host/a/')).toBe('host/');
		expect(parentFolder('host/')).toBe('');
		expect(folderChain('/a/b/')).toEqual(['/', '/a/', '/a/b/']);
		expect(folderChain('host/x/')).toEqual(['host/', 'host/x/']);
	});
});
