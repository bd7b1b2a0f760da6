import {describe, expect, it} from 'vitest';
import {unifiedDiff} from '../../../source/ingest/formats/diff.js';
import {toolCallText, toolOutputText, toolResultText} from '../../../source/ingest/formats/tool-text.js';
import {foldLines} from '../../../source/text/fold-lines.js';

describe('toolCallText', () => {
	it('shows the tool name, then its arguments as key: value lines, multi-line text as indented lines', () => {
		expect(toolCallText('Bash', {command: 'npm test', description: 'Run the tests', timeout: 120000, run_in_background: false})).toBe('Bash\ncommand: npm test\ndescription: Run the tests\ntimeout: 120000\nrun_in_background: false');
		expect(toolCallText('Write', {file_path: 'src/a.py', content: 'def f():\n    return 1\n'})).toBe('Write\nfile_path: src/a.py\ncontent:\n  def f():\n      return 1');
		expect(toolCallText('Grep', {pattern: 'TODO', glob: ['*.ts', '*.tsx']})).toBe('Grep\npattern: TODO\nglob: *.ts, *.tsx');
		expect(toolCallText('TodoWrite', {todos: [{content: 'Fix the race', status: 'done'}, {content: 'Add a test', status: 'pending'}]})).toBe('TodoWrite\ntodos:\n  - content: Fix the race\n    status: done\n  - content: Add a test\n    status: pending');
		expect(toolCallText('mcp__search', {filters: {since: '2026-01-01', tags: {any: ['a']}}})).toBe('mcp__search\nfilters:\n  since: 2026-01-01\n  tags:\n    any: a');
	});

	it('parses arguments given as JSON text, reads a shell argv as the command, and leaves other text as it is', () => {
		expect(toolCallText('shell', '{"command":["bash","-lc","ls -la && git status"],"workdir":"/repo"}')).toBe('shell\ncommand: ls -la && git status\nworkdir: /repo');
		expect(toolCallText('shell', {command: ['git', 'commit', '-m', 'fix: the race']})).toBe("shell\ncommand: git commit -m 'fix: the race'");
		expect(toolCallText('apply_patch', '*** Begin Patch\n*** End Patch\n')).toBe('apply_patch\n*** Begin Patch\n*** End Patch');
		expect(toolCallText('python', 'print(1)')).toBe('python\nprint(1)');
		expect(toolCallText('', {})).toBe('tool');
	});

	it('shows an edit as a unified diff, a multi-edit as one diff per edit', () => {
		const edit = toolCallText('Edit', {file_path: '/repo/src/cache.ts', old_string: 'const ttl = 60;\nconst max = 10;\nexport {ttl};', new_string: 'const ttl = 300;\nconst max = 10;\nexport {ttl};', replace_all: false});
		expect(edit).toBe('Edit\nfile_path: /repo/src/cache.ts\nreplace_all: false\n--- /repo/src/cache.ts\n+++ /repo/src/cache.ts\n@@ -1,3 +1,3 @@\n-const ttl = 60;\n+const ttl = 300;\n const max = 10;\n export {ttl};');
		const multi = toolCallText('MultiEdit', {file_path: 'a.txt', edits: [{old_string: 'one', new_string: 'two'}, {old_string: 'x', new_string: 'y'}]});
		expect(multi).toBe('MultiEdit\nfile_path: a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,1 +1,1 @@\n-one\n+two\n--- a/a.txt\n+++ b/a.txt\n@@ -1,1 +1,1 @@\n-x\n+y');
		expect(toolCallText('str_replace_based_edit_tool', {command: 'str_replace', path: 'b.md', old_str: 'same', new_str: 'same'})).toBe('str_replace_based_edit_tool\ncommand: str_replace\npath: b.md\n(no change)');
	});
});

describe('tool output', () => {
	it('keeps output whole up to 64 KB, the cut stated; code keeps its indentation', () => {
		const lines = Array.from({length: 300}, (_, i) => `    line ${i + 1}`);
		expect(toolOutputText(`${lines.join('\n')}\n\n`)).toBe(lines.join('\n'));
		expect(toolOutputText('  a\n    b\n')).toBe('  a\n    b');
		expect(toolOutputText('x'.repeat(70_000))).toMatch(/^x{65536}\n\[… cut: 4,464 more characters of tool output not kept\]$/u);
		// A long argument (a file written whole) is kept whole too.
		expect(toolCallText('Write', {file_path: 'a.txt', content: lines.join('\n')})).toBe(['Write', 'file_path: a.txt', 'content:', ...lines.map((text) => `  ${text}`)].join('\n'));
	});

	it('is folded where it is shown: more than 80 lines become the first 50 and the last 20, with the count left out', () => {
		const lines = Array.from({length: 300}, (_, i) => `    line ${i + 1}`);
		expect(foldLines(lines.join('\n')).split('\n')).toEqual([...lines.slice(0, 50), '[… 230 lines left out …]', ...lines.slice(-20)]);
		expect(foldLines(lines.slice(0, 80).join('\n'))).toBe(lines.slice(0, 80).join('\n'));
		expect(foldLines(lines.slice(0, 81).join('\n')).split('\n')).toHaveLength(71);
	});

	it('reads result content as text, images as [image], objects as key: value lines, and marks errors', () => {
		expect(toolResultText([{type: 'text', text: 'one'}, {type: 'image', source: {}}, 'two'])).toBe('one\n[image]\ntwo');
		expect(toolResultText({exit_code: 1, stderr: 'boom'})).toBe('exit_code: 1\nstderr: boom');
		expect(toolOutputText('boom', true)).toBe('[error] boom');
	});
});

describe('unifiedDiff', () => {
	it('gives hunks with three lines of context, and merges changes that are close', () => {
		const before = Array.from({length: 20}, (_, i) => `line ${i + 1}`);
		const after = [...before];
		after[2] = 'line three';
		after[15] = 'line sixteen';
		after.splice(17, 0, 'inserted');
		expect(unifiedDiff(before.join('\n'), after.join('\n'))).toBe(
			['@@ -1,6 +1,6 @@', ' line 1', ' line 2', '-line 3', '+line three', ' line 4', ' line 5', ' line 6', '@@ -13,8 +13,9 @@', ' line 13', ' line 14', ' line 15', '-line 16', '+line sixteen', ' line 17', '+inserted', ' line 18', ' line 19', ' line 20'].join('\n'),
		);
		expect(unifiedDiff('same', 'same')).toBe('');
		expect(unifiedDiff('', 'new file\n')).toBe('@@ -0,0 +1,2 @@\n+new file\n+');
	});

	it('stays linear on huge edits, showing the middle as replaced', () => {
		const before = Array.from({length: 3000}, (_, i) => `a${i}`).join('\n');
		const after = Array.from({length: 3000}, (_, i) => `b${i}`).join('\n');
		const diff = unifiedDiff(before, after).split('\n');
		expect(diff[0]).toBe('@@ -1,3000 +1,3000 @@');
		expect(diff.filter((line) => line.startsWith('-'))).toHaveLength(3000);
	});
});
