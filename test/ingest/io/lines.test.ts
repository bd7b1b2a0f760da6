import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readLines, type Line} from '../../../source/ingest/io/lines.js';
import {tempDir} from '../../helpers/cli.js';

async function all(file: string, sizeHint?: number): Promise<Line[]> {
	const lines: Line[] = [];
	for await (const batch of readLines(file, undefined, sizeHint)) lines.push(...batch);
	return lines;
}

describe('readLines', () => {
	it('reads lines across chunk boundaries, without a BOM or carriage returns', async () => {
		const file = path.join(tempDir(), 'big.txt');
		const rows = Array.from({length: 60_000}, (_, i) => `row ${i} ${'é'.repeat(i % 50)}`);
		writeFileSync(file, `\uFEFF${rows.join('\r\n')}\r\n`);
		const lines = await all(file);
		expect(lines).toHaveLength(rows.length);
		expect(lines.map((line) => line.text)).toEqual(rows);
		expect(lines.at(-1)!.number).toBe(rows.length);
		// With the small buffer of a small file, and with a size hint the file has outgrown since.
		expect(await all(file, 100)).toEqual(lines);
		expect(await all(file, 0)).toEqual(lines);
	});

	it('reads bytes already in memory as it reads the file that held them', async () => {
		const text = '\uFEFFfirst\r\nsecond é\n\nlast';
		const lines: Line[] = [];
		for await (const batch of readLines(new Uint8Array(Buffer.from(text)))) lines.push(...batch);
		const file = path.join(tempDir(), 'same.txt');
		writeFileSync(file, text);
		expect(lines).toEqual(await all(file));
		expect(lines.map((line) => line.text)).toEqual(['first', 'second é', '', 'last']);
	});

	it('reports a line of invalid UTF-8 by number and keeps the others', async () => {
		const file = path.join(tempDir(), 'mixed.jsonl');
		writeFileSync(file, Buffer.concat([Buffer.from('first\n'), Buffer.from([0x73, 0xff, 0xfe, 0x0a]), Buffer.from('third')]));
		const lines = await all(file);
		expect(lines.map((line) => [line.number, line.text, line.problem])).toEqual([
			[1, 'first', undefined],
			[2, '', 'is not valid UTF-8'],
			[3, 'third', undefined],
		]);
	});

	it('says a line is too long, and how to fix that, rather than blaming the encoding', async () => {
		const file = path.join(tempDir(), 'one-line.txt');
		writeFileSync(file, `${'pool retry '.repeat(3_200_000)}\nsecond line\n`);
		const lines = await all(file);
		expect(lines.map((line) => [line.number, line.text, line.problem])).toEqual([
			[1, '', 'is longer than the limit of 32 MB for one line'],
			[2, 'second line', undefined],
		]);
		expect(lines[0]!.fix).toMatch(/^break it into lines or paragraphs .* one line may hold at most 32 MB$/u);
		expect(lines[0]!.fix).not.toContain('UTF-8');
	});

	it('counts the bytes it reads', async () => {
		const file = path.join(tempDir(), 'small.txt');
		writeFileSync(file, 'a\nb\n');
		let bytes = 0;
		for await (const batch of readLines(file, (n) => (bytes += n))) void batch;
		expect(bytes).toBe(4);
	});
});
