import {describe, expect, it} from 'vitest';
import {parseItems} from '../../source/store/interchange.js';
import {readItems, type ReadEntry} from '../../source/store/interchange-stream.js';
import {makeItem} from '../helpers/items.js';

/** The input cut into chunks of `size` bytes, so lines and multibyte characters straddle them. */
async function* chunked(text: string | Buffer, size: number): AsyncGenerator<Buffer> {
	const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
	for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(text: string | Buffer, size = 7): Promise<{items: string[]; failed: Array<{line?: number; index?: number; reason: string}>}> {
	const entries: ReadEntry[] = [];
	for await (const entry of readItems(chunked(text, size))) entries.push(entry);
	return {
		items: entries.flatMap((entry) => ('item' in entry ? [entry.item.item_id] : [])),
		failed: entries.flatMap((entry) => ('failure' in entry ? [entry.failure] : [])),
	};
}

function viaParseItems(text: string) {
	const parsed = parseItems(text);
	return {items: parsed.items.map((item) => item.item_id), failed: parsed.failed};
}

describe('reading interchange input as it arrives', () => {
	const a = makeItem('page', 'a');
	const b = {...makeItem('page', 'b'), title: 'Über — 漢字 🙂'};
	const inputs = {
		'one item on one line': JSON.stringify(a),
		'one item over many lines': JSON.stringify(a, null, 2),
		'an array': JSON.stringify([a, b]),
		'an array over many lines': JSON.stringify([a, b], null, 2),
		'JSON lines with a BOM, CRLF and blank lines': `\uFEFF${JSON.stringify(a)}\r\n\r\n${JSON.stringify(b)}\r\n`,
		'JSON lines with a broken line and a bad item': `${JSON.stringify(a)}\n{"namespace": "page"\n${JSON.stringify({...makeItem('page', 'c'), nodes: []})}\n${JSON.stringify(b)}`,
		'a bad item alone': JSON.stringify({...a, nodes: []}),
		'JSON lines whose first line is broken': `{"namespace"\n${JSON.stringify(a)}\n${JSON.stringify(b)}`,
		'an array then a line': `[${JSON.stringify(a)}]\n${JSON.stringify(b)}`,
	};
	for (const [name, text] of Object.entries(inputs)) {
		it(`gives parseItems' answer for ${name}, however the bytes are cut`, async () => {
			for (const size of [1, 3, 7, 64, 1 << 20]) expect(await read(text, size)).toEqual(viaParseItems(text));
		});
	}

	it('refuses empty input and text that is not JSON, as parseItems does', async () => {
		await expect(read('  \n\n')).rejects.toThrowError(/the input is empty/u);
		await expect(read('hello\nworld')).rejects.toThrowError(/not JSON/u);
	});

	it('stops at the first binary line with one failure, keeping the items before it', async () => {
		const noise = Buffer.concat([Buffer.from(`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`), Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a, 0x80, 0x0a, 0xc3, 0x28, 0x0a])]);
		const answer = await read(noise);
		expect(answer.items).toEqual(['a', 'b']);
		expect(answer.failed).toHaveLength(1);
		expect(answer.failed[0]!.reason).toMatch(/line 3 of the input is not UTF-8 text.*binary/u);
	});

	it('refuses binary input that starts binary in one line, before anything is read as an item', async () => {
		await expect(read(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x0a, 0x7b, 0x0a]))).rejects.toThrowError(/line 1 of the input is not UTF-8 text/u);
	});

	it('hands JSON lines on before the input ends', async () => {
		let release!: () => void;
		const gate = new Promise<void>((resolve) => {
			release = resolve;
		});
		async function* slow(): AsyncGenerator<Buffer> {
			yield Buffer.from(`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`);
			await gate;
			yield Buffer.from(`${JSON.stringify(makeItem('page', 'c'))}\n`);
		}
		const seen: string[] = [];
		for await (const entry of readItems(slow())) {
			if ('item' in entry) seen.push(entry.item.item_id);
			// The third line is not sent until the first two were handed on.
			if (seen.length === 2) release();
		}
		expect(seen).toEqual(['a', 'b', 'c']);
	});
});
