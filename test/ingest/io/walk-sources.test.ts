import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {walkSources} from '../../../source/ingest/io/walk-sources.js';
import {tempDir} from '../../helpers/cli.js';
import {makeFifo} from '../../helpers/special-files.js';

describe('walkSources', () => {
	it('walks folders in name order, honouring .drillignore and skipping hidden entries', async () => {
		const root = tempDir();
		mkdirSync(path.join(root, 'notes', 'drafts'), {recursive: true});
		mkdirSync(path.join(root, '.git'));
		mkdirSync(path.join(root, 'node_modules', 'x'), {recursive: true});
		writeFileSync(path.join(root, 'b.md'), '# b');
		writeFileSync(path.join(root, 'a.txt'), 'a');
		writeFileSync(path.join(root, '.hidden.md'), 'h');
		// aider keeps its chat history as a hidden file in the repository: that one is a source.
		writeFileSync(path.join(root, '.aider.chat.history.md'), '# aider chat started at 2026-01-01 10:00:00\n');
		writeFileSync(path.join(root, '.aider.input.history'), 'i');
		// A database may be an agent's store (its content says); its companions and VS Code's backup copy are never sources.
		for (const name of ['s.db', 's.db-wal', 's.db-shm', 's.db-checked', 'x.sqlite', 'state.vscdb-journal', 'state.vscdb.backup']) writeFileSync(path.join(root, name), '{}');
		writeFileSync(path.join(root, '.git', 'config'), 'c');
		writeFileSync(path.join(root, 'node_modules', 'x', 'readme.md'), 'r');
		writeFileSync(path.join(root, 'notes', 'keep.md'), 'k');
		writeFileSync(path.join(root, 'notes', 'skip.log'), 'l');
		writeFileSync(path.join(root, 'notes', 'drafts', 'wip.md'), 'w');
		writeFileSync(path.join(root, '.drillignore'), '*.log\n');
		writeFileSync(path.join(root, 'notes', '.drillignore'), 'drafts/\n');
		const {files, problems} = await walkSources([root]);
		expect(files.map((file) => path.relative(root, file.path))).toEqual(['.aider.chat.history.md', 'a.txt', 'b.md', path.join('notes', 'keep.md'), 's.db', 'x.sqlite']);
		expect(problems).toEqual([]);
	});

	it('reports a missing path, lists a file once, and does not follow links out of the folder', async () => {
		const root = tempDir();
		const outside = tempDir();
		writeFileSync(path.join(outside, 'secret.md'), 's');
		writeFileSync(path.join(root, 'one.md'), '1');
		symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'link.md'));
		symlinkSync(path.join(root, 'one.md'), path.join(root, 'same.md'));
		const {files, problems} = await walkSources([root, path.join(root, 'one.md'), path.join(root, 'missing.md')]);
		expect(files.map((file) => path.basename(file.path))).toEqual(['one.md']);
		expect(problems).toEqual([{path: path.join(root, 'missing.md'), reason: 'no such file or folder'}]);
	});

	it('reports a page past PATH_MAX as a problem, never skipping it in silence', async () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'top.md'), '# Top\n');
		// 2,100 folders down: made by relative names, which no path limit stops.
		execFileSync(process.execPath, ['-e', "const fs = require('node:fs'); for (let i = 0; i < 2100; i++) { fs.mkdirSync('d'); process.chdir('d'); } fs.writeFileSync('page.md', '# Deep\\n');"], {cwd: folder});
		const {files, problems} = await walkSources([folder]);
		expect(files.map((file) => path.basename(file.path))).toEqual(['top.md']);
		expect(problems).toHaveLength(1);
		expect(problems[0]!.path.startsWith(`${folder}/d/d/`)).toBe(true);
		expect(problems[0]!.reason).toMatch(/^is too deep to read: its path of 4,\d{3} bytes is more than the system takes \(PATH_MAX: 4,095 bytes on Linux\); move it higher up/u);
	});

	it('counts a named pipe, a socket or a device in a folder as skipped, and never reads it', async () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'page.md'), '# Page\n');
		makeFifo(path.join(folder, 'pipe.md'));
		symlinkSync('/dev/zero', path.join(folder, 'zero.md'));
		const {files, problems, skipped} = await walkSources([folder]);
		expect(files.map((file) => path.basename(file.path))).toEqual(['page.md']);
		expect(problems).toEqual([]);
		expect(skipped).toBe(1);
	});
});
