import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';

/**
 * `drill export ID --format markdown|html` against golden files (test/act/golden; UPDATE_GOLDEN=1
 * writes them again), and hostile text through both formats.
 */
const golden = path.resolve('test/act/golden');
let dir: string;
let store: string;
const env = () => ({HOME: dir});

const hostile = '</h1><script>alert(1)</script><img src=x onerror=alert(1)> [click](javascript:alert(1)) *bold* `tick` \u001b[31mred\u001b[0m & "quotes"';

function document() {
	return {
		namespace: 'document',
		item_id: 'guide',
		title: 'Deploying the ledger',
		generated_at: '2026-11-28T14:02:00Z',
		source: {uri: '/docs/deploy.md', kind: 'markdown'},
		tldr: 'Build, migrate, then switch traffic.',
		nodes: [
			{ordinal: 0, parent: null, title: 'Deploying the ledger', summary: 'Build, migrate, then switch traffic.', keywords: [], spans: [0]},
			{ordinal: 1, parent: 0, title: 'Build', summary: 'Build the image.', keywords: [], spans: [1, 2]},
			{ordinal: 2, parent: 1, title: 'Cache layers', summary: 'Reuse layers.', keywords: [], spans: [3]},
			{ordinal: 3, parent: 0, title: 'Migrate', summary: 'Run migrations.', keywords: [], spans: [4]},
		],
		spans: [
			{seq: 0, role: 'text', text: 'How the ledger goes out.'},
			{seq: 1, role: 'text', text: 'Build the image:'},
			{seq: 2, role: 'code', text: '```sh\ndocker build -t ledger .\n```'},
			{seq: 3, role: 'text', text: 'Layers are reused when `package-lock.json` did not change.'},
			{seq: 4, role: 'text', text: 'Run `pnpm migrate` before the switch.'},
		],
	};
}

function hostileItem() {
	return {
		namespace: 'conversation_session',
		item_id: 'hostile',
		title: hostile,
		generated_at: '2026-11-28T14:02:00Z',
		source: {kind: 'generic-chat', agent: 'claude-code', project: '/src/<evil>'},
		tldr: hostile,
		nodes: [{ordinal: 0, parent: null, title: hostile, summary: hostile, keywords: [], spans: [0, 1, 2, 3]}],
		spans: [
			{seq: 0, role: 'user', text: `${hostile}\nplease`},
			{seq: 1, role: 'tool_call', text: `Bash\ncommand: echo '</pre></details><script>x</script>'`},
			{seq: 2, role: 'tool', text: '</pre><iframe src="https://evil.example/"></iframe>'},
			{seq: 3, role: 'assistant', text: `Done. ${hostile}\n\n\`\`\`html\n<script src="https://cdn.example/x.js"></script>\n\`\`\``},
		],
	};
}

function exported(id: string, ...flags: string[]): string {
	const result = runCli(['export', id, '--store', store, ...flags], {env: env()});
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	return result.stdout;
}

function matchesGolden(name: string, text: string): void {
	const file = path.join(golden, name);
	if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
	expect(text).toBe(readFileSync(file, 'utf8'));
}

function idOf(kind: string): string {
	const item = runCli(['export', '--store', store]).stdout.trim().split('\n').map((line) => JSON.parse(line)).find((entry) => entry.source.kind === kind);
	return `${item.namespace}:${item.item_id}`;
}

beforeAll(() => {
	dir = tempDir();
	mkdirSync(golden, {recursive: true});
	const logs = path.join(dir, 'logs');
	mkdirSync(logs);
	copyFileSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), path.join(logs, 'claude.jsonl'));
	copyFileSync(path.resolve('fixtures/transcripts/codex-rollout.jsonl'), path.join(logs, 'codex.jsonl'));
	store = path.join(dir, 's.db');
	expect(runCli(['ingest', logs, '--store', store]).code).toBe(0);
	writeFileSync(path.join(dir, 'items.jsonl'), `${JSON.stringify(document())}\n${JSON.stringify(hostileItem())}\n`);
	expect(runCli(['import', path.join(dir, 'items.jsonl'), '--store', store]).code).toBe(0);
});

