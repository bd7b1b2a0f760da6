import {createWriteStream, mkdirSync} from 'node:fs';
import path from 'node:path';
import {once} from 'node:events';

/**
 * Synthetic but realistic inputs for the ingest benchmark: Claude Code sessions (with the
 * metadata real sessions carry, tool calls, multi-KB tool logs, thinking) and markdown documents
 * (headings, lists, code, tables), written from a seeded generator, so every run reads the same bytes.
 */

import {random} from '../../source/search/semantic/svd.js';

export {random};

const topics = [
	'cache eviction ttl redis memory keys expiry lru shard replica',
	'database index query planner postgres vacuum rows scan join',
	'deploy pipeline runner workflow artifact release rollback canary stage',
	'latency timeout retry backoff pool connection socket upstream gateway',
	'test flaky assertion fixture mock race suite coverage snapshot',
	'auth token session cookie oauth scope refresh expiry login password',
	'queue worker job message consumer backlog partition offset topic',
	'billing invoice payment currency rate refund ledger balance checkout',
	'search ranking relevance embedding vector recall precision query',
	'logging metrics tracing dashboard alert incident pager oncall',
	'kubernetes pod node cluster container image volume ingress',
	'frontend component render state hook layout style button modal',
	'migration schema column constraint backfill version table',
	'security vulnerability patch dependency audit secret scanner',
	'storage bucket object upload download checksum archive',
	'network dns certificate proxy firewall route subnet',
].map((line) => line.split(' '));

const glue = 'the a of to and in that is for it with as on this was by be are from at or an but not which can will if has have more when there'.split(' ');
const verbs = 'checks returns fails starts keeps moves writes reads holds drops raises lowers breaks fixes shows explains'.split(' ');

export class Prose {
	constructor(private readonly next: () => number) {}

	pick<T>(list: readonly T[]): T {
		return list[Math.floor(this.next() * list.length)]!;
	}

	sentence(topic: number): string {
		const words: string[] = [];
		const length = 8 + Math.floor(this.next() * 16);
		const vocabulary = topics[topic % topics.length]!;
		for (let i = 0; i < length; i++) {
			const roll = this.next();
			words.push(roll < 0.45 ? this.pick(glue) : roll < 0.55 ? this.pick(verbs) : roll < 0.95 ? this.pick(vocabulary) : this.pick(this.pick(topics)));
		}
		const text = words.join(' ');
		return `${text[0]!.toUpperCase()}${text.slice(1)}${this.next() < 0.1 ? '?' : '.'}`;
	}

	paragraph(topic: number, sentences = 3 + Math.floor(this.next() * 5)): string {
		return Array.from({length: sentences}, () => this.sentence(topic)).join(' ');
	}

	log(lines: number, topic: number): string {
		const vocabulary = topics[topic % topics.length]!;
		return Array.from({length: lines}, (_, i) => `2026-10-14T09:${String(i % 60).padStart(2, '0')}:07.${String(i % 1000).padStart(3, '0')}Z INFO ${this.pick(vocabulary)}.${this.pick(vocabulary)} id=${Math.floor(this.next() * 1e9).toString(16)} took=${Math.floor(this.next() * 900)}ms`).join('\n');
	}
}

function uuid(next: () => number): string {
	const hex = () => Math.floor(next() * 16).toString(16);
	const part = (n: number) => Array.from({length: n}, hex).join('');
	return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

async function writeLines(file: string, produce: (write: (line: string) => Promise<void>) => Promise<void>): Promise<number> {
	const stream = createWriteStream(file);
	let bytes = 0;
	const write = async (line: string) => {
		bytes += Buffer.byteLength(line) + 1;
		if (!stream.write(`${line}\n`)) await once(stream, 'drain');
	};
	await produce(write);
	stream.end();
	await once(stream, 'finish');
	return bytes;
}

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

/** About `megabytes` MB, half transcripts and half markdown, in sizes from a few KB to 20 MB. */
export async function writeCorpus(folder: string, megabytes: number, seed = 42): Promise<Corpus> {
	const next = random(seed);
	const transcripts = path.join(folder, 'transcripts');
	const markdown = path.join(folder, 'markdown');
	mkdirSync(transcripts, {recursive: true});
	mkdirSync(markdown, {recursive: true});
	const half = (megabytes * 1e6) / 2;
	let transcriptBytes = 0;
	let markdownBytes = 0;
	for (let index = 0; transcriptBytes < half; index++) {
		const size = Math.min(half - transcriptBytes, index === 0 ? 20e6 : 50e3 + next() * 4e6);
		transcriptBytes += await writeClaudeSession(path.join(transcripts, `session-${index}.jsonl`), size, seed + index);
	}
	for (let index = 0; markdownBytes < half; index++) {
		const size = Math.min(half - markdownBytes, index === 0 ? 20e6 : 20e3 + next() * 2e6);
		markdownBytes += await writeMarkdown(path.join(markdown, `doc-${index}.md`), size, seed * 7 + index, index !== 0);
	}
	return {folder, transcripts, markdown, transcriptBytes, markdownBytes};
}
