import {describe, expect, it} from 'vitest';
import {closedJsonPrefix, isJsonPrefix} from '../../../source/ingest/io/json-prefix.js';

describe('isJsonPrefix', () => {
	it('takes whole and cut JSON arrays and objects, and JSON lines', () => {
		for (const text of ['[]', '{}', '[[[]]]', '{"a": [1, {"b": null}]}', '[1, 2', '{"a": "cut in the mid', '[1.5e', '[tru', '  \n[\n  1,\n', '{"a":1}\n{"a":2}', `${'['.repeat(500_000)}`]) {
			expect(isJsonPrefix(text), text.slice(0, 40)).toBe(true);
		}
	});

	it('refuses prose, and JSON that goes wrong', () => {
		for (const text of ['', 'text', '"a string"', '42', '[1] a footnote', '[link](url)', '[[wiki]]', '{a: 1}', '[1 2]', '{"a" 1}', '[1]]', '[1] and more', '["a\u0001"]']) {
			expect(isJsonPrefix(text), text).toBe(false);
		}
	});
});

describe('closedJsonPrefix', () => {
	it('reads a document cut short up to its last whole member, its brackets closed', () => {
		expect(closedJsonPrefix('{"a": 1, "b": [2, {"c"')).toEqual({a: 1, b: [2, {}]});
		expect(closedJsonPrefix('{"a": 1, "b": [2, {"c": "x')).toEqual({a: 1, b: [2, {}]});
		expect(closedJsonPrefix('[{"x":1},{"y":')).toEqual([{x: 1}, {}]);
		expect(closedJsonPrefix('{"a":"b\\"c')).toEqual({});
		expect(closedJsonPrefix('{"a": 1,')).toEqual({a: 1});
		expect(closedJsonPrefix('{"requesterUsername": "me", "requests": [{"message": {"text": "hi"}, "response": [{"value": "Hel')).toEqual({requesterUsername: 'me', requests: [{message: {text: 'hi'}, response: [{}]}]});
	});

	it('takes a whole document as it is, and a number or literal cut at the end never', () => {
		expect(closedJsonPrefix('{"a": [], "b": {}, "c": "d"}')).toEqual({a: [], b: {}, c: 'd'});
		expect(closedJsonPrefix('{"a": 12')).toEqual({});
		expect(closedJsonPrefix('{"a": tr')).toEqual({});
		expect(closedJsonPrefix('[[[[1,2')).toEqual([[[[1]]]]);
	});

	it('is undefined for what is no JSON document', () => {
		expect(closedJsonPrefix('nope')).toBeUndefined();
		expect(closedJsonPrefix('{"a" "b"}')).toEqual({});
		expect(closedJsonPrefix('')).toBeUndefined();
	});
});
