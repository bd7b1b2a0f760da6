import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {RequestIdScanner} from '../../source/mcp/request-id-scanner.js';

function scan(line: string, cuts: number[] = []): string | number | null {
	const bytes = Buffer.from(line);
	const scanner = new RequestIdScanner();
	let from = 0;
	for (const cut of [...cuts].sort((a, b) => a - b)) {
		scanner.feed(bytes.subarray(from, Math.min(cut, bytes.length)));
		from = Math.min(cut, bytes.length);
	}
	scanner.feed(bytes.subarray(from));
	return scanner.id;
}

describe('RequestIdScanner', () => {
	it('finds the top-level id wherever it is, not one nested in params', () => {
		expect(scan('{"jsonrpc":"2.0","id":7,"method":"x"}')).toBe(7);
		expect(scan('{"method":"x","params":{"id":99,"q":"\\"id\\":5"},"jsonrpc":"2.0","id":"abc"}')).toBe('abc');
		expect(scan('{"params":{"a":[{"id":1}]},"id" : -3.5 }')).toBe(-3.5);
		expect(scan('{"id":null,"method":"x"}')).toBe(null);
		expect(scan('{"method":"x","params":{"q":"no id here"}}')).toBe(null);
		expect(scan('[{"id":1}]')).toBe(null);
		expect(scan('{"id":"é\\u00e9 ok"}')).toBe('éé ok');
	});

	it('reads the id of any message, in any key order, however the bytes are cut', () => {
		const id = fc.oneof(fc.string(), fc.integer(), fc.double({noNaN: true, noDefaultInfinity: true}));
		fc.assert(
			fc.property(id, fc.jsonValue(), fc.boolean(), fc.array(fc.nat(400)), (value, params, idFirst, cuts) => {
				const message = idFirst ? {id: value, jsonrpc: '2.0', method: 'tools/call', params: {q: params}} : {jsonrpc: '2.0', method: 'tools/call', params: {q: params}, id: value};
				const line = JSON.stringify(message);
				expect(scan(line, cuts)).toBe(JSON.parse(JSON.stringify(value)));
			}),
			{numRuns: 500},
		);
	});
});
