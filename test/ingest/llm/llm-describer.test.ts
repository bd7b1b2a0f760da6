import {appendFileSync, copyFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {completionsUrl} from '../../../source/ingest/llm/chat-client.js';
import {ingest} from '../../helpers/ingest.js';
import {SummaryStore} from '../../../source/store/summary-store.js';
import {tempDir} from '../../helpers/cli.js';

/** A stand-in for an OpenAI-compatible server: answers chat completions, or fails on cue. */
class FakeChatServer {
	private server: Server | undefined;
	calls: Array<{model: string; prompt: string; authorization?: string}> = [];
	/** Answers this late (a server that hangs, for the client's timeout). */
	delayMs = 0;
	/** Decides the answer for the n-th call: a JSON body for `choices[0].message.content`, or an HTTP status. */
	answer: (call: number, prompt: string) => {content: string} | {status: number} = (call) => ({content: JSON.stringify({title: `Model title ${call}`, summary: `Model summary ${call}.`, tldr: `Model TLDR ${call}.`})});

	async start(): Promise<string> {
		this.server = createServer(async (request: IncomingMessage, response) => {
			let body = '';
			for await (const chunk of request) body += chunk;
			if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
				response.writeHead(404).end();
				return;
			}
			const parsed = JSON.parse(body) as {model: string; messages: Array<{role: string; content: string}>};
			const prompt = parsed.messages.at(-1)!.content;
			this.calls.push({model: parsed.model, prompt, ...(request.headers.authorization ? {authorization: request.headers.authorization} : {})});
			const answer = this.answer(this.calls.length, prompt);
			if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
			if (response.destroyed) return;
			if ('status' in answer) {
				response.writeHead(answer.status, {'content-type': 'application/json'}).end('{"error":{"message":"overloaded"}}');
				return;
			}
			response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({choices: [{index: 0, message: {role: 'assistant', content: answer.content}}]}));
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => this.server?.close(() => resolve()));
	}
}

function nodesOf(store: string) {
	const summary = SummaryStore.open(store);
	try {
		const [row] = [...summary.eachItem()];
		return {item: row!, nodes: summary.nodes(row!.id)};
	} finally {
		summary.close();
	}
}

