import {describe, expect, it} from 'vitest';
import {Progress} from '../../source/ingest/progress.js';

/** A terminal that keeps what is drawn, and a clock the test moves. */
function fakeRun(totalFiles: number, totalBytes: number) {
	const writes: string[] = [];
	const out = {isTTY: true, columns: 200, write: (text: string) => writes.push(text)} as unknown as NodeJS.WriteStream;
	let now = 0;
	const progress = new Progress(out, totalFiles, totalBytes, true, () => now);
	return {
		progress,
		writes,
		at(seconds: number) {
			now = seconds * 1000;
		},
		/** The ETA the bar shows now, in seconds (undefined when it shows none). */
		eta(): number | undefined {
			progress.read(0);
			const match = /ETA (\d+):(\d\d)/u.exec(writes.at(-1) ?? '');
			return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
		},
	};
}

describe('the ingest ETA', () => {
	it('says when a steady 13 s run ends, though each file is read before it is summarized (not 0:08)', () => {
		const mb = 1_000_000;
		const run = fakeRun(13, 13 * mb);
		const predictions: Array<{at: number; end: number}> = [];
		for (let file = 0; file < 13; file++) {
			run.at(file);
			run.progress.file(`page-${file}.md`);
			// The whole file is read at once, then summarizing and writing it takes the second.
			run.progress.read(mb);
			for (const part of [0.25, 0.5, 0.75]) {
				run.at(file + part);
				const eta = run.eta();
				if (eta !== undefined) predictions.push({at: file + part, end: file + part + eta});
			}
			run.at(file + 1);
			run.progress.fileDone(mb);
		}
		expect(predictions.length).toBeGreaterThan(20);
		// Every ETA shown (whole seconds) puts the end at 13 s (a bar that said 0:08 at 2.5 s said 10.5 s).
		for (const {at, end} of predictions) expect({at, off: Math.abs(end - 13) <= 0.5}).toEqual({at, off: true});
	});

	it('takes files skipped as unchanged off what is left, not into the rate', () => {
		const mb = 1_000_000;
		const run = fakeRun(12, 12 * mb);
		for (let file = 0; file < 6; file++) run.progress.fileDone(mb, true);
		for (let file = 0; file < 6; file++) {
			run.at(file + 0.5);
			const eta = run.eta();
			if (file >= 1) expect(Math.abs(file + 0.5 + eta! - 6)).toBeLessThanOrEqual(0.5);
			run.at(file + 1);
			run.progress.fileDone(mb);
		}
	});

	it('shows no ETA before there is evidence, and the training phase with its time once the files are done', () => {
		const run = fakeRun(2, 2_000);
		run.progress.file('a.md');
		expect(run.eta()).toBeUndefined();
		run.at(2);
		run.progress.fileDone(1_000);
		run.progress.fileDone(1_000);
		run.progress.stage('training the semantic model');
		run.at(5);
		run.progress.read(0);
		expect(run.writes.at(-1)).toContain('training the semantic model 0:03');
		expect(run.writes.at(-1)).not.toContain('ETA');
	});
});
