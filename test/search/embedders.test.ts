import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {embeddingsEndpoint, OpenAiEmbedder} from '../../source/search/semantic/openai-embedder.js';
import {reindex} from '../../source/search/indexing/reindex.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {fixtureStore} from './helpers.js';

/** A tiny /v1/embeddings server: a bag-of-letters vector per text (deterministic, meaningful enough). */
function embed(text: string, dimension: number): number[] {
	const vector = new Array<number>(dimension).fill(0);
	for (const word of text.toLowerCase().match(/[a-z]+/gu) ?? []) vector[[...word].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % dimension]! += 1;
	return vector;
}

let server: Server;
let url: string;
const requests: Array<{model: string; input: string[]}> = [];

beforeAll(async () => {
	server = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk) => (body += chunk));
		request.on('end', () => {
			const parsed = JSON.parse(body) as {model: string; input: string[]};
			requests.push(parsed);
			if (request.url !== '/v1/embeddings') {
				response.writeHead(404).end('not found');
				return;
			}
			if (parsed.model === 'broken') {
				response.writeHead(500, {'content-type': 'application/json'}).end('{"error": "model crashed"}');
				return;
			}
			const dimension = parsed.model === 'wide' ? 24 : 16;
			response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({data: parsed.input.map((text, index) => ({index, embedding: embed(text, dimension)}))}));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the OpenAI-compatible embedder', () => {
	it('finds the endpoint from a base URL or the full one', () => {
		expect(embeddingsEndpoint('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1/embeddings');
		expect(embeddingsEndpoint('http://127.0.0.1:8080/v1/embeddings/')).toBe('http://127.0.0.1:8080/v1/embeddings');
		expect(() => embeddingsEndpoint('ftp://x')).toThrow(/http or https/u);
		expect(() => embeddingsEndpoint('not a url')).toThrow(/not a URL/u);
	});

	it('embeds in batches and learns its dimension', async () => {
		const embedder = await OpenAiEmbedder.connect({url, model: 'letters', batchSize: 2});
		expect(embedder.name).toBe('openai:letters');
		expect(embedder.dimension).toBe(16);
		const vectors = await embedder.embed(['a b', 'c d', 'e f']);
		expect(vectors).toHaveLength(3);
		const norm = Math.hypot(...vectors[0]!);
		expect(norm).toBeCloseTo(1, 5);
	});

	it('turns server failures into one-line DrillErrors', async () => {
		await expect(OpenAiEmbedder.connect({url, model: 'broken'})).rejects.toMatchObject({code: 'embedder_failed', message: expect.stringContaining('answered 500')});
		await expect(OpenAiEmbedder.connect({url: url.replace('/v1', '/nope'), model: 'x'})).rejects.toMatchObject({code: 'embedder_failed', hint: expect.stringContaining('--embed-url')});
		await expect(OpenAiEmbedder.connect({url: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 2000})).rejects.toMatchObject({code: 'embedder_failed', message: expect.stringContaining('cannot reach')});
	});

	it('indexes a store, searches it, and refuses a different embedder with the command that fixes it', async () => {
		const {store} = fixtureStore({train: false});
		try {
			const report = await reindex(store, {spec: {kind: 'openai', url, model: 'letters'}});
			expect(report).toMatchObject({items: 4, embedder: 'openai:letters', dimension: 16, embedded: 4});
			// The item roots the coarse step reads are the model's too.
			const rootBytes = () => store.db.prepare('SELECT length(vector) AS n FROM root_vectors').pluck().all();
			expect(rootBytes()).toEqual([64, 64, 64, 64]);
			expect(readSemanticMeta(store)).toMatchObject({embedder: 'openai:letters', dimension: 16, spec: {kind: 'openai', url, model: 'letters'}});
			const result = await find({query: 'retry storm pool', method: 'semantic'}, {store});
			expect(result.stage1_hits.length).toBeGreaterThan(0);
			expect(result.notices).toBeUndefined();

			await expect(find({query: 'x', embedder: {kind: 'lsa'}}, {store})).rejects.toMatchObject({
				code: 'embedder_mismatch',
				message: "the store's semantic index was built with openai:letters (16 dimensions), not lsa",
				hint: expect.stringContaining('run `drill reindex --embedder lsa`'),
			});
			await expect(find({query: 'x', embedder: {kind: 'openai', url, model: 'wide'}}, {store})).rejects.toMatchObject({
				code: 'embedder_mismatch',
				hint: expect.stringContaining(`drill reindex --embedder openai --embed-url ${url} --embed-model wide`),
			});
			// Same kind, no model named: the store's model, at the URL given now.
			expect((await find({query: 'retry', method: 'semantic', embedder: {kind: 'openai', url}}, {store})).stage1_hits.length).toBeGreaterThan(0);

			// A second reindex embeds nothing new; switching models re-embeds everything.
			expect((await reindex(store)).embedded).toBe(0);
			expect(await reindex(store, {spec: {kind: 'openai', url, model: 'wide'}})).toMatchObject({dimension: 24, embedded: 4, generation: 2});
			expect(rootBytes()).toEqual([96, 96, 96, 96]);
		} finally {
			store.close();
		}
	});

	it('leaves items written later without vectors until reindex, and says so', async () => {
		const {store} = fixtureStore({train: false});
		try {
			await reindex(store, {spec: {kind: 'openai', url, model: 'letters'}});
			const [first] = (await import('./helpers.js')).fixtureItems();
			store.writeItem({...first!, item_id: 'late'});
			expect((await find({query: 'retry'}, {store})).notices).toEqual(['1 of 5 items have no openai:letters embeddings yet: run `drill reindex`']);
			expect((await reindex(store)).embedded).toBe(1);
			expect((await find({query: 'retry'}, {store})).notices).toBeUndefined();
		} finally {
			store.close();
		}
	});
});
