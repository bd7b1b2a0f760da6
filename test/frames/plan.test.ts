import {describe, expect, it} from 'vitest';
import {parsePlanText, validatePlan} from '../../source/frames/plan/plan.js';
import {action} from './helpers.js';
import {drillErrorOf} from '../helpers/errors.js';

const refusal = drillErrorOf;

describe('prevention plans', () => {
	it('accepts an empty plan, an array, and an object holding prevention_plan', () => {
		expect(validatePlan([])).toEqual([]);
		expect(validatePlan({prevention_plan: []})).toEqual([]);
		expect(validatePlan([action()])).toEqual([action()]);
		expect(validatePlan({prevention_plan: [action({scope: 'User', sink: ' Memory '})]})[0]).toMatchObject({scope: 'user', sink: 'memory'});
	});

	it('joins an evidence list and folds white space', () => {
		expect(validatePlan([{...action(), evidence: ['a.log:3', 'b.md#x'], action: ' Add\n an   index '}])[0]).toMatchObject({evidence: 'a.log:3; b.md#x', action: 'Add an index'});
	});

	it.each(['action', 'scope', 'sink', 'owner', 'evidence'])('refuses an action without %s, naming the field', (field) => {
		const item: Record<string, string> = action();
		delete item[field];
		const error = refusal(() => validatePlan([action(), item]));
		expect(error.code).toBe('plan_invalid');
		expect(error.message).toBe(`prevention_plan[1]: "${field}" is missing`);
		expect(error.hint).toContain('action, scope, sink, owner, evidence');
	});

	it('refuses an unknown sink or scope with the allowed words', () => {
		const sink = refusal(() => validatePlan([action({sink: 'wiki'})]));
		expect(sink.message).toBe('prevention_plan[0]: "sink" is "wiki", not one of: backlog, memory, knowledgebase, agentic-documents, upstream-issue, code, workaround');
		const scope = refusal(() => validatePlan([action({scope: 'team'})]));
		expect(scope.message).toContain('not one of: universal, project, user, agent, session');
	});

	it('refuses shapes that are not plans', () => {
		expect(refusal(() => validatePlan('fix it')).message).toContain('must be an array');
		expect(refusal(() => validatePlan({actions: []})).message).toContain('without a "prevention_plan" array');
		expect(refusal(() => validatePlan([42])).message).toBe('prevention_plan[0] is not an object');
		expect(refusal(() => validatePlan([action({owner: '  '})])).message).toBe('prevention_plan[0]: "owner" is empty');
		expect(refusal(() => validatePlan([{...action(), owner: 7}])).message).toBe('prevention_plan[0]: "owner" must be text, got number');
	});

	it('reads JSON and YAML, by extension or by trying', () => {
		expect(parsePlanText('[]', 'plan.json')).toEqual([]);
		expect(parsePlanText('- action: a\n  scope: project\n', 'plan.yaml')).toEqual([{action: 'a', scope: 'project'}]);
		expect(parsePlanText('prevention_plan: []', 'plan.txt')).toEqual({prevention_plan: []});
		const broken = refusal(() => parsePlanText('[{"action": ', 'plan.json'));
		expect(broken.code).toBe('plan_invalid');
		expect(broken.message).toMatch(/^plan\.json is not valid JSON/u);
		expect(refusal(() => parsePlanText('  ', 'plan.yaml')).hint).toContain('[]');
	});

	it('says a plan nested 100,000 levels deep nests too deeply, in one line, in YAML or JSON', () => {
		for (const [name, text] of [
			['plan.yaml', `${'- '.repeat(20_000)}x\n`],
			['plan.yaml', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
			['plan.json', `${'['.repeat(10_000_000)}`],
		] as const) {
			const deep = refusal(() => validatePlan(parsePlanText(text, name)));
			expect(deep.code, name).toBe('plan_invalid');
			expect(deep.line, name).not.toContain('Maximum call stack size exceeded');
			expect(deep.line.split('\n'), name).toHaveLength(1);
		}
	});
});
