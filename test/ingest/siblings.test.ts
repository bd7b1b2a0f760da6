import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {createRuntime} from '../../source/runtime.js';

/**
 * Sessions of one batch job, as Claude Code logs them: each opens with the job's same template
 * sentence, names its subject (a paper) only in the request's later lines, and ends with the
 * agent's report on that paper.
 */
const cwd = '/home/ana/src/reading-group';
const opening = 'Summarize the paper below for the reading group in five bullet points.';

const papers = [
	{id: '11111111-0000-4000-8000-000000000001', paper: 'Attention Is All You Need', answer: 'The Transformer drops recurrence entirely and relies on self-attention; it sets a new BLEU record on WMT 2014 translation.'},
	{id: '11111111-0000-4000-8000-000000000002', paper: 'Deep Residual Learning for Image Recognition', answer: 'ResNet adds identity shortcuts so that very deep networks train; it won ImageNet 2015 classification.'},
	{id: '11111111-0000-4000-8000-000000000003', paper: 'BERT: Pre-training of Deep Bidirectional Transformers', answer: 'BERT pre-trains a bidirectional encoder with masked tokens and tops the GLUE benchmark after fine-tuning.'},
	{id: '11111111-0000-4000-8000-000000000004', paper: 'Playing Atari with Deep Reinforcement Learning', answer: 'DQN learns control policies from raw pixels with Q-learning and experience replay on seven Atari games.'},
	{id: '11111111-0000-4000-8000-000000000005', paper: 'Generative Adversarial Nets', answer: 'GANs train a generator against a discriminator in a minimax game; samples on MNIST and CIFAR-10 look plausible.'},
];

