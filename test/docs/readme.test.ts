import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {commands} from '../../source/cli/commands.js';

// The readme is a newcomer's first screen: what drill is for, the picture, three commands to drill
// on PATH, a five-line recipe on one's own files; the reference is one link away in docs/.
const readme = readFileSync('readme.md', 'utf8');
const lines = readme.split('\n');
const section = (title: string) => {
	const start = lines.findIndex((line) => line === `## ${title}`);
	const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
	return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
};
const codeLines = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/gu)].flatMap((match) => match[1]!.trimEnd().split('\n'));

describe('the readme’s first screen', () => {
	it('stays short: at most 250 lines', () => {
		expect(lines.length).toBeLessThanOrEqual(250);
	});

	it('says what drill is for in plain words before anything else, then shows it', () => {
		const opening = lines.slice(0, 12).join('\n');
		expect(opening).toMatch(/coding agents' sessions, your docs and your notes/u);
		for (const agent of ['Claude Code', 'Codex', 'Gemini CLI']) expect(opening).toContain(agent);
		const picture = /!\[[^\]]+\]\(([^)]+\.(?:svg|gif|png))\)/u.exec(opening);
		expect(picture, 'a picture on the first screen').not.toBeNull();
		expect(existsSync(picture![1]!)).toBe(true);
	});

	it('installs in three commands, the last putting drill on PATH', () => {
		expect(codeLines(section('Quick start')).map((line) => line.split('#')[0]!.trim())).toEqual(['npm ci', 'npm start', 'npm link']);
		expect(section('Quick start')).toContain('npm install -g .');
		// The build tools and install-script approvals are reference, not the quick start.
		expect(section('Quick start')).not.toMatch(/allowScripts|node-gyp|onnxruntime/u);
	});

	it('gives the five-line recipe on your own files', () => {
		expect(codeLines(section('On your own files')).map((line) => line.split('#')[0]!.trim())).toEqual(['drill ingest --agents', 'drill ingest ~/notes', 'drill', 'drill find "retry storm"', 'drill mcp']);
	});

	it('lists only real commands, and links every docs/ page, each of which exists', () => {
		const named = [...section('Commands').matchAll(/^\| `drill (\w+)/gmu)].map((match) => match[1]!);
		for (const name of named.filter((word) => !word.startsWith('-'))) expect(commands.some((entry) => entry.name === name), name).toBe(true);
		const linked = [...readme.matchAll(/\]\((docs\/[^)#]+)/gu)].map((match) => match[1]!);
		for (const link of linked) expect(existsSync(link), link).toBe(true);
		for (const page of readdirSync('docs').filter((name) => name.endsWith('.md'))) expect(linked, page).toContain(path.join('docs', page));
	});
});
