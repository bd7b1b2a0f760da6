import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';

describe('DrillError.category', () => {
	it('tells a failure of the store (stop) from one of the input at hand (report it and go on)', () => {
		for (const code of ['store_unreadable', 'store_corrupt', 'store_newer', 'store_readonly', 'store_busy', 'store_full'] as const) expect(new DrillError(code, 'x').category).toBe('store');
		expect(new DrillError('bad_input', 'x').category).toBe('input');
		expect(new DrillError('embedder_failed', 'x').category).toBe('embedder');
		expect(new DrillError('frame_locked', 'x').category).toBe('frame');
		expect(new DrillError('io_error', 'x').category).toBe('io');
	});
});
