import {describe, expect, it} from 'vitest';
import {ItemProgress} from '../../source/team/progress.js';

function terminal(): NodeJS.WriteStream & {written: string} {
	const stream = {written: '', isTTY: true, columns: 100, write(text: string) {
		stream.written += text;
		return true;
	}};
	return stream as unknown as NodeJS.WriteStream & {written: string};
}

describe('the push and pull progress bar', () => {
	it('draws items done of all, megabytes, rate and time left on one line, and clears it at the end', () => {
		const stream = terminal();
		const bar = new ItemProgress(stream, 'push', 1000);
		bar.add(1000, 5_000_000);
		expect(stream.written).toMatch(/^\r\u001b\[2Kpush █{24}  1000\/1000 items  5\.0 MB  \d+ items\/s  ETA 0:00$/u);
		bar.end();
		expect(stream.written.endsWith('\r\u001b[2K')).toBe(true);
	});

	it('stays silent off a terminal', () => {
		const stream = terminal();
		stream.isTTY = false;
		const bar = new ItemProgress(stream, 'pull', 10);
		bar.add(5, 100);
		bar.end();
		expect(stream.written).toBe('');
	});
});
