import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';

test('the drills domain reaches the frames module only through its reading face', () => {
	const imports = [...readFileSync('source/domains/drills.ts', 'utf8').matchAll(/from '(\.\.\/frames\/[^']+)'/gu)].map((match) => match[1]);
	expect(imports).toEqual(['../frames/reading.js']);
});

test('the frames index gives the reading face whole, so the two cannot drift apart', async () => {
	const reading = await import('../../source/frames/reading.js');
	const index: Record<string, unknown> = await import('../../source/frames/index.js');
	for (const [name, value] of Object.entries(reading)) expect(index[name], name).toBe(value);
});
