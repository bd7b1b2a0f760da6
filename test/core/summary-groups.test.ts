import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {encodeGroupValue, formatGroupId, groupKeys, parseGroupKey} from '../../source/core/summary-groups.js';
import {formatSummaryNodeId, parseSummaryNodeId} from '../../source/core/summary-node-id.js';
import {drillErrorOf} from '../helpers/errors.js';

describe('group node ids', () => {
	it('parses the grouping of a namespace and one group of each key', () => {
		expect(parseSummaryNodeId('conversation_session#project')).toEqual({kind: 'grouping', namespace: 'conversation_session', key: 'project'});
		expect(parseSummaryNodeId('conversation_session#agent=claude-code')).toEqual({kind: 'group', namespace: 'conversation_session', key: 'agent', value: 'claude-code'});
		expect(parseSummaryNodeId('conversation_session#day=2026-11-28')).toEqual({kind: 'group', namespace: 'conversation_session', key: 'day', value: '2026-11-28'});
		expect(parseSummaryNodeId('document#folder=guides/setup')).toEqual({kind: 'group', namespace: 'document', key: 'folder', value: 'guides/setup'});
		expect(parseSummaryNodeId('conversation_session#project=')).toEqual({kind: 'group', namespace: 'conversation_session', key: 'project', value: ''});
	});

	it('percent-encodes "%", white space and controls, and nothing else', () => {
		expect(encodeGroupValue('/Users/me/My Projects/100%')).toBe('/Users/me/My%20Projects/100%25');
		expect(encodeGroupValue('a\tb\nc\u001bd\u202e')).toBe('a%09b%0Ac%1Bd%E2%80%AE');
		expect(encodeGroupValue('/home/ana/src/api:v2#x=é')).toBe('/home/ana/src/api:v2#x=é');
		expect(formatGroupId('ns', 'project', '/Users/me/My Projects')).toBe('ns#project=/Users/me/My%20Projects');
		expect(parseSummaryNodeId('ns#project=/Users/me/My%20Projects')).toMatchObject({value: '/Users/me/My Projects'});
	});

	it('takes encoded controls as data (a stored value may hold them), never raw ones', () => {
		expect(parseSummaryNodeId('ns#project=%1B%5B2J%00')).toMatchObject({value: '\u001b[2J\u0000'});
		expect(formatGroupId('ns', 'project', '\u001b[2J\u0000')).toBe('ns#project=%1B[2J%00');
	});

	it('accepts a value with more escapes than needed and gives back the canonical id', () => {
		const parsed = parseSummaryNodeId('ns#project=%2Fhome%2Fana');
		expect(parsed).toEqual({kind: 'group', namespace: 'ns', key: 'project', value: '/home/ana'});
		expect(formatSummaryNodeId(parsed)).toBe('ns#project=/home/ana');
	});

	it.each([
		['ns#color=red', /unknown group key "color"/u],
		['ns#', /unknown group key ""/u],
		['ns#Project', /unknown group key "Project"/u],
		['ns#folder=..', /no empty, "\." or "\.\." segments/u],
		['ns#folder=a/../../etc', /no empty, "\." or "\.\." segments/u],
		['ns#folder=a/./b', /no empty, "\." or "\.\." segments/u],
		['ns#folder=a//b', /no empty/u],
		['ns#folder=a/', /no "\/" at the end/u],
		['ns#folder=', /the top is \{namespace\}#folder/u],
		['ns#folder=%2E%2E', /segments/u],
		['ns#project=a b', /white space and control characters .* %XX/u],
		['ns#project=a\u001b[2Jb', /white space and control characters/u],
		['ns#project=%', /does not start a UTF-8 escape/u],
		['ns#project=%E9', /does not start a UTF-8 escape/u],
		['ns#project=%ZZ', /does not start a UTF-8 escape/u],
		['ns#day=2026-13-01', /a day is YYYY-MM-DD/u],
		['ns#day=2026-02-30', /a day is YYYY-MM-DD/u],
		['ns#day=yesterday', /a day is YYYY-MM-DD/u],
		['ns#day=', /a day is YYYY-MM-DD/u],
		['n s#project', /namespace before "#"/u],
		['#project', /namespace before "#"/u],
		[`ns#project=${'x'.repeat(5000)}`, /longer than 4096 characters/u],
		[`ns#project=${'%41'.repeat(6000)}`, /at most 16384 characters/u],
	])('refuses %j as bad_node_id, listing the group keys', (id, why) => {
		const error = drillErrorOf(() => parseSummaryNodeId(id));
		expect(error.code).toBe('bad_node_id');
		expect(error.message).toMatch(why);
		expect(error.hint).toContain('project, agent, day, folder');
		expect(error.message.length).toBeLessThan(300);
	});

	it('never collides with the seed shapes: every id parses to one kind, and groups only with "#" before any ":"', () => {
		const text = fc.string({unit: fc.constantFrom('a', ':', '#', '=', 'n', '1', '/', '%', '2', '0', 'project', 'folder', 'day', 'agent', ' ', '.')});
		fc.assert(
			fc.property(text, (input) => {
				let parsed;
				try {
					parsed = parseSummaryNodeId(input);
				} catch {
					return;
				}
				const hash = input.indexOf('#');
				const isGroup = hash !== -1 && !input.slice(0, hash).includes(':');
				expect(parsed.kind === 'group' || parsed.kind === 'grouping').toBe(isGroup);
				expect(parseSummaryNodeId(formatSummaryNodeId(parsed))).toEqual(parsed);
			}),
			{numRuns: 5000},
		);
	});

	it('formats any value to an id that parses back to it', () => {
		const value = fc.string({unit: 'grapheme', maxLength: 40});
		fc.assert(
			fc.property(value, (raw) => {
				const id = formatGroupId('ns', 'project', raw);
				expect(parseSummaryNodeId(id)).toEqual({kind: 'group', namespace: 'ns', key: 'project', value: raw});
				expect(id).not.toMatch(/[\s\u0000-\u001f]/u);
			}),
			{numRuns: 2000},
		);
	});

	it('checks the groupBy of a view: undefined when absent, the key, or an error naming the keys', () => {
		expect(parseGroupKey(undefined)).toBeUndefined();
		expect(parseGroupKey('')).toBeUndefined();
		for (const key of groupKeys) expect(parseGroupKey(key)).toBe(key);
		const error = drillErrorOf(() => parseGroupKey('colour'));
		expect(error.code).toBe('bad_argument');
		expect(error.line).toBe('unknown grouping "colour"; group by one of: project, agent, day, folder, machine, user — e.g. conversation_session#project or conversation_session#day=2026-11-28');
		expect(drillErrorOf(() => parseGroupKey(3)).code).toBe('bad_argument');
	});
});
