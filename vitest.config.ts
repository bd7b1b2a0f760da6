import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}'],
		// Many tests spawn the CLI a dozen times; on a busy machine that alone can take half a minute.
		// A generous limit only delays the report of a test that hangs; it never hides a failure.
		testTimeout: 120_000,
		hookTimeout: 120_000,
	},
});
