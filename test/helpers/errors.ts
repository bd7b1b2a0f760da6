import {expect} from 'vitest';
import {DrillError} from '../../source/core/errors.js';

/** Runs `action`, expects a DrillError, and returns it for closer checks. */
export function drillErrorOf(action: () => unknown): DrillError {
	try {
		action();
	} catch (error) {
		expect(error).toBeInstanceOf(DrillError);
		return error as DrillError;
	}
	throw new Error('expected a DrillError, but nothing was thrown');
}

/** The JSON a command printed, after checking that it succeeded without a word on stderr. */
export function okJson(result: {code: number; stdout: string; stderr: string}): any {
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	return JSON.parse(result.stdout);
}
