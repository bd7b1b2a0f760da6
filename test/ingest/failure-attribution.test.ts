import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {tempDir} from '../helpers/cli.js';

// The code that builds an item's search rows fails for one item as a spread of a huge array did
// (RangeError: Maximum call stack size exceeded): a failure of that item, not of the store.
vi.mock('../../source/search/indexing/item-index.js', async (original) => {
	const actual = await original<typeof import('../../source/search/indexing/item-index.js')>();
	return {
		...actual,
		indexItem: (...args: Parameters<typeof actual.indexItem>) => {
			if (args[2].title.includes('Poison')) throw new RangeError('Maximum call stack size exceeded');
			return actual.indexItem(...args);
		},
	};
});

function pages(names: string[]): string {
	const folder = tempDir();
	for (const name of names) writeFileSync(path.join(folder, `${name}.md`), `# ${name[0]!.toUpperCase()}${name.slice(1)} page\n\nSome text about ${name} that is long enough to be a paragraph.\n`);
	return folder;
}

describe('a failure while an item is written', () => {
	it('is reported against its own file, not as a store problem, and the run goes on (the item last in its run)', async () => {
		const folder = pages(['alpha', 'beta', 'poison']);
		const report = await ingest([folder], {storePath: path.join(folder, 's.db'), cwd: folder, workers: false});
		expect(report.failed).toEqual([{path: 'poison.md', reason: 'Maximum call stack size exceeded'}]);
		expect(report.added).toBe(2);
	});

	it('is reported against the file of the item whose search rows failed, when they are built with a later one', async () => {
		const folder = pages(['alpha', 'beta', 'gamma']);
		writeFileSync(path.join(folder, '0.md'), '# Poison page\n\nSome text about poison that is long enough to be a paragraph.\n');
		const report = await ingest([folder], {storePath: path.join(folder, 's.db'), cwd: folder, workers: false});
		expect(report.failed).toEqual([{path: '0.md', reason: expect.stringMatching(/^the item document:\w+ is stored, but its search rows could not be built \(Maximum call stack size exceeded\); find does not see it$/u)}]);
		expect(report.added).toBe(4);
	});
});