function sessionLines(sessionId: string, paper: string, answer: string, aiTitle?: string): string {
	const line = (fields: Record<string, unknown>) => JSON.stringify({cwd, sessionId, version: '2.0.14', isSidechain: false, ...fields});
	return [
		line({type: 'user', uuid: 'u1', parentUuid: null, timestamp: '2026-10-14T09:12:00.000Z', message: {role: 'user', content: `${opening}\n\nPaper: ${paper}\nKeep each bullet under twenty words.`}}),
		line({type: 'assistant', uuid: 'a1', parentUuid: 'u1', timestamp: '2026-10-14T09:12:30.000Z', message: {id: `msg_${sessionId}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{type: 'text', text: answer}], usage: {input_tokens: 900, output_tokens: 80, cache_read_input_tokens: 0, cache_creation_input_tokens: 0}}}),
		...(aiTitle ? [JSON.stringify({type: 'ai-title', sessionId, aiTitle})] : []),
		'',
	].join('\n');
}

function project(count: number, folder = path.join(tempDir(), '-home-ana-src-reading-group')): string {
	mkdirSync(folder, {recursive: true});
	for (const {id, paper, answer} of papers.slice(0, count)) writeFileSync(path.join(folder, `${id}.jsonl`), sessionLines(id, paper, answer));
	return folder;
}

function titles(store: string): Map<string, {title: string; own?: string | undefined; root: string}> {
	const summary = SummaryStore.open(store);
	try {
		return new Map(
			[...summary.eachItem()].map((row) => {
				const record = summary.record(row);
				return [record.source?.session_id ?? record.item_id, {title: record.title, own: record.source?.own_title, root: record.nodes[0]!.title}];
			}),
		);
	} finally {
		summary.close();
	}
}

const folded = (title: string) => title.toLowerCase().replace(/\s+/gu, ' ');

describe('sessions of one project that start with the same request', () => {
	it('get titles that tell them apart by their subject, their own title kept', async () => {
		const folder = project(5);
		const store = path.join(tempDir(), 'store.db');
		expect(await ingest([folder], {storePath: store})).toMatchObject({added: 5, failed: []});
		const got = titles(store);
		expect(got.size).toBe(5);
		const shown = [...got.values()].map((item) => item.title);
		expect(new Set(shown.map(folded)).size).toBe(5);
		const own = got.get(papers[0]!.id)!.own!;
		expect(own).toBeTruthy();
		for (const [index, {id}] of papers.entries()) {
			const item = got.get(id)!;
			expect(item.title.length).toBeLessThanOrEqual(80);
			expect(item.own).toBe(own);
			expect(item.root).toBe(item.title);
			expect(item.title.startsWith(own.slice(0, 20))).toBe(true);
			// The subject's name, from the request's later lines.
			expect(item.title, `paper ${index}`).toContain(' — ');
		}
		expect(got.get(papers[0]!.id)!.title).toMatch(/— Attention Is All You Need$/u);
		expect(got.get(papers[1]!.id)!.title).toMatch(/— Deep Residual Learning for Image Recognition$/u);
		expect(got.get(papers[4]!.id)!.title).toMatch(/— Generative Adversarial Nets$/u);
		// Search finds an item by the words of its new title.
		const runtime = createRuntime({storePath: store, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		try {
			const result = await runtime.find({query: 'Adversarial', method: 'keyword'});
			const hit = JSON.stringify(result);
			expect(hit).toContain('Generative Adversarial Nets');
		} finally {
			runtime.close();
		}
		// Again, nothing changed: the same titles, nothing written.
		expect(await ingest([folder], {storePath: store})).toMatchObject({added: 0, updated: 0});
		expect(titles(store)).toEqual(got);
	});

	it('tells the earlier sessions apart when a sibling arrives later, and keeps a changed one told apart', async () => {
		const folder = project(1);
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		const alone = titles(store).get(papers[0]!.id)!;
		expect(alone.title).not.toContain(' — ');
		expect(alone.own).toBeUndefined();
		project(3, folder);
		expect(await ingest([folder], {storePath: store})).toMatchObject({added: 2, updated: 0, failed: []});
		const got = titles(store);
		expect(got.get(papers[0]!.id)!.title).toMatch(/^Summarize the paper below for the \S.*… — Attention Is All You Need$/u);
		expect(got.get(papers[0]!.id)!.own).toBe(alone.title);
		expect(new Set([...got.values()].map((item) => folded(item.title))).size).toBe(3);
		// A session read again (it changed) is told apart again, the same way.
		const {id, paper, answer} = papers[1]!;
		writeFileSync(path.join(folder, `${id}.jsonl`), sessionLines(id, paper, `${answer} Its 152-layer model was the deepest then.`));
		expect(await ingest([folder], {storePath: store})).toMatchObject({updated: 1});
		expect(titles(store).get(papers[1]!.id)!.title).toBe(got.get(papers[1]!.id)!.title);
		expect(titles(store).get(papers[0]!.id)).toEqual(got.get(papers[0]!.id));
	});

	it('finishes the pass of a run killed during it at the next run, though nothing changed', async () => {
		const folder = project(3);
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		const told = titles(store);
		// What a run killed before the pass committed leaves: the items as ingest wrote them, and the note.
		const writer = SummaryStore.open(store, {write: true});
		try {
			const ids: string[] = [];
			for (const row of [...writer.eachItem()]) {
				const record = writer.record(row);
				record.title = record.source!.own_title!;
				record.nodes[0]!.title = record.title;
				delete record.source!.own_title;
				writer.writeItem(record);
				ids.push(record.item_id);
			}
			writer.setMeta('sibling_pass_pending:conversation_session', JSON.stringify(ids));
		} finally {
			writer.close();
		}
		expect([...titles(store).values()].every((item) => !item.title.includes(' — '))).toBe(true);
		expect(await ingest([folder], {storePath: store})).toMatchObject({added: 0, updated: 0});
		expect(titles(store)).toEqual(told);
	});

	it('never touches a title the agent gave', async () => {
		const folder = project(3);
		const {id, paper, answer} = papers[3]!;
		writeFileSync(path.join(folder, `${id}.jsonl`), sessionLines(id, paper, answer, 'Summarize the paper below for the reading group'));
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		const got = titles(store);
		expect(got.get(id)!.title).toBe('Summarize the paper below for the reading group');
		for (const other of papers.slice(0, 3)) expect(got.get(other.id)!.title).toContain(' — ');
	});

	it('tells apart sessions asked the very same thing by the file each worked on, not by a word of their answers', async () => {
		// Issue 35: audits of three papers, one request word for word; each session reads its own paper.
		const folder = path.join(tempDir(), '-home-ana-src-audits');
		mkdirSync(folder, {recursive: true});
		const request = 'Audit the paper in this folder: check every citation and flag the claims the cited work does not support.';
		const audits = [
			{id: '33333333-0000-4000-8000-000000000001', file: 'schmidt-2019-scaling-laws.pdf', answer: 'Two nitpicks only: the scaling claims hold, but reference 14 is a preprint.'},
			{id: '33333333-0000-4000-8000-000000000002', file: 'okafor-2021-sparse-attention.pdf', answer: 'The ACM citation in section 3 does not support the speedup claim; the rest holds.'},
			{id: '33333333-0000-4000-8000-000000000003', file: 'lindqvist-2020-retrieval.pdf', answer: 'Schmidt et al. is cited for a result it never reports; three other citations are fine.'},
		];
		for (const {id, file, answer} of audits) {
			const line = (fields: Record<string, unknown>) => JSON.stringify({cwd: '/home/ana/src/audits', sessionId: id, version: '2.0.14', isSidechain: false, ...fields});
			writeFileSync(
				path.join(folder, `${id}.jsonl`),
				[
					line({type: 'user', uuid: 'u1', parentUuid: null, timestamp: '2026-10-14T09:12:00.000Z', message: {role: 'user', content: request}}),
					line({type: 'assistant', uuid: 'a1', parentUuid: 'u1', timestamp: '2026-10-14T09:12:10.000Z', message: {id: `msg_1_${id}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{type: 'tool_use', id: `t_${id}`, name: 'Read', input: {file_path: `/home/ana/src/audits/papers/${file}`}}]}}),
					line({type: 'user', uuid: 'r1', parentUuid: 'a1', timestamp: '2026-10-14T09:12:11.000Z', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `t_${id}`, content: 'PDF text …'}]}}),
					line({type: 'assistant', uuid: 'a2', parentUuid: 'r1', timestamp: '2026-10-14T09:12:30.000Z', message: {id: `msg_2_${id}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{type: 'text', text: answer}]}}),
					'',
				].join('\n'),
			);
		}
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		const got = titles(store);
		for (const {id, file} of audits) {
			const title = got.get(id)!.title;
			expect(title.length).toBeLessThanOrEqual(80);
			expect(title).toMatch(new RegExp(` — ${file.replace(/[.]/gu, '\\.')}$`, 'u'));
		}
	});

	it('leaves sessions with the same title and the same subject as they are', async () => {
		const folder = path.join(tempDir(), '-home-ana-src-reading-group');
		mkdirSync(folder, {recursive: true});
		const {paper, answer} = papers[0]!;
		for (const id of [papers[0]!.id, papers[1]!.id]) writeFileSync(path.join(folder, `${id}.jsonl`), sessionLines(id, paper, answer));
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		const got = [...titles(store).values()];
		expect(got).toHaveLength(2);
		expect(got[0]!.title).toBe(got[1]!.title);
		expect(got[0]!.title).not.toContain(' — ');
	});

	it('tells apart the very same request asked again later by when each started', async () => {
		const folder = path.join(tempDir(), '-home-ana-src-reading-group');
		mkdirSync(folder, {recursive: true});
		const {paper, answer} = papers[0]!;
		writeFileSync(path.join(folder, `${papers[0]!.id}.jsonl`), sessionLines(papers[0]!.id, paper, answer));
		writeFileSync(path.join(folder, `${papers[1]!.id}.jsonl`), sessionLines(papers[1]!.id, paper, answer).replaceAll('2026-10-14T09:', '2026-10-15T16:'));
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		const got = [...titles(store).values()].map((entry) => entry.title).sort();
		expect(got[0]).toMatch(/ — 2026-10-14 09:12 UTC$/u);
		expect(got[1]).toMatch(/ — 2026-10-15 16:12 UTC$/u);
		// What their TLDRs share is what they did, not a standing sentence: it stays.
		const summary = SummaryStore.open(store);
		try {
			for (const row of summary.eachItem()) expect(row.tldr).toContain('The Transformer drops recurrence entirely');
		} finally {
			summary.close();
		}
	});
});

describe('a sentence the TLDRs of several sessions share', () => {
	const standing = 'As AGENTS.md asks, I kept every change small and ran the linters before finishing.';
	const work = [
		{id: '22222222-0000-4000-8000-000000000001', request: 'Why does the FX convert test fail now and then? Fix it.', answer: 'The race was in convert(), which refreshed the cache without the lock; a single-flight guard fixes it.'},
		{id: '22222222-0000-4000-8000-000000000002', request: 'Add a retry with backoff to the webhook sender.', answer: 'The webhook sender now retries three times with exponential backoff and logs each failure.'},
		{id: '22222222-0000-4000-8000-000000000003', request: 'Rename the billing module to invoicing everywhere.', answer: 'The billing module is now invoicing, with every import and the docs updated.'},
	];

	function write(folder: string, entries: typeof work, withStanding = true): void {
		mkdirSync(folder, {recursive: true});
		for (const {id, request, answer} of entries) {
			const line = (fields: Record<string, unknown>) => JSON.stringify({cwd: '/home/ana/src/payments', sessionId: id, version: '2.0.14', isSidechain: false, ...fields});
			const text = withStanding ? `${standing} ${answer}` : answer;
			writeFileSync(
				path.join(folder, `${id}.jsonl`),
				[
					line({type: 'user', uuid: 'u1', parentUuid: null, timestamp: '2026-10-14T09:12:00.000Z', message: {role: 'user', content: request}}),
					line({type: 'assistant', uuid: 'a1', parentUuid: 'u1', timestamp: '2026-10-14T09:14:00.000Z', message: {id: `msg_${id}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{type: 'text', text}]}}),
					'',
				].join('\n'),
			);
		}
	}

	function tldrs(store: string): Map<string, string> {
		const summary = SummaryStore.open(store);
		try {
			return new Map([...summary.eachItem()].map((row) => [row.session_id ?? row.item_id, row.tldr]));
		} finally {
			summary.close();
		}
	}

	it('summarizes none of them, and stays dropped when one of them is read again', async () => {
		const folder = path.join(tempDir(), '-home-ana-src-payments');
		write(folder, work);
		const store = path.join(tempDir(), 'store.db');
		// Without the pass it would be in every TLDR: a single session keeps it.
		const lone = path.join(tempDir(), 'lone');
		write(lone, work.slice(0, 1));
		const loneStore = path.join(tempDir(), 'lone.db');
		await ingest([lone], {storePath: loneStore});
		expect(tldrs(loneStore).get(work[0]!.id)).toContain('I kept every change small');
		await ingest([folder], {storePath: store});
		const got = tldrs(store);
		expect(got.size).toBe(3);
		for (const {id, answer} of work) {
			const tldr = got.get(id)!;
			expect(tldr).not.toContain('I kept every change small');
			expect(tldr.length).toBeGreaterThan(0);
			expect(tldr).toContain(answer.split(' ').slice(1, 4).join(' '));
		}
		// Rerun: nothing changes.
		expect(await ingest([folder], {storePath: store})).toMatchObject({added: 0, updated: 0});
		expect(tldrs(store)).toEqual(got);
		// One session changed and read again: it alone holds the sentence now, and still loses it.
		const changed = {...work[1]!, answer: `${work[1]!.answer} The sender's tests pass.`};
		write(folder, [changed]);
		expect(await ingest([folder], {storePath: store})).toMatchObject({updated: 1});
		expect(tldrs(store).get(changed.id)).not.toContain('I kept every change small');
		expect(tldrs(store).get(changed.id)).toContain('webhook sender');
	});

	it('keeps a TLDR that is nothing but a shared sentence and has no other', async () => {
		const folder = path.join(tempDir(), '-home-ana-src-payments');
		write(folder, work.map((entry) => ({...entry, answer: ''})));
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		for (const tldr of tldrs(store).values()) expect(tldr.length).toBeGreaterThan(0);
	});

	it('keeps how each session ended, though several ended the same way', async () => {
		const folder = path.join(tempDir(), '-home-ana-src-payments');
		write(folder, work, false);
		// Each session then got a request it never answered: the same "Ended with no answer…" sentence in all three.
		for (const {id} of work) {
			const file = path.join(folder, `${id}.jsonl`);
			const more = JSON.stringify({cwd: '/home/ana/src/payments', sessionId: id, version: '2.0.14', isSidechain: false, type: 'user', uuid: 'u2', parentUuid: 'a1', timestamp: '2026-10-14T09:20:00.000Z', message: {role: 'user', content: 'Now open a pull request for it'}});
			writeFileSync(file, `${readFileSync(file, 'utf8')}${more}\n`);
		}
		const store = path.join(tempDir(), 'store.db');
		await ingest([folder], {storePath: store});
		for (const {id, answer} of work) expect(tldrs(store).get(id)).toBe(`Ended with no answer to the last request: Now open a pull request for it. Before that: ${answer}`);
	});
});

