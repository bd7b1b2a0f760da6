import {describe, expect, it} from 'vitest';
import {evidenceSpecificity, mergePlans, normalizeAction} from '../../source/frames/plan/merge.js';
import type {PropagatedAction} from '../../source/frames/plan/plan.js';

const entry = (from: string, depth: number, overrides: Partial<PropagatedAction> = {}): PropagatedAction => ({
	action: 'Add an index on orders(customer_id)',
	scope: 'project',
	sink: 'code',
	owner: 'drill',
	evidence: 'EXPLAIN output',
	from,
	depth,
	...overrides,
});

describe('post-drill merge', () => {
	it('normalizes case, spacing, quotes and punctuation', () => {
		expect(normalizeAction('  Add an `index`  on "orders".  ')).toBe(normalizeAction('add an index on orders'));
		expect(normalizeAction('Add an index on orders (customer_id).')).toBe(normalizeAction('add an index on orders(customer_id)'));
		expect(normalizeAction("Don't retry")).toBe('dont retry');
		expect(normalizeAction('Add an index on orders')).not.toBe(normalizeAction('Add an index on users'));
	});

	it('ranks evidence: a location over an artifact over prose', () => {
		expect(evidenceSpecificity('schema.sql:42')).toBe(2);
		expect(evidenceSpecificity('.drills/x/x.md#findings')).toBe(2);
		expect(evidenceSpecificity('logs/api.log')).toBe(1);
		expect(evidenceSpecificity('https://example.com/issue')).toBe(1);
		expect(evidenceSpecificity('the EXPLAIN output')).toBe(0);
	});

	it('dedupes by sink and action, keeps the most specific evidence and every source', () => {
		const merged = mergePlans([
			entry('aaaaaa', 1, {sink: 'backlog', action: 'Alert on pool waiters'}),
			entry('bbbbbb', 2),
			entry('cccccc', 3, {action: 'add an index on orders(customer_id).', evidence: 'db/schema.sql:42', owner: 'parent agent'}),
			entry('dddddd', 2, {sink: 'memory'}),
		]);
		expect(merged).toEqual([
			{action: 'Alert on pool waiters', scope: 'project', sink: 'backlog', owner: 'drill', evidence: 'EXPLAIN output', from: ['aaaaaa']},
			{action: 'add an index on orders(customer_id).', scope: 'project', sink: 'code', owner: 'parent agent', evidence: 'db/schema.sql:42', from: ['bbbbbb', 'cccccc']},
			{action: 'Add an index on orders(customer_id)', scope: 'project', sink: 'memory', owner: 'drill', evidence: 'EXPLAIN output', from: ['dddddd']},
		]);
	});

	it('breaks ties of specificity by depth, then by length', () => {
		expect(mergePlans([entry('aaaaaa', 1, {evidence: 'a.log'}), entry('bbbbbb', 2, {evidence: 'b.log'})])[0]!.evidence).toBe('b.log');
		expect(mergePlans([entry('aaaaaa', 2, {evidence: 'logs/longer.log'}), entry('bbbbbb', 2, {evidence: 'b.log'})])[0]!.evidence).toBe('logs/longer.log');
		expect(mergePlans([entry('aaaaaa', 3, {evidence: 'prose only'}), entry('bbbbbb', 1, {evidence: 'b.log'})])[0]!.evidence).toBe('b.log');
	});

	it('lists a drill once even when it proposed the same action twice', () => {
		expect(mergePlans([entry('aaaaaa', 1), entry('aaaaaa', 1, {action: 'ADD an index on orders(customer_id)'})])).toHaveLength(1);
		expect(mergePlans([entry('aaaaaa', 1), entry('aaaaaa', 1)])[0]!.from).toEqual(['aaaaaa']);
		expect(mergePlans([])).toEqual([]);
	});
});
