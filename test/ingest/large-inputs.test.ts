import {createWriteStream, statSync} from 'node:fs';
import {once} from 'node:events';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {fanOut} from '../../source/ingest/tree/build-topics.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';

const vocabularies = [
	'cache eviction memory keys expiry replica shard',
	'index planner vacuum rows scan join query',
	'runner workflow artifact release rollback canary',
	'invoice ledger refund payment currency checkout',
	'cluster ingress container scheduler volume node',
].map((line) => line.split(' '));

function sentence(topic: number, seed: number): string {
	const words = vocabularies[topic % vocabularies.length]!;
	const glue = ['the', 'of', 'and', 'with', 'for', 'when', 'then'];
	const parts = Array.from({length: 12}, (_, i) => (i % 2 ? glue[(seed + i) % glue.length] : words[(seed * 3 + i) % words.length]));
	return `${parts.join(' ')}.`;
}

async function writeLines(file: string, count: number, line: (index: number) => string): Promise<void> {
	const stream = createWriteStream(file);
	for (let i = 0; i < count; i++) if (!stream.write(`${line(i)}\n`)) await once(stream, 'drain');
	stream.end();
	await once(stream, 'finish');
}

function checkTree(store: string): {nodes: number; spans: number; textChars: number} {
	const summary = SummaryStore.open(store);
	try {
		const [row] = [...summary.eachItem()];
		const nodes = summary.nodes(row!.id);
		for (const node of nodes) expect(node.child_count).toBeLessThanOrEqual(fanOut);
		const children = new Map<number, number>();
		for (const node of nodes) if (node.parent !== null) children.set(node.parent, (children.get(node.parent) ?? 0) + 1);
		for (const node of nodes) expect(node.child_count).toBe(children.get(node.ordinal) ?? 0);
		for (const node of nodes) expect(node.title.length).toBeGreaterThan(2);
		const textChars = (summary.db.prepare('SELECT sum(length(text)) AS n FROM spans WHERE item = ?').get(row!.id) as {n: number}).n;
		return {nodes: nodes.length, spans: row!.span_count, textChars};
	} finally {
		summary.close();
	}
}

describe('large inputs', () => {
	it('turns a transcript of 100 000 turns into a valid tree of bounded fan-out', {timeout: 300_000}, async () => {
		const folder = tempDir();
		const file = path.join(folder, 'long-session.jsonl');
		await writeLines(file, 100_000, (index) => {
			const topic = Math.floor(index / 400);
			const role = index % 2 === 0 ? 'user' : 'assistant';
			return JSON.stringify({type: role, sessionId: 'aaaaaaaa-1111-4222-8333-444444444444', timestamp: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(), message: {role, content: sentence(topic, index)}});
		});
		const store = path.join(folder, 'store.db');
		const report = await ingest([file], {storePath: store});
		expect(report).toMatchObject({added: 1, failed: []});
		const tree = checkTree(store);
		expect(tree.spans).toBe(100_000);
		expect(tree.nodes).toBeGreaterThan(100);
	});

	it('turns 50 MB of markdown without a heading into a valid tree that keeps all its text', {timeout: 600_000}, async () => {
		const folder = tempDir();
		const file = path.join(folder, 'no-headings.md');
		await writeLines(file, 170_000, (index) => (index % 3 === 2 ? '' : Array.from({length: 8}, (_, k) => sentence(Math.floor(index / 60), index + k)).join(' ')));
		const bytes = statSync(file).size;
		expect(bytes).toBeGreaterThan(50e6);
		const store = path.join(folder, 'store.db');
		const report = await ingest([file], {storePath: store});
		expect(report).toMatchObject({added: 1, failed: []});
		const tree = checkTree(store);
		// Every character is in a span (paragraph separators aside).
		expect(tree.textChars).toBeGreaterThan(bytes * 0.95);
		expect(tree.nodes).toBeGreaterThan(1000);
	});
});
