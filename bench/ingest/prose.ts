/** Seeded prose, logs and ids shared by the ingest benchmark's generators. */
import {createWriteStream} from 'node:fs';
import {once} from 'node:events';
import {random} from '../../source/search/semantic/svd.js';

export {random};

export const topics = [
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

export function uuid(next: () => number): string {
	const hex = () => Math.floor(next() * 16).toString(16);
	const part = (n: number) => Array.from({length: n}, hex).join('');
	return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

export async function writeLines(file: string, produce: (write: (line: string) => Promise<void>) => Promise<void>): Promise<number> {
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

