import {expect, test} from 'vitest';

test('Ink loads as on a terminal even in CI, and the environment is left as it was', async () => {
	const before = {...process.env};
	const fetchBefore = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
	try {
		process.env.CI = 'true';
		process.env.CI_JOB_ID = '7';
		const {loadRunApp} = await import('../../source/ui/load-app.js');
		const loaded = await loadRunApp();
		expect(loaded.runApp).toBe((await import('../../source/ui/run-app.js')).runApp);
		expect(process.env.CI).toBe('true');
		expect(process.env.CI_JOB_ID).toBe('7');
		expect(Object.getOwnPropertyDescriptor(globalThis, 'fetch')).toEqual(fetchBefore);
	} finally {
		process.env = before;
	}
});
