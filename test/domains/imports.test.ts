import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';

test('the drills domain reaches the frames module only through its index', () => {
	const imports = [...readFileSync('source/domains/drills.ts', 'utf8').matchAll(/from '(\.\.\/frames\/[^']+)'/gu)].map((match) => match[1]);
	expect(imports).toEqual(['../frames/index.js']);
});
