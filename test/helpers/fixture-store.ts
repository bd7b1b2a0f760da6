import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parseItems} from '../../source/store/interchange.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {tempDir} from './cli.js';

export const fixturesDir = path.resolve('fixtures');

/** A fresh store holding fixtures/summaries.json, imported through the store API. */
export function fixtureStore(): string {
	const file = path.join(tempDir(), 'store.db');
	const store = openIndexedStore(file);
	try {
		for (const item of parseItems(readFileSync(path.join(fixturesDir, 'summaries.json'), 'utf8')).items) store.writeItem(item);
	} finally {
		store.close();
	}
	return file;
}
