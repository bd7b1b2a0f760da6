import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {parseItems, type ItemRecord} from '../../source/store/interchange.js';
import {runCli} from './cli.js';

/** Imports items with `drill import`, so that every indexer the build registers (search) runs. */
export function importStore(file: string, items: ItemRecord[]): string {
	const json = `${file}.json`;
	writeFileSync(json, JSON.stringify(items));
	const result = runCli(['import', json, '--store', file]);
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	return file;
}

/** The app's fixture items (fixtures/app/summaries.json). */
export function appItems(): ItemRecord[] {
	const fixture = parseItems(readFileSync(path.resolve('fixtures/app/summaries.json'), 'utf8'));
	expect(fixture.failed).toEqual([]);
	return fixture.items;
}
