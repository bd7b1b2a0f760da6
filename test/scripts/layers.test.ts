import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {runOnSource} from './run-on-source.js';

const layers = (files: Record<string, string>) => runOnSource('layers.mjs', files);

describe('scripts/layers.mjs', () => {
	it('finds source/ within the layout’s lines', () => {
		const result = spawnSync(process.execPath, ['scripts/layers.mjs'], {encoding: 'utf8'});
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
	});

	it.each([
		['ingest/pipeline.ts', "import {openIndexedStore} from '../search/indexing/indexer.js';\n", 'search/indexing/indexer.ts', 'IngestOptions.openStore'],
		['frames/store-index.ts', "import {openIndexedStore} from '../search/indexing/indexer.js';\n", 'search/indexing/indexer.ts', 'FramesConfig.openStore'],
		['ui/effects/group-paths.ts', "import {sourceFolder} from '../../store/source-folder.js';\n", 'store/source-folder.ts', 'only through the runtime'],
		['mcp/context.ts', "import type {SummaryStore} from '../store/summary-store.js';\n", 'store/summary-store.ts', 'only through the runtime'],
		['search/funnel/knowledge-search.ts', "import {parseMarkdownUnit} from '../../domains/markdown-unit.js';\n", 'domains/markdown-unit.ts', 'into text/ or core/'],
	])('fails when %s imports across a line, naming both modules and the way instead', (from, text, to, why) => {
		const result = layers({[from]: text, [to]: 'export const x = 1;\n'});
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`source/${from} imports`);
		expect(result.stderr).toContain(`source/${to}: `);
		expect(result.stderr).toContain(why);
	});

	it('lets the runtime wire them, and the layers import downwards', () => {
		expect(
			layers({
				'runtime.ts': "import {openIndexedStore} from './search/indexing/indexer.js';\nimport type {SummaryStore} from './store/summary-store.js';\n",
				'search/indexing/indexer.ts': "import type {SummaryStore} from '../../store/summary-store.js';\n",
				'store/summary-store.ts': 'export class SummaryStore {}\n',
				'ui/services.ts': "import type {Runtime} from '../runtime.js';\n",
				'ingest/pipeline.ts': "import type {SummaryStore} from '../store/summary-store.js';\n",
			}),
		).toEqual({code: 0, stderr: ''});
	});
});
