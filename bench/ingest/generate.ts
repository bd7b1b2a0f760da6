import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {writeAgentEvents, writeAiderHistory, writeCodexRollout, writeGeminiStream} from './agents.js';
import {Prose, random, topics, uuid, writeLines} from './prose.js';

/**
 * Synthetic but realistic inputs for the ingest benchmark: agent sessions (Claude Code with the
 * metadata real sessions carry, tool calls, multi-KB tool logs, thinking; and the other agents'
 * formats, bench/ingest/agents.ts) and markdown documents (headings, lists, code, tables),
 * written from a seeded generator, so every run reads the same bytes.
 */

/** One Claude Code session of about `targetBytes`. */
export async function writeClaudeSession(file: string, targetBytes: number, seed: number): Promise<number> {
	const next = random(seed);
	const prose = new Prose(next);
	const sessionId = uuid(next);
	let parent: string | null = null;
	let time = Date.parse('2026-10-14T09:00:00Z') + Math.floor(next() * 1e10);
	const base = () => ({parentUuid: parent, isSidechain: false, userType: 'external', cwd: '/home/ana/src/payments', sessionId, version: '2.0.14', gitBranch: 'main'});
	return writeLines(file, async (write) => {
		let bytes = 0;
		let topic = Math.floor(next() * topics.length);
		const emit = async (record: Record<string, unknown>) => {
			const id = uuid(next);
			time += 1000 + Math.floor(next() * 20_000);
			const line = JSON.stringify({...base(), ...record, uuid: id, timestamp: new Date(time).toISOString()});
			parent = id;
			bytes += line.length + 1;
			await write(line);
		};
		while (bytes < targetBytes) {
			if (next() < 0.3) topic = Math.floor(next() * topics.length);
			await emit({type: 'user', message: {role: 'user', content: prose.paragraph(topic, 1 + Math.floor(next() * 3))}});
			const steps = 1 + Math.floor(next() * 6);
			for (let step = 0; step < steps && bytes < targetBytes; step++) {
				const toolId = `toolu_${uuid(next).replace(/-/gu, '').slice(0, 24)}`;
				const content: unknown[] = [];
				if (next() < 0.4) content.push({type: 'thinking', thinking: prose.paragraph(topic, 2), signature: 'EqQBCkYIBxgCKkB247c4235a97256b0a520dfed'});
				content.push({type: 'text', text: prose.paragraph(topic, 1 + Math.floor(next() * 3))});
				content.push({type: 'tool_use', id: toolId, name: prose.pick(['Bash', 'Read', 'Edit', 'Grep']), input: {command: `pnpm vitest run test/${prose.pick(topics[topic]!)}.test.ts`}});
				await emit({type: 'assistant', message: {id: `msg_${toolId.slice(6)}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content, stop_reason: 'tool_use', usage: {input_tokens: 9812, output_tokens: 214}}, requestId: `req_${toolId.slice(6)}`});
				const big = next() < 0.05;
				const output = prose.log(big ? 400 : 5 + Math.floor(next() * 40), topic);
				await emit({type: 'user', message: {role: 'user', content: [{tool_use_id: toolId, type: 'tool_result', content: output}]}, toolUseResult: {stdout: output.slice(0, 2000), stderr: '', interrupted: false}});
			}
			await emit({type: 'assistant', message: {role: 'assistant', content: [{type: 'text', text: prose.paragraph(topic)}]}});
		}
	});
}

/** One markdown document of about `targetBytes`, with headings unless `headings` is false. */
export async function writeMarkdown(file: string, targetBytes: number, seed: number, headings = true): Promise<number> {
	const next = random(seed);
	const prose = new Prose(next);
	return writeLines(file, async (write) => {
		let bytes = 0;
		const out = async (line: string) => {
			bytes += line.length + 1;
			await write(line);
		};
		let topic = Math.floor(next() * topics.length);
		if (headings) {
			await out('---');
			await out(`title: ${prose.sentence(topic).slice(0, 60)}`);
			await out(`date: 2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`);
			await out('---');
			await out('');
		}
		while (bytes < targetBytes) {
			if (next() < 0.25) topic = Math.floor(next() * topics.length);
			if (headings && next() < 0.12) {
				await out(`${'#'.repeat(1 + Math.floor(next() * 3))} ${prose.sentence(topic).replace(/[.?]$/u, '').split(' ').slice(0, 5).join(' ')}`);
				await out('');
			}
			const roll = next();
			if (roll < 0.1) {
				await out('```ts');
				for (let i = 0; i < 6; i++) await out(`const ${prose.pick(topics[topic]!)}${i} = await ${prose.pick(topics[topic]!)}(${i});`);
				await out('```');
			} else if (roll < 0.18) {
				for (let i = 0; i < 4; i++) await out(`- ${prose.sentence(topic)}`);
			} else {
				// Hard-wrapped prose, as many people write markdown.
				const words = prose.paragraph(topic).split(' ');
				let line = '';
				for (const word of words) {
					if (line.length + word.length > 78) {
						await out(line);
						line = word;
					} else line = line ? `${line} ${word}` : word;
				}
				if (line) await out(line);
			}
			await out('');
		}
	});
}

export interface Corpus {
	folder: string;
	transcripts: string;
	markdown: string;
	transcriptBytes: number;
	markdownBytes: number;
}

/** The session formats the transcript half rotates through after its first (Claude Code) session. */
export const sessionFormats = {
	'claude-code': {write: writeClaudeSession, name: 'session-{n}.jsonl'},
	codex: {write: writeCodexRollout, name: 'rollout-{n}.jsonl'},
	'gemini-cli': {write: writeGeminiStream, name: 'gemini-{n}.jsonl'},
	aider: {write: writeAiderHistory, name: 'aider-{n}.chat.history.md'},
	'claude-agent': {write: writeAgentEvents, name: 'agent-{n}.jsonl'},
} as const;
export type SessionFormat = keyof typeof sessionFormats;

/**
 * About `megabytes` MB, half transcripts and half markdown, in sizes from a few KB to 20 MB (one
 * 20 MB session and one 20 MB heading-less document; smaller corpora scale the sizes down). The
 * transcripts are sessions of the given agent formats (all that drill reads by default), in turn.
 */
export async function writeCorpus(folder: string, megabytes: number, seed = 42, kinds: readonly SessionFormat[] = Object.keys(sessionFormats) as SessionFormat[]): Promise<Corpus> {
	const next = random(seed);
	const transcripts = path.join(folder, 'transcripts');
	const markdown = path.join(folder, 'markdown');
	mkdirSync(transcripts, {recursive: true});
	mkdirSync(markdown, {recursive: true});
	const half = (megabytes * 1e6) / 2;
	const scale = Math.min(1, megabytes / 200);
	let transcriptBytes = 0;
	let markdownBytes = 0;
	for (let index = 0; transcriptBytes < half; index++) {
		const size = Math.min(half - transcriptBytes, index === 0 ? Math.min(20e6, half / 4) : 50e3 + next() * 4e6 * scale);
		const format = sessionFormats[index === 0 && kinds.includes('claude-code') ? 'claude-code' : kinds[index % kinds.length]!];
		transcriptBytes += await format.write(path.join(transcripts, format.name.replace('{n}', String(index))), size, seed + index);
	}
	for (let index = 0; markdownBytes < half; index++) {
		const size = Math.min(half - markdownBytes, index === 0 ? Math.min(20e6, half / 4) : 20e3 + next() * 2e6 * scale);
		markdownBytes += await writeMarkdown(path.join(markdown, `doc-${index}.md`), size, seed * 7 + index, index !== 0);
	}
	return {folder, transcripts, markdown, transcriptBytes, markdownBytes};
}