describe('aider sessions of one history that start with the same request', () => {
	it('get titles that name their service', async () => {
		const folder = tempDir();
		const services = [
			['payments-gateway', 'The payments-gateway runbook now covers the Stripe webhook outage and its retry queue.'],
			['ledger-sync', 'The ledger-sync runbook now says how to replay a stuck Kafka partition.'],
			['fraud-scorer', 'The fraud-scorer runbook now explains how to roll back a bad model release.'],
		];
		const history = services.flatMap(([service, answer], index) => [
			`# aider chat started at 2026-10-0${index + 1} 09:00:00`,
			'',
			'#### Write the on-call runbook section for the service named below.  ',
			`#### Service: ${service}  `,
			'',
			answer,
			'',
			`> Applied edit to docs/runbooks/${service}.md  `,
			'',
		]);
		writeFileSync(path.join(folder, '.aider.chat.history.md'), history.join('\n'));
		const store = path.join(tempDir(), 'store.db');
		expect(await ingest([folder], {storePath: store, cwd: folder})).toMatchObject({added: 3, failed: []});
		const reader = SummaryStore.open(store);
		try {
			const shown = [...reader.eachItem()].map((row) => row.title).sort();
			expect(shown).toHaveLength(3);
			expect(new Set(shown.map(folded)).size).toBe(3);
			for (const [service] of services) expect(shown.some((title) => title.includes(` — ${service}`)), service).toBe(true);
		} finally {
			reader.close();
		}
	});
});
