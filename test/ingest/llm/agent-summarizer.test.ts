import {chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {parseSummary} from '../../../source/ingest/llm/session-summarizer.js';
import {SummaryStore} from '../../../source/store/summary-store.js';
import {tempDir} from '../../helpers/cli.js';
import {ingest} from '../../helpers/ingest.js';

/**
 * `--summarizer claude|codex|gemini` with a fake agent on PATH: a node script named like the
 * agent that logs how it was called (its arguments, its folder, what came on its standard input)
 * and answers as `FAKE_AGENT_MODE` says.
 */
const fakeAgent = `#!/usr/bin/env node
const fs = require('fs');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
	fs.appendFileSync(process.env.FAKE_AGENT_LOG, JSON.stringify({argv: process.argv.slice(2), cwd: process.cwd(), input}) + '\\n');
	const mode = process.env.FAKE_AGENT_MODE || 'ok';
	if (mode === 'fail') {
		process.stderr.write('Error: not logged in\\n');
		process.exit(1);
	}
	if (mode === 'malformed') {
		process.stdout.write("Sure! Here is a summary of the session, it was about a cache.");
		return;
	}
	const main = (/The main request:\\n(.*)/.exec(input) || [])[1] || '';
	process.stdout.write('Here you go:\\n' + JSON.stringify({title: 'Agent: ' + main.slice(0, 30), tldr: 'Asked about ' + main.slice(0, 30) + '; the agent wrote this.'}));
});
`;

const sessions = ['fixtures/summaries/sessions/claude-code-ai-title.jsonl', 'fixtures/transcripts/codex-rollout.jsonl'];

function items(store: string): Array<{title: string; tldr: string; summarizedBy?: string; ownTitle?: string}> {
	const summary = SummaryStore.open(store);
	try {
		return [...summary.eachItem()].map((row) => {
			const extra = JSON.parse(row.source_extra ?? '{}') as {summarized_by?: string; own_title?: string};
			return {title: row.title, tldr: row.tldr, ...(extra.summarized_by ? {summarizedBy: extra.summarized_by} : {}), ...(extra.own_title ? {ownTitle: extra.own_title} : {})};
		});
	} finally {
		summary.close();
	}
}

describe('an agent the person already has as the summarizer', () => {
	let bin = '';
	let log = '';
	const saved = {PATH: process.env.PATH, FAKE_AGENT_LOG: process.env.FAKE_AGENT_LOG, FAKE_AGENT_MODE: process.env.FAKE_AGENT_MODE};
	const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as {argv: string[]; cwd: string; input: string}) : []);
	beforeEach(() => {
		bin = tempDir();
		for (const agent of ['claude', 'codex', 'gemini']) {
			writeFileSync(path.join(bin, agent), fakeAgent);
			chmodSync(path.join(bin, agent), 0o755);
		}
		log = path.join(bin, 'calls.log');
		process.env.PATH = `${bin}${path.delimiter}${path.dirname(process.execPath)}`;
		process.env.FAKE_AGENT_LOG = log;
		delete process.env.FAKE_AGENT_MODE;
	});
	afterEach(() => {
		for (const [key, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[key];
			else process.env[key] = value;
		}
	});

	it('says what it will send before the first call, sends it on standard input, and rewrites the TLDR (the title only where the log has none)', async () => {
		const store = path.join(tempDir(), 'store.db');
		const notes: string[] = [];
		let callsAtNotice = -1;
		const report = await ingest(sessions, {storePath: store, summarizer: 'claude', onNote: (note) => {
			notes.push(note);
			if (callsAtNotice < 0) callsAtNotice = calls().length;
		}});
		expect(callsAtNotice).toBe(0);
		expect(notes[0]).toMatch(/^--summarizer claude sends the text of 2 sessions .* to `claude`, Claude Code \(Anthropic\): about [\d.]+k? tokens in and 300 out/u);
		expect(report.summarized).toEqual({agent: 'claude', summarized: 2, failed: 0});
		const made = calls();
		expect(made).toHaveLength(2);
		for (const call of made) {
			// The session's text is on standard input only; the arguments are drill's fixed instruction.
			expect(call.argv[0]).toBe('-p');
			expect(call.argv.join(' ')).not.toMatch(/upgrade|reconcil/iu);
			expect(call.input).toMatch(/^\[drill summarizer\]/u);
			expect(call.input).toMatch(/The main request:\n/u);
			expect(path.basename(call.cwd)).toMatch(/^drill-summarizer-/u);
		}
		const byTitle = Object.fromEntries(items(store).map((item) => [item.title, item]));
		// The agent's own title stays; the TLDR is the summarizer's.
		expect(byTitle['Upgrade all project modules']).toMatchObject({tldr: 'Asked about can you upgrade all modules; the agent wrote this.', summarizedBy: 'claude'});
		// A session with no title of its own is named by the summarizer, drill's own title kept.
		const codex = items(store).find((item) => item.title.startsWith('Agent: '));
		expect(codex).toMatchObject({summarizedBy: 'claude'});
		expect(codex!.ownTitle).toBeTruthy();
	});

	it('asks again only for what changed: answers are kept in the store; a run without it keeps them', async () => {
		const folder = tempDir();
		const store = path.join(folder, 'store.db');
		const copy = path.join(folder, 'session.jsonl');
		copyFileSync(sessions[0]!, copy);
		await ingest([copy], {storePath: store, summarizer: 'codex'});
		expect(calls()).toHaveLength(1);
		expect(calls()[0]!.argv.slice(0, 4)).toEqual(['exec', '--skip-git-repo-check', '--sandbox', 'read-only']);
		// Unchanged: no call, with or without the summarizer, and the summary stays.
		await ingest([copy], {storePath: store, summarizer: 'codex'});
		await ingest([copy], {storePath: store});
		expect(calls()).toHaveLength(1);
		expect(items(store)[0]).toMatchObject({summarizedBy: 'codex'});
		// A store summarized extractively is summarized when asked, though the file did not change.
		const other = path.join(tempDir(), 'store.db');
		await ingest([copy], {storePath: other});
		expect(items(other)[0]!.summarizedBy).toBeUndefined();
		const report = await ingest([copy], {storePath: other, summarizer: 'codex'});
		expect(report.summarized).toEqual({agent: 'codex', summarized: 1, failed: 0});
		expect(calls()).toHaveLength(2);
	});

	it('a missing, failing or malformed agent leaves the extractive title and TLDR, and one line says why', async () => {
		const extractive = items(await (async () => {
			const store = path.join(tempDir(), 'store.db');
			await ingest([sessions[0]!], {storePath: store});
			return store;
		})())[0]!;
		const run = async (summarizer: 'claude' | 'gemini', mode?: string, pathValue?: string) => {
			if (mode) process.env.FAKE_AGENT_MODE = mode;
			if (pathValue !== undefined) process.env.PATH = pathValue;
			const store = path.join(tempDir(), 'store.db');
			const notes: string[] = [];
			const report = await ingest([sessions[0]!], {storePath: store, summarizer, onNote: (note) => notes.push(note)});
			return {report, notes, item: items(store)[0]!};
		};
		const missing = await run('claude', undefined, path.dirname(process.execPath));
		expect(missing.notes.at(-1)).toBe(`${path.relative(process.cwd(), sessions[0]!)}: claude is not on PATH; the session keeps drill's own title and TLDR`);
		process.env.PATH = `${bin}${path.delimiter}${path.dirname(process.execPath)}`;
		expect(missing.item).toMatchObject({title: extractive.title, tldr: extractive.tldr});
		expect(missing.report.summarized).toEqual({agent: 'claude', summarized: 0, failed: 1});
		const failing = await run('gemini', 'fail');
		expect(failing.notes.at(-1)).toMatch(/: gemini exited with 1: Error: not logged in; the session keeps drill's own title and TLDR$/u);
		expect(failing.item).toMatchObject({title: extractive.title, tldr: extractive.tldr});
		const malformed = await run('claude', 'malformed');
		expect(malformed.notes.at(-1)).toMatch(/: claude answered with no JSON object; the session keeps drill's own title and TLDR$/u);
		expect(malformed.item).toMatchObject({title: extractive.title, tldr: extractive.tldr});
		expect(malformed.item.summarizedBy).toBeUndefined();
		// A failed call is asked again next time: nothing was kept of it.
		expect(calls().filter((call) => call.argv[0] === '-p')).toHaveLength(2);
	});

	it("reads an agent's JSON wrapper and refuses a refusal", () => {
		expect(parseSummary(JSON.stringify({type: 'result', result: '{"title": "Fix the cache", "tldr": "Fixed the cache race."}'}))).toEqual({title: 'Fix the cache', tldr: 'Fixed the cache race.'});
		expect(() => parseSummary('{"title": "I\'m sorry, I can\'t help with that", "tldr": "No."}')).toThrow(/refusal/u);
		expect(() => parseSummary('{"title": "Only a title"}')).toThrow(/no "title" and "tldr"/u);
	});

	it("leaves out the sessions of drill's own summarizer calls that the agent logged", async () => {
		const folder = tempDir();
		const own = path.join(folder, 'own.jsonl');
		const line = (record: object) => JSON.stringify(record);
		writeFileSync(own, [
			line({type: 'user', uuid: 'u1', sessionId: 'own-1', timestamp: '2026-11-01T10:00:00Z', message: {role: 'user', content: '[drill summarizer]\n\nSummarize this coding-agent session…'}}),
			line({type: 'assistant', uuid: 'a1', sessionId: 'own-1', timestamp: '2026-11-01T10:00:05Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'text', text: '{"title": "x", "tldr": "y"}'}]}}),
		].join('\n'));
		const report = await ingest([own], {storePath: path.join(folder, 'store.db')});
		expect(report).toMatchObject({added: 0, summarizer_sessions: 1, failed: []});
	});
});
