import {describe, expect, it} from 'vitest';
import {isJsonPrefix} from '../../../source/ingest/io/json-prefix.js';

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
