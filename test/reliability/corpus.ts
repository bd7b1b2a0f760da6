import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {makeFifo} from '../helpers/special-files.js';

/**
 * The reliability suite's hostile corpus, generated fresh each run: what earlier rounds and round
 * three of issue #29 threw at drill, as files in one folder. Each case says what must come of it
 * when the folder is ingested: an item, a problem reported against the file, or a file left out
 * and counted. Nothing may crash the run, stop it, hang it, or reach the terminal as a command.
 */
export interface CorpusCase {
	/** The path inside the corpus folder. */
	name: string;
	what: string;
	outcome: 'item' | 'problem' | 'skipped';
	/** For a problem: what its reason says. */
	reason?: RegExp;
}

const session = readFileSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), 'utf8');
const sessionId = /"sessionId":"([^"]+)"/u.exec(session)![1]!;

/** The fixture session under another session id: a session of its own. */
export function sessionNamed(id: string): string {
	return session.split(sessionId).join(id);
}

/** Escape and control sequences a hostile file can hold: titles, clipboard, hyperlinks, screen clearing, C1, bidi. */
export const escapes = ['\u001b]0;pwned title\u0007', '\u001b]52;c;Y3VybCBldmlsLnNo\u0007', '\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\', '\u001b[2J\u001b[H', '\u0007', '\u009b31m', '\u202egnp.exe', '\u001bP+q544e\u001b\\'];

const tinyLines = 150_000;

export function writeCorpus(root: string): CorpusCase[] {
	const cases: CorpusCase[] = [];
	const add = (name: string, content: string | Buffer, what: string, outcome: CorpusCase['outcome'], reason?: RegExp) => {
		const file = path.join(root, name);
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, content);
		cases.push({name, what, outcome, ...(reason ? {reason} : {})});
	};
	// Escapes, in content, titles and file names.
	add('escapes.md', `# Title ${escapes.join(' ')} end\n\n${escapes.map((escape, index) => `Paragraph ${index} holds ${escape} inside its words, about retry storms.`).join('\n\n')}\n`, 'escape sequences in a title and in text', 'item');
	add('bad\u001b]0;TITLE\u0007name.md', '# Odd name\n\nA page whose file name holds an OSC title sequence.\n', 'an OSC sequence in a file name', 'item');
	add('chat-escapes.jsonl', `${escapes.map((escape, index) => JSON.stringify({role: index % 2 ? 'assistant' : 'user', content: `message ${index} ${escape} about the cache`})).join('\n')}\n`, 'escape sequences in a chat', 'item');
	// Paths with a # (#29.2).
	add('notes#2.jsonl', sessionNamed('c0ffee00-0000-4000-8000-000000000029'), 'a # in a session file name', 'item');
	// Huge: a million-line log's shape at 150,000 lines (#29.4), one 3 MB line, a line past the 32 MB limit.
	add('tiny-lines.jsonl', `${Array.from({length: tinyLines}, (_, i) => JSON.stringify({role: i % 2 ? 'assistant' : 'user', content: `m${i}`})).join('\n')}\n`, `${tinyLines.toLocaleString('en')} one-word lines`, 'item');
	add('long-line.txt', `${Array.from({length: 400_000}, (_, i) => `word${i % 977}`).join(' ')}\n`, 'one 3 MB line of text', 'item');
	const huge = JSON.stringify({role: 'user', content: 'x'.repeat(33 << 20)});
	add('huge-line.jsonl', `${JSON.stringify({role: 'user', content: 'before the huge line'})}\n${huge}\n${JSON.stringify({role: 'assistant', content: 'after it'})}\n`, 'a 33 MB line (past the 32 MB limit of a line)', 'item');
	cases.push({name: 'huge-line.jsonl', what: 'the 33 MB line itself', outcome: 'problem', reason: /^line 2 /u});
	// Encodings and line ends.
	add('bom-crlf.md', '\uFEFF# With a BOM\r\n\r\nAnd CRLF line ends, about the ledger.\r\n', 'a BOM and CRLF line ends', 'item');
	add('latin1.txt', Buffer.from('caf\xe9 au lait, cr\xe8me br\xfbl\xe9e\n', 'latin1'), 'Latin-1, not UTF-8', 'problem', /is not valid UTF-8/u);
	add('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello in UTF-16\n', 'utf16le')]), 'UTF-16', 'problem', /is UTF-16 text/u);
	// Not sources: binary, empty, images, JSON of other shapes, nested arrays (#29.11).
	add('binary.dat', Buffer.from([0, 1, 2, 3, 0, 255, 254, 0, 10, 0]), 'binary bytes', 'skipped');
	add('empty.md', '', 'an empty file', 'skipped');
	add('blank.txt', ' \n\t\n', 'only white space', 'skipped');
	add('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'an image', 'skipped');
	add('package.json', '{"name": "x", "version": "1.0.0"}\n', 'JSON of another shape', 'skipped');
	add('nested.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'JSON of arrays nested 100,000 deep', 'skipped');
	// Devices and special files (#29.11): a pipe is counted, a link to a device out of the folder never followed.
	makeFifo(path.join(root, 'pipe.md'));
	cases.push({name: 'pipe.md', what: 'a named pipe', outcome: 'skipped'});
	symlinkSync('/dev/zero', path.join(root, 'zero.md'));
	symlinkSync('/dev/urandom', path.join(root, 'random.txt'));
	// Links that go nowhere.
	symlinkSync('loop.md', path.join(root, 'loop.md'));
	cases.push({name: 'loop.md', what: 'a link to itself', outcome: 'problem', reason: /symbolic link in a loop/u});
	symlinkSync('nowhere.md', path.join(root, 'broken.md'));
	cases.push({name: 'broken.md', what: 'a broken link', outcome: 'problem', reason: /broken symbolic link/u});
	// Deep folders past PATH_MAX (#29.5), made by relative names.
	mkdirSync(path.join(root, 'deep'));
	execFileSync(process.execPath, ['-e', "const fs = require('node:fs'); for (let i = 0; i < 2100; i++) { fs.mkdirSync('d'); process.chdir('d'); } fs.writeFileSync('page.md', '# Deep\\n\\ntext\\n');"], {cwd: path.join(root, 'deep')});
	cases.push({name: 'deep/d/d/…', what: 'a page 2,100 folders down (past PATH_MAX)', outcome: 'problem', reason: /^is too deep to read/u});
	return cases;
}
