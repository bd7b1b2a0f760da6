import {describe, expect, it} from 'vitest';
import {formatAsciicast, parseAsciicast} from '../../source/record/asciicast.js';
import {namedKeys, parseKeyScript} from '../../source/record/key-script.js';
import {drillErrorOf} from '../helpers/errors.js';

describe('key scripts', () => {
	it('parses text, every named key, ctrl keys, waits and wait-for', () => {
		const names = Object.keys(namedKeys);
		const steps = parseKeyScript(`# a comment\njj${names.map((name) => `<${name}>`).join('')}<c-d><C-U>\n/retry storm<enter><wait 600ms><wait 1.5s><wait-for "Pool exhaustion"><wait-for "a \\"quoted\\" word" 2s>`);
		expect(steps[0]).toEqual({kind: 'keys', bytes: 'jj', label: 'jj', line: 2, column: 1});
		expect(steps.slice(1, 1 + names.length).map((step) => (step.kind === 'keys' ? step.bytes : ''))).toEqual(names.map((name) => namedKeys[name]));
		const rest = steps.slice(1 + names.length);
		expect(rest).toEqual([
			{kind: 'keys', bytes: '\u0004', label: '<c-d>', line: 2, column: expect.any(Number)},
			{kind: 'keys', bytes: '\u0015', label: '<c-u>', line: 2, column: expect.any(Number)},
			{kind: 'keys', bytes: '/retry storm', label: '/retry storm', line: 3, column: 1},
			{kind: 'keys', bytes: '\r', label: '<enter>', line: 3, column: 13},
			{kind: 'wait', ms: 600, line: 3, column: 20},
			{kind: 'wait', ms: 1500, line: 3, column: 32},
			{kind: 'wait-for', text: 'Pool exhaustion', timeoutMs: 5000, line: 3, column: 43},
			{kind: 'wait-for', text: 'a "quoted" word', timeoutMs: 2000, line: 3, column: 71},
		]);
	});

	it.each([
		['abc<enter', 1, 4, 'never closed'],
		['ok\n  <bogus>', 2, 3, 'unknown key <bogus>'],
		['<wait soon>', 1, 1, '"soon" is not a duration'],
		['<wait>', 1, 1, 'write <wait 600ms>'],
		['<wait-for text>', 1, 1, 'write <wait-for "text">'],
		['<wait-for "">', 1, 1, 'needs some text'],
		['<>', 1, 1, 'empty tag'],
		['a\tb', 1, 2, 'control character U+0009'],
	])('refuses %j at line %i, column %i', (script, line, column, message) => {
		const error = drillErrorOf(() => parseKeyScript(script));
		expect(error.message).toContain(`line ${line}, column ${column}`);
		expect(error.message).toContain(message);
	});
});

describe('asciicast v2', () => {
	it('writes a header and events that read back', () => {
		const text = formatAsciicast({version: 2, width: 80, height: 24, title: 'demo', env: {TERM: 'xterm-256color'}}, [
			[0, 'o', 'hello'],
			[0.5, 'o', '\u001b[2J'],
		]);
		expect(parseAsciicast(text)).toEqual({
			header: {version: 2, width: 80, height: 24, title: 'demo', env: {TERM: 'xterm-256color'}},
			events: [
				[0, 'o', 'hello'],
				[0.5, 'o', '\u001b[2J'],
			],
		});
		expect(() => parseAsciicast(`${JSON.stringify({version: 1})}\n`)).toThrow(/asciicast v2/u);
	});
});
