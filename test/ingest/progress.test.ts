import {describe, expect, it} from 'vitest';
import {drawsProgress, Progress} from '../../source/ingest/progress.js';

function stream(isTTY: boolean) {
	const writes: string[] = [];
	return {writes, stream: {isTTY, columns: 100, write: (text: string) => writes.push(text)} as unknown as NodeJS.WriteStream};
}

describe('Progress', () => {
	it('draws files, bytes, rate and ETA on a terminal, and clears itself', () => {
		const {writes, stream: out} = stream(true);
		const progress = new Progress(out, 4, 2_000_000, true);
		progress.file('docs/a.md');
		expect(writes.at(-1)).toMatch(/^\r\u001b\[2Kingest ░{24}  0\/4 files  0\.0\/2\.0 MB  0\.0 MB\/s  ETA –  docs\/a\.md$/u);
		progress.done();
		expect(writes.at(-1)).toBe('\r\u001b[2K');
	});

	it('stays silent when not on a terminal', () => {
		const {writes, stream: out} = stream(false);
		const progress = new Progress(out, 4, 100);
		progress.file('a');
		progress.read(50);
		progress.fileDone();
		progress.done();
		expect(writes).toEqual([]);
	});

	it('shows file names inert', () => {
		const {writes, stream: out} = stream(true);
		new Progress(out, 1, 1, true).file('evil\u001b]0;title\u0007.md');
		expect(writes.at(-1)).not.toContain('\u001b]');
	});
});

describe('drawsProgress', () => {
	it('draws on a terminal, not in CI nor into a pipe', () => {
		const tty = {isTTY: true} as NodeJS.WriteStream;
		expect(drawsProgress(tty, {})).toBe(true);
		expect(drawsProgress(tty, {CI: 'true'})).toBe(false);
		expect(drawsProgress({isTTY: false} as NodeJS.WriteStream, {})).toBe(false);
	});
});
