import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {defineConfig} from 'vitest/config';
import {ptySizes} from './test/helpers/pty-sizes.js';

// A command run without --store opens the user's store ($XDG_DATA_HOME/drill/store.db): in the
// tests that is a folder of this run's own, never the developer's real one.
const userData = mkdtempSync(path.join(tmpdir(), 'drill-test-data-'));

// The terminal tests (a real pty) run at two sizes, a small terminal and a roomy one: every scenario
// must work in both (test/helpers/pty-screen.ts gives each pty the project's DRILL_PTY_SIZE). A test
// that sets its own size or reads no layout is `testAtOneSize`: it runs in the first project only.
const terminal = 'test/terminal/**/*.test.{ts,tsx}';

export default defineConfig({
	test: {
		// Many tests spawn the CLI a dozen times; on a busy machine that alone can take half a minute.
		// A generous limit only delays the report of a test that hangs; it never hides a failure.
		testTimeout: 120_000,
		env: {XDG_DATA_HOME: userData},
		hookTimeout: 120_000,
		// Vitest's default is one worker on two cores; most tests wait on a spawned CLI or a pty, so two
		// overlap well: on a quiet 2-core machine the suite took 528 s with two workers, 834 s with one.
		maxWorkers: 2,
		projects: [
			{extends: true, test: {name: 'unit', include: ['test/**/*.test.{ts,tsx}'], exclude: [terminal]}},
			...ptySizes.map((size) => ({extends: true as const, test: {name: `terminal ${size}`, include: [terminal], env: {DRILL_PTY_SIZE: size}}})),
		],
	},
});
