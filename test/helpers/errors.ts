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
