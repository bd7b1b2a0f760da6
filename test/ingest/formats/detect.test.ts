import {readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff, type FormatChoice} from '../../../source/ingest/formats/detect.js';
import {hashBytes, hashFile} from '../../../source/ingest/io/hash.js';
import {tempDir} from '../../helpers/cli.js';

const folder = tempDir();

async function detect(name: string, content: string | Buffer, choice: FormatChoice = 'auto') {
	const file = path.join(folder, name);
	writeFileSync(file, content);
	return sniff(file, statSync(file).size, choice);
}

describe('sniff', () => {
	it('hands over the bytes of a file its head holds whole (read once), and only then', async () => {
		const small = await detect('small.md', '# Notes\n\nshort page\n');
		expect(small.bytes?.toString()).toBe('# Notes\n\nshort page\n');
		expect(hashBytes(small.bytes!, 'salt')).toBe(await hashFile(path.join(folder, 'small.md'), 'salt'));
		expect((await detect('big.md', `# Notes\n\n${'word '.repeat(20_000)}\n`)).bytes).toBeUndefined();
		// A file that grew after it was listed is read again, whole.
		const file = path.join(folder, 'grown.md');
		writeFileSync(file, '# Notes\n\nlonger now\n');
		expect((await sniff(file, 5)).bytes).toBeUndefined();
		expect((await detect('empty.md', '')).bytes).toBeUndefined();
	});

	it('tells each fixture format from its content', async () => {
		const cases: Array<[string, string]> = [
			['fixtures/transcripts/claude-code-session.jsonl', 'claude-code'],
			['fixtures/transcripts/chatgpt-conversations.json', 'chatgpt'],
			['fixtures/transcripts/generic-chat.jsonl', 'generic-chat'],
			['fixtures/transcripts/generic-chat-parts.jsonl', 'generic-chat'],
			['fixtures/transcripts/broken-lines.jsonl', 'generic-chat'],
			['fixtures/docs/incident-review.md', 'markdown'],
			['fixtures/docs/design-notes.md', 'markdown'],
			['fixtures/docs/field-notes.txt', 'text'],
			['fixtures/docs/blog-post.html', 'html'],
		];
		for (const [file, format] of cases) expect((await sniff(file, statSync(file).size)).format, file).toBe(format);
	});

	it('goes by content, not by the name', async () => {
		expect((await detect('notes.txt', '# Title\n\nSome text.\n')).format).toBe('markdown');
		expect((await detect('page.txt', '<!DOCTYPE html><html><body><p>x</p></body></html>')).format).toBe('html');
		expect((await detect('chat.txt', '{"role":"user","content":"hi"}\n')).format).toBe('generic-chat');
		expect((await detect('items.data', '[{"namespace":"document","item_id":"a","nodes":[]}]')).format).toBe('summary-json');
		expect((await detect('plain.md', 'Just words in a file with a markdown name.\n')).format).toBe('markdown');
		expect((await detect('plain', 'Just words.\n')).format).toBe('text');
	});

	it('reads a log whose JSON lines follow a line or two the CLI printed first, and only a log', async () => {
		// gemini -p … --output-format stream-json > log.jsonl can start with "Loaded cached credentials." (gemini-cli #5287).
		const stream = '{"type":"init","timestamp":"2026-07-16T08:11:55.484Z","session_id":"a559d264","model":"auto"}\n{"type":"message","timestamp":"2026-07-16T08:11:55.485Z","role":"user","content":"say hi only"}\n';
		const logged = await detect('gemini.jsonl', `Loaded cached credentials.\n${stream}`);
		expect(logged.format).toBe('gemini-cli');
		expect(logged.head.startsWith('{"type":"init"')).toBe(true);
		expect((await detect('run.log', `YOLO mode is enabled. All tool calls will be automatically approved.\nLoaded cached credentials.\n${stream}`)).format).toBe('gemini-cli');
		// A page that shows such lines under its title stays a page; so does text before other JSON.
		expect((await detect('format.md', `# The stream format\n${stream}`)).format).toBe('markdown');
		expect((await detect('notes.txt', 'Results of the run\n{"ok": true, "count": 3}\n')).format).toBe('text');
	});

	it('refuses binary, empty, UTF-16, invalid UTF-8 and unknown JSON with a reason', async () => {
		expect((await detect('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).problem).toMatch(/binary/u);
		expect((await detect('empty.md', '')).problem).toBe('is empty');
		expect((await detect('blank.md', '\n \n\t\n')).problem).toMatch(/only white space/u);
		expect((await detect('utf16.txt', Buffer.from('\ufeffhello', 'utf16le'))).problem).toMatch(/UTF-16/u);
		const latin1 = await detect('latin1.txt', Buffer.concat([Buffer.from('line one\ncaf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
		expect(latin1.problem).toMatch(/not valid UTF-8 \(line 2, byte 12\)/u);
		expect((await detect('package.json', '{"name": "x", "version": "1.0.0"}\n')).problem).toBe('is JSON but no session format drill reads (top-level keys: name, version); drill ingest --help lists the formats');
	});

	it('reads an agent log with a byte that is not UTF-8 (its reader marks the line), and still refuses a document with one', async () => {
		const cut = Buffer.from([0xe6, 0x96]);
		const log = readFileSync('fixtures/agents/real/claude-code/4eb362e5-e40d-4f92-be47-a5eb907628b9.jsonl');
		const second = log.indexOf(10) + 1;
		const damaged = Buffer.concat([log.subarray(0, second + 40), cut, log.subarray(second + 40)]);
		expect(await detect('cut.jsonl', damaged)).toMatchObject({format: 'claude-code'});
		const page = Buffer.concat([Buffer.from('# Notes\n\ncaf'), cut, Buffer.from(' au lait\n')]);
		expect((await detect('page.md', page)).problem).toMatch(/^is not valid UTF-8 \(line 3, byte 12\); convert it to UTF-8/u);
	});

	it('calls JSON of nested arrays JSON, however deep and wherever the head cuts it, never a text document', async () => {
		for (const [name, content] of [
			['nested.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
			['matrix.json', '[[1, 2.5e3, -0.1], [true, null, "x"], []]'],
			['pretty.json', '[\n  [\n    1,\n    2\n  ]\n]\n'],
			['cut.json', `[${'[1, 2, "three", {"four": [5]}], '.repeat(20_000)}`],
		]) {
			const sniffed = await detect(name!, content!);
			expect(sniffed.problem, name).toMatch(/^is JSON but no session format drill reads/u);
			expect(sniffed.notASource, name).toBe(true);
		}
		for (const [name, content] of [
			['footnote.txt', '[1] The first source, cited below.\n\nMore prose.\n'],
			['link.md', '[The guide](https://example.com) says more.\n'],
			['bracket.txt', '[[wiki link]] and text\n'],
		]) expect((await detect(name!, content!)).format, name).toMatch(/^(?:text|markdown)$/u);
	});

	it('honours a forced format, and refuses a transcript format for other content', async () => {
		expect((await detect('forced.md', '# Not a heading for text\n', 'text')).format).toBe('text');
		expect((await detect('notes2.md', '# Title\n', 'transcript')).problem).toBe('is not a conversation log drill reads; it looks like markdown');
	});
});

describe('invalidUtf8At', () => {
	it('agrees with a strict decoder on any bytes', async () => {
		const fc = await import('fast-check');
		const {invalidUtf8At} = await import('../../../source/text/utf8.js');
		fc.assert(
			fc.property(fc.uint8Array({maxLength: 64}), fc.string({unit: 'grapheme', maxLength: 16}), (noise, text) => {
				const bytes = Buffer.concat([Buffer.from(text), Buffer.from(noise)]);
				let valid = true;
				try {
					new TextDecoder('utf-8', {fatal: true}).decode(bytes);
				} catch {
					valid = false;
				}
				expect(invalidUtf8At(bytes, true) === undefined).toBe(valid);
			}),
			{numRuns: 2000},
		);
	});
});
