import {describe, expect, it} from 'vitest';
import {PhaseTimes, phaseLine, profileTable} from '../../source/ingest/phase-times.js';

describe('PhaseTimes', () => {
	it('counts each moment for the phase current then, a nested phase pausing the outer one', async () => {
		let now = 0;
		const times = new PhaseTimes(() => now);
		times.enter('read');
		now = 1000;
		await times.during('summarize', async () => {
			now = 3000;
			times.within('index', () => {
				now = 3500;
			});
			now = 4000;
		});
		now = 4500;
		times.enter(undefined);
		now = 5000;
		times.within('train', () => {
			now = 6000;
		});
		// A job on this thread read its file for 0.5 s of the summarize phase's time.
		times.move('summarize', 'read', 500);
		expect(times.seconds()).toEqual({read: 2, summarize: 2, index: 0.5, train: 1, wall: 6});
	});

	it('writes one line for a run and a table for --profile', () => {
		const phases = {read: 1, summarize: 2, index: 0.5, train: 0.25, wall: 4};
		expect(phaseLine(phases)).toBe('read 1.0 s · summarize 2.0 s · index 0.5 s · train 0.3 s (wall 4.0 s)');
		const table = profileTable(phases, 8e6);
		expect(table).toMatch(/summarize +2\.000 s +50\.0 % +4\.00 MB\/s/u);
		expect(table).toMatch(/other +0\.250 s/u);
		expect(table).toMatch(/wall +4\.000 s +2\.00 MB\/s/u);
	});
});
