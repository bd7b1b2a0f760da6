import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {runOnSource} from './run-on-source.js';

const cycles = (files: Record<string, string>) => runOnSource('cycles.mjs', files);

describe('scripts/cycles.mjs', () => {
	it('finds no circle in source/', () => {
		const result = spawnSync(process.execPath, ['scripts/cycles.mjs'], {encoding: 'utf8'});
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
	});

	it.each([
		['value imports', {'a.ts': "import {b} from './b.js';\nexport const a = b;\n", 'b.ts': "import {a} from './a.js';\nexport const b = 1;\n"}],
		['a type-only import', {'a.ts': "import type {B} from './b.js';\nexport const a = 1;\n", 'b.ts': "import {a} from './a.js';\nexport type B = typeof a;\n"}],
		['types in braces', {'a.ts': "import {type B} from './b.js';\nexport interface A {b: B}\n", 'b.ts': "import type {A} from './a.js';\nexport type B = A[];\n"}],
		['a re-export', {'a.ts': "export {b} from './b.js';\nexport const a = 1;\n", 'b.ts': "import {a} from './a.js';\nexport const b = a;\n"}],
		['a dynamic import', {'a.ts': "export const load = () => import('./b.js');\n", 'b.ts': "import {load} from './a.js';\nexport const b = load;\n"}],
	])('fails on a circle through %s, naming its modules', (_, files) => {
		const result = cycles(files);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/source\/a\.ts → \S*source\/b\.ts → \S*source\/a\.ts/u);
	});

	it('reports a knot of many modules once, with all of them', () => {
		const result = cycles({
			'ui/state.ts': "import {reduce} from './reduce.js';\nexport interface State {n: number}\nexport const start = reduce;\n",
			'ui/reduce.ts': "import {pane} from './panes/pane.js';\nexport const reduce = pane;\n",
			'ui/panes/pane.ts': "import type {State} from '../state.js';\nexport const pane = (state: State) => state;\n",
		});
		expect(result.code).toBe(1);
		expect(result.stderr.match(/→/gu)).toHaveLength(3);
		expect(result.stderr).toContain('3 modules in this knot: pane.ts, reduce.ts, state.ts');
	});

	it('passes imports that point one way, and ignores imports quoted in comments', () => {
		expect(cycles({'a.ts': "import {b} from './b.js';\nexport const a = b;\n", 'b.ts': "// import {a} from './a.js';\n/** import {a} from './a.js' */\nexport const b = 1;\n"})).toEqual({code: 0, stderr: ''});
	});
});