describe('the LLM summarizer', () => {
	const server = new FakeChatServer();
	let url = '';
	beforeAll(async () => {
		url = await server.start();
	});
	afterAll(() => server.stop());

	it('finds the completions URL from a base URL', () => {
		expect(completionsUrl('http://h:1')).toBe('http://h:1/v1/chat/completions');
		expect(completionsUrl('http://h:1/v1/')).toBe('http://h:1/v1/chat/completions');
		expect(completionsUrl('http://h:1/api/v1/chat/completions')).toBe('http://h:1/api/v1/chat/completions');
	});

	it('writes titles and summaries with the model, keeping the extractive tree’s shape', async () => {
		const extractive = tempDir();
		await ingest(['fixtures/docs/field-notes.txt'], {storePath: `${extractive}/store.db`});
		const shape = nodesOf(`${extractive}/store.db`).nodes.map((node) => node.parent);

		server.calls = [];
		const folder = tempDir();
		const notes: string[] = [];
		const sent: string[] = [];
		const report = await ingest(['fixtures/docs/field-notes.txt'], {storePath: `${folder}/store.db`, summarizer: 'llm', llm: {url, model: 'tiny-model', key: 'secret', timeoutMs: 5000}, onNote: (note) => (note.startsWith('--summarizer llm sends') ? sent.push(note) : notes.push(note))});
		expect(report).toMatchObject({added: 1, failed: []});
		expect(notes).toEqual([]);
		// Said before anything was sent: where to, and how much at most.
		expect(sent).toEqual([expect.stringMatching(/^--summarizer llm sends the text of each new or changed item of 1 file to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(model tiny-model\): up to about \d+k? tokens in/u)]);
		const {item, nodes} = nodesOf(`${folder}/store.db`);
		expect(nodes.map((node) => node.parent)).toEqual(shape);
		expect(server.calls).toHaveLength(nodes.length);
		expect(server.calls[0]).toMatchObject({model: 'tiny-model', authorization: 'Bearer secret'});
		// The leaves are asked about their text; the root about its parts, and for a TLDR.
		expect(server.calls[0]!.prompt).toMatch(/^Text:\n\[/u);
		expect(server.calls.at(-1)!.prompt).toMatch(/whole item[\s\S]*Its parts:\n1\. Model title/u);
		for (const node of nodes.slice(1)) expect(node.title).toMatch(/^Model title \d+$/u);
		expect(nodes.every((node) => /^Model summary \d+\.$/u.test(node.summary))).toBe(true);
		// The source's own title stays; the TLDR is the model's.
		expect(item.title).toBe('Field notes — Porto trip, 3–4 March 2026. Ana Lima');
		expect(item.tldr).toMatch(/^Model TLDR \d+\.$/u);
	});

	it('falls back to the extractive text for each node whose call fails, and says so', async () => {
		server.calls = [];
		server.answer = (call) => (call === 2 ? {status: 503} : call === 3 ? {content: 'Sure! Here is a summary.'} : {content: JSON.stringify({title: `Model title ${call}`, summary: `Model summary ${call}.`})});
		const folder = tempDir();
		const notes: string[] = [];
		const sent: string[] = [];
		await ingest(['fixtures/docs/field-notes.txt'], {storePath: `${folder}/store.db`, summarizer: 'llm', llm: {url, model: 'm', timeoutMs: 5000}, onNote: (note) => (note.startsWith('--summarizer llm sends') ? sent.push(note) : notes.push(note))});
		const {nodes} = nodesOf(`${folder}/store.db`);
		expect(notes).toHaveLength(1);
		expect(notes[0]).toMatch(/field-notes\.txt: the LLM summarizer failed for 2 of 4 nodes \(HTTP 503 Service Unavailable.*\); those keep the extractive summary/u);
		const modelWritten = nodes.filter((node) => node.summary.startsWith('Model summary'));
		expect(modelWritten).toHaveLength(2);
		for (const node of nodes.filter((other) => !other.summary.startsWith('Model summary'))) expect(node.summary.length).toBeGreaterThan(40);
	});

	it('keeps the extractive text when the model refuses or answers with an attempt at a title, and never renames a session', async () => {
		server.calls = [];
		server.answer = (call) => ({content: JSON.stringify(call % 2 ? {title: "I'm sorry, but I can't title this conversation", summary: 'I cannot help with that.'} : {title: `Model title ${call}`, summary: `Model summary ${call}.`, tldr: 'Model TLDR.'})});
		const folder = tempDir();
		const notes: string[] = [];
		const sent: string[] = [];
		await ingest(['fixtures/transcripts/codex-rollout.jsonl'], {storePath: `${folder}/store.db`, summarizer: 'llm', llm: {url, model: 'm', timeoutMs: 5000}, onNote: (note) => (note.startsWith('--summarizer llm sends') ? sent.push(note) : notes.push(note))});
		const {item, nodes} = nodesOf(`${folder}/store.db`);
		expect(notes[0]).toMatch(/the answer is a refusal or not a title and summary/u);
		for (const node of nodes) expect(`${node.title} ${node.summary}`).not.toMatch(/sorry|cannot help/iu);
		expect(item.title).toBe('The nightly reconciliation job double-counts partial refunds');
	});

	it("asks a session's root with the agent's title, the requests and the final report, and asks nothing twice", async () => {
		server.calls = [];
		server.answer = (call) => ({content: JSON.stringify({title: `Model title ${call}`, summary: `Model summary ${call}.`, tldr: 'Model TLDR.'})});
		const folder = tempDir();
		const file = path.join(folder, 'rollout.jsonl');
		copyFileSync('fixtures/transcripts/codex-rollout.jsonl', file);
		const store = `${folder}/store.db`;
		await ingest([file], {storePath: store, summarizer: 'llm', llm: {url, model: 'm', timeoutMs: 5000}});
		const root = server.calls.at(-1)!.prompt;
		expect(root).toMatch(/whole item[\s\S]*The person's requests:\n1\. The nightly reconciliation job double-counts partial refunds/u);
		expect(root).toMatch(/The agent's final report:\n\S/u);
		const asked = server.calls.length;
		expect(asked).toBeGreaterThan(1);
		// The file changes where no summary looks (a trailing blank line): read again, asked nothing.
		appendFileSync(file, '\n');
		const again = await ingest([file], {storePath: store, summarizer: 'llm', llm: {url, model: 'm', timeoutMs: 5000}});
		expect(again).toMatchObject({updated: 1});
		expect(server.calls).toHaveLength(asked);
		expect(nodesOf(store).item.tldr).toBe('Model TLDR.');
	});

	it('keeps the extractive text, and says so in one line, when the endpoint does not answer in time', async () => {
		server.calls = [];
		server.delayMs = 1500;
		try {
			const folder = tempDir();
			const notes: string[] = [];
		const sent: string[] = [];
			const report = await ingest(['fixtures/docs/field-notes.txt'], {storePath: `${folder}/store.db`, summarizer: 'llm', llm: {url, model: 'slow', timeoutMs: 300}, onNote: (note) => (note.startsWith('--summarizer llm sends') ? sent.push(note) : notes.push(note))});
			expect(report).toMatchObject({added: 1, failed: []});
			expect(notes).toHaveLength(1);
			expect(notes[0]).toMatch(/^\S*field-notes\.txt: the LLM summarizer failed for \d+ of \d+ nodes \(no answer within 300 ms\); those keep the extractive summary$/u);
			const {nodes} = nodesOf(`${folder}/store.db`);
			expect(nodes.some((node) => node.summary.startsWith('Model summary'))).toBe(false);
		} finally {
			server.delayMs = 0;
		}
	});

	it('stops calling an endpoint that keeps failing', async () => {
		const folder = tempDir();
		const notes: string[] = [];
		const sent: string[] = [];
		const report = await ingest(['fixtures/docs/incident-review.md'], {storePath: `${folder}/store.db`, summarizer: 'llm', llm: {url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000}, onNote: (note) => (note.startsWith('--summarizer llm sends') ? sent.push(note) : notes.push(note))});
		expect(report).toMatchObject({added: 1, failed: []});
		expect(notes[0]).toMatch(/failed for (\d+) of \1 nodes \(cannot reach http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions/u);
		const {nodes} = nodesOf(`${folder}/store.db`);
		expect(nodes.map((node) => node.title)).toContain('Retry storm');
	});
});
