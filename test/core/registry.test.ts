import {describe, expect, it} from 'vitest';
import {parseDepth} from '../../source/core/depth.js';
import {DrillError} from '../../source/core/errors.js';
import {DomainRegistry, Drillables} from '../../source/core/registry.js';
import type {TreeDrillable} from '../../source/core/tree-view.js';
import {createRuntime} from '../../source/runtime.js';
import {drillErrorOf} from '../helpers/errors.js';

const config = {storePath: '/nonexistent/store.db', knowledgeDir: '/nonexistent', drillsRoot: '/nonexistent'};

describe('the domain registry', () => {
	const registry = new DomainRegistry();

	it('registers a domain with one call and walks it with the default depth', () => {
		const seen: string[] = [];
		const fake: TreeDrillable = {
			domain: 'fake',
			get(nodeId, depth) {
				seen.push(`${nodeId}@${depth}`);
				return {domain: 'fake', node_id: nodeId, depth, title: 't', kind: 'root', parent_id: null, breadcrumbs: [], children: [], children_total: 0, offset: 0, limit: 100};
			},
		};
		registry.registerDrillable('fake', () => fake);
		expect(registry.availableDomains()).toEqual(['fake']);
		const drillables = new Drillables(config, registry);
		expect(drillables.walk('fake', 'x').depth).toBe('index');
		expect(drillables.drillTree('fake', 'y', 'summary').depth).toBe('summary');
		expect(seen).toEqual(['x@index', 'y@summary']);
	});

	it('names the registered domains when one is unknown', () => {
		const drillables = new Drillables(config, registry);
		try {
			drillables.walk('sumary', '');
			expect.unreachable();
		} catch (error) {
			expect(error).toBeInstanceOf(DrillError);
			expect((error as DrillError).code).toBe('unknown_domain');
			expect((error as DrillError).line).toMatch(/^unknown domain "sumary"; registered: .*fake/u);
		}
	});

	it('refuses an unknown depth with the allowed ones', () => {
		expect(parseDepth(undefined)).toBe('index');
		expect(drillErrorOf(() => parseDepth('deep')).line).toBe('unknown depth "deep"; use one of: index, summary, full');
	});
});

describe('the runtime', () => {
	it('registers the built-in domains itself: no import has to remember to', () => {
		const runtime = createRuntime(config);
		try {
			expect(runtime.domains.availableDomains()).toEqual(['drills', 'knowledge', 'summary']);
		} finally {
			runtime.close();
		}
	});

	it('keeps registries apart: a domain registered in one runtime is unknown to another', () => {
		const registry = new DomainRegistry();
		expect(drillErrorOf(() => registry.registerDrillable('Bad Name', () => ({}) as TreeDrillable)).code).toBe('bad_argument');
		expect(new Drillables(config, registry).availableDomains()).toEqual([]);
		expect(drillErrorOf(() => new Drillables(config, registry).walk('summary', '')).line).toBe('unknown domain "summary"; registered: none');
	});
});
