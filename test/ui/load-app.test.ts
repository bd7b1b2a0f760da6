import {expect, test} from 'vitest';

test('Ink loads as on a terminal even in CI, and the environment is left as it was', async () => {
	const before = {...process.env};
	process.env.CI = 'true';
	process.env.CI_JOB_ID = '7';
	const {loadRunApp} = await import('../../source/ui/load-app.js');
	const {runApp} = await loadRunApp();
	expect(typeof runApp).toBe('function');
	expect(process.env.CI).toBe('true');
	expect(process.env.CI_JOB_ID).toBe('7');
	expect(typeof globalThis.fetch).toBe('function');
	process.env = before;
});
