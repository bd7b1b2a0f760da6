import {afterEach, beforeEach} from 'vitest';
import {tempDir} from './cli.js';

/**
 * Points TMPDIR at a fresh folder for each test of the enclosing describe (and back after it), so
 * a test sees every temporary file drill leaves there. Returns the current test's folder.
 */
export function ownTmpdir(): () => string {
	let tmp = '';
	let saved: string | undefined;
	beforeEach(() => {
		saved = process.env.TMPDIR;
		tmp = tempDir('drill-tmp-');
		process.env.TMPDIR = tmp;
	});
	afterEach(() => {
		if (saved === undefined) delete process.env.TMPDIR;
		else process.env.TMPDIR = saved;
	});
	return () => tmp;
}