describe('drill export --format markdown', () => {
	it('writes a session: title, provenance, TLDR, requests as headings, tool calls one line each, no thinking', () => {
		const text = exported(idOf('claude-code'), '--format', 'markdown');
		matchesGolden('claude-code.md', text);
		expect(text.split('\n')[0]).toMatch(/^# /u);
		expect(text).toMatch(/^\*claude-code 2\.0\.14 · \/home\/ana\/src\/payments · 2026-10-14 09:12/mu);
		expect(text).toMatch(/^> \*\*TLDR\*\* /mu);
		expect(text).toMatch(/^## /mu);
		expect(text).toMatch(/^- \*\*Bash\*\* .+ → \d+ lines?$/mu);
	});

	it('leaves thinking out unless --thinking', () => {
		const id = idOf('codex');
		expect(exported(id, '--format', 'markdown')).not.toContain('(thinking)');
		const text = exported(id, '--format', 'markdown', '--thinking');
		matchesGolden('codex-thinking.md', text);
		expect(text).toContain('> **Locating refund aggregation**');
	});

	it('writes a document by its topics, and any subtree of it', () => {
		matchesGolden('document.md', exported('document:guide', '--format', 'markdown'));
		const part = exported('document:guide#n1', '--format', 'markdown');
		expect(part).toMatch(/^# Build\n/u);
		expect(part).toContain('from "Deploying the ledger"');
		// Its topics one level under its own title.
		expect(part).toContain('\n## Cache layers\n');
		expect(part).not.toContain('Migrate');
	});

	it('escapes hostile titles on its own lines and strips control sequences', () => {
		const text = exported('conversation_session:hostile', '--format', 'markdown');
		const title = text.split('\n')[0]!;
		expect(title).toBe('# &lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; \\[click\\](javascript:alert(1)) \\*bold\\* \\`tick\\` red & "quotes"');
		expect(text).not.toContain('\u001b');
		expect(text).toContain('/src/&lt;evil&gt;');
	});
});

describe('drill export --format html', () => {
	it('writes one self-contained page: no script, nothing loaded, tool calls in <details> with the output inside', () => {
		const text = exported(idOf('claude-code'), '--format', 'html');
		matchesGolden('claude-code.html', text);
		expect(text).toMatch(/^<!DOCTYPE html>/u);
		expect(text).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
		expect(text).toMatch(/<details class="tool"><summary><b>Bash<\/b> .+<\/summary><pre class="input">[\s\S]+?<\/pre><pre class="output">/u);
		expect(text).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|url\(/iu);
	});

	it('escapes every string of a hostile item', () => {
		const text = exported('conversation_session:hostile', '--format', 'html');
		matchesGolden('hostile.html', text);
		// The only tags are drill's own.
		const tags = new Set([...text.matchAll(/<\/?([a-zA-Z0-9!]+)/gu)].map((match) => match[1]!.toLowerCase()));
		expect([...tags].sort()).toEqual(['!doctype', 'b', 'body', 'br', 'code', 'details', 'em', 'h1', 'h2', 'head', 'html', 'meta', 'p', 'pre', 'style', 'summary', 'title']);
		expect(text).toContain('&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
		expect(text).toContain('&lt;/pre&gt;&lt;iframe src=&quot;https://evil.example/&quot;&gt;');
		expect(text).not.toContain('\u001b');
	});

	it('--out writes the file whole and says where', () => {
		const file = path.join(dir, 'out', 'session.html');
		mkdirSync(path.dirname(file));
		const result = runCli(['export', idOf('codex'), '--format', 'html', '--out', file, '--store', store], {env: env()});
		expect(result.code).toBe(0);
		expect(result.stderr).toMatch(new RegExp(`^drill: wrote ${file} \\(html, [\\d,]+ bytes\\)\\n$`, 'u'));
		expect(readFileSync(file, 'utf8')).toMatch(/<\/html>\n$/u);
	});
});

describe('drill export (JSON lines)', () => {
	it('stays as it was: the default, and what --format jsonl writes; it re-imports to the same lines', () => {
		const plain = runCli(['export', '--store', store]).stdout;
		expect(runCli(['export', '--format', 'jsonl', '--store', store]).stdout).toBe(plain);
		const copy = path.join(dir, 'copy.db');
		writeFileSync(path.join(dir, 'all.jsonl'), plain);
		expect(runCli(['import', path.join(dir, 'all.jsonl'), '--store', copy]).code).toBe(0);
		expect(runCli(['export', '--store', copy]).stdout).toBe(plain);
	});

	it('says what would work for an ID without a readable format, or a format without an ID', () => {
		expect(runCli(['export', 'document:guide', '--store', store]).stderr).toBe('drill: the JSON-lines export is of the whole store (or --namespace); for one node give --format markdown or html: drill export document:guide --format markdown\n');
		expect(runCli(['export', '--format', 'html', '--store', store]).stderr).toMatch(/^drill: --format html exports one node: give its ID; e\.g\. drill export/u);
		expect(runCli(['export', 'document:guide', '--format', 'pdf', '--store', store]).stderr).toBe('drill: --format "pdf" is not known; use jsonl, markdown, html\n');
	});
});
