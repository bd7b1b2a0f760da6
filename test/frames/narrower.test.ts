import {describe, expect, it} from 'vitest';
import type {DrillMeta} from '../../source/frames/files/drill-file.js';
import {checkNarrower, scopeCovers} from '../../source/frames/narrower.js';

const frame = (slug: string, objective: string, scope: string[] = []): DrillMeta => ({
	id: 'a1b2c3',
	name: `2026-07-11-132105-a1b2c3-${slug}`,
	slug,
	parent: null,
	depth: 1,
	status: 'open',
	objective,
	scope,
	created: '',
	closed: null,
	delegation: [],
	context: [],
	refs: [],
	child_results: [],
});

describe('strictly narrower frames', () => {
	it('covers paths and topics by whole segments', () => {
		expect(scopeCovers('services/api', 'services/api')).toBe(true);
		expect(scopeCovers('services/api', './services/api/db/pool.ts#acquire')).toBe(true);
		expect(scopeCovers('services/api/', 'Services/API/db')).toBe(true);
		expect(scopeCovers('services/api', 'services/apigateway')).toBe(false);
		expect(scopeCovers('services/api/db', 'services/api')).toBe(false);
		expect(scopeCovers('.', 'anything')).toBe(true);
	});

	it('allows any frame under the root level and a scope under no scope', () => {
		expect(checkNarrower([], {slug: 'x', objective: 'y', scope: ['a']}, 8)).toEqual(['a']);
		expect(checkNarrower([frame('api', 'Why 502?')], {slug: 'db', objective: 'Which query?', scope: ['db']}, 8)).toEqual(['db']);
	});

	it('inherits the parent scope when none is given', () => {
		expect(checkNarrower([frame('api', 'Why 502?', ['services/api'])], {slug: 'db', objective: 'Which query?', scope: []}, 8)).toEqual(['services/api']);
	});

	it('refuses a wider or sideways scope, a repeated slug or objective, and too much depth', () => {
		const chain = [frame('api-debug', 'Why does /orders return 502?', ['services/api']), frame('db-optim', 'Which query exhausts the pool?', ['services/api/db'])];
		expect(() => checkNarrower(chain, {slug: 'x', objective: 'y', scope: ['services/api']}, 8)).toThrow(/not inside the current drill's scope \(services\/api\/db\)/u);
		expect(() => checkNarrower(chain, {slug: 'x', objective: 'y', scope: ['services/web']}, 8)).toThrow(/not inside/u);
		expect(() => checkNarrower(chain, {slug: 'api-debug', objective: 'y', scope: []}, 8)).toThrow(/slug "api-debug" is already used/u);
		expect(() => checkNarrower(chain, {slug: 'x', objective: 'why does  /orders return 502', scope: []}, 8)).toThrow(/repeats the one of the enclosing drill/u);
		expect(() => checkNarrower(chain, {slug: 'x', objective: 'y', scope: []}, 2)).toThrow(/3 levels deep, deeper than the limit of 2/u);
	});
});
