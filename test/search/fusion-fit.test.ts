import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {textToItem} from '../../source/ingest/text-to-item.js';
import {fittedShare, readFusionFit, writeFusionFit} from '../../source/search/funnel/fitted-share.js';
import {chooseShare, fitCandidates, fitFusion, fitMargin, fitQueries, pseudoQuery} from '../../source/search/funnel/fusion-fit.js';
import {parseQuery} from '../../source/search/funnel/query.js';
import {fuseLists, rankStage1, stage1Lists} from '../../source/search/funnel/stage1.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {reindex} from '../../source/search/indexing/reindex.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {ItemTermStats} from '../../source/search/keyword/term-stats.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {runCli, tempDir} from '../helpers/cli.js';

const knowledgeFolder = path.join(import.meta.dirname, '..', '..', 'fixtures', 'knowledge');

/** A store of the knowledge fixture's 27 units (one project's notes), written and trained as an ingest leaves it. */
function knowledgeStore(): {store: SummaryStore; file: string} {
	const file = path.join(tempDir('drill-fusion-fit-'), 'store.db');
	const store = openIndexedStore(file);
	const files = readdirSync(knowledgeFolder, {recursive: true, encoding: 'utf8'})
		.filter((name) => name.endsWith('.md'))
		.sort();
	for (const name of files) store.writeItem(textToItem({namespace: 'docs', itemId: name, title: '', text: readFileSync(path.join(knowledgeFolder, name), 'utf8'), format: 'markdown'}));
	return {store, file};
}

/** MRR@10 per candidate, as a fit stores it: `adaptive` for the rule, every fixed share at `others`, some set apart. */
function evidence(adaptive: number, others: number, set: Record<string, number>): Record<string, number> {
	return Object.fromEntries(fitCandidates.map((candidate) => [String(candidate), set[String(candidate)] ?? (candidate === 'adaptive' ? adaptive : others)]));
}

describe('the hybrid mix fitted to a store by self-retrieval', () => {
	it('picks the semantic side when its pseudo-queries find their items better there', () => {
		// A store whose semantic list finds what its titles name (medline-like): share 0 beats the rule by more than the margin.
		expect(chooseShare(evidence(0.8, 0.8, {'0': 0.8 + fitMargin + 0.01, '0.1': 0.84}))).toBe(0);
	});

	it('picks keyword alone when the semantic list only gets in the way', () => {
		expect(chooseShare(evidence(0.7, 0.7, {'1': 0.7 + fitMargin, '0.9': 0.72}))).toBe(1);
	});

	it('keeps the agreement rule when no fixed share beats it by the margin', () => {
		expect(chooseShare(evidence(0.9, 0.88, {'0.5': 0.9 + fitMargin - 0.01}))).toBe('adaptive');
		// Every candidate alike (a store small enough that every mix finds every item first).
		expect(chooseShare(evidence(1, 1, {}))).toBe('adaptive');
	});

	it('asks an item by its title, or by its summary\'s first sentence when the title is too short', () => {
		expect(pseudoQuery('Retry storm in the API gateway', 'The gateway retried.')).toBe('Retry storm in the API gateway');
		expect(pseudoQuery('', 'Correlation between maternal and fetal plasma levels. Coefficients were determined.')).toBe('Correlation between maternal and fetal plasma levels.');
		expect(pseudoQuery('', 'Too short.')).toBeUndefined();
	});

	it('stores the share with its evidence and the model generation at reindex, and find uses it only for that model', async () => {
		const {store, file} = knowledgeStore();
		try {
			expect(readFusionFit(store)).toBeUndefined();
			await reindex(store);
			const fit = readFusionFit(store)!;
			const generation = readSemanticMeta(store)!.generation;
			expect(fit).toMatchObject({generation, from: 'item titles (or first sentences)'});
			expect(fit.queries).toBeGreaterThanOrEqual(10);
			expect(fit.queries).toBeLessThanOrEqual(Math.min(27, fitQueries));
			expect(Object.keys(fit.mrr).sort()).toEqual(fitCandidates.map(String).sort());
			for (const mrr of Object.values(fit.mrr)) expect(mrr).toBeGreaterThan(0);
			expect(fit.share).toBe(chooseShare(fit.mrr));

			// A fixed share in the fit is the one the hybrid fuses at; a fit of an older model is not.
			const query = parseQuery('checkpoint of the write-ahead log');
			const status = () => searchStatus(store);
			const request = () => ({query, lists: {keyword: true, semantic: true}, filter: {}, depth: 50, status: status()});
			const lists = await stage1Lists(store, request(), new ItemTermStats(store, query.words, status().keywordItems));
			const atShare = (share: number | undefined) => fuseLists(lists, share).map((hit) => hit.node);
			expect(atShare(0)).not.toEqual(atShare(undefined));
			writeFusionFit(store, {...fit, share: 0});
			expect(fittedShare(status())).toBe(0);
			expect((await rankStage1(store, request())).ranked.map((hit) => hit.node)).toEqual(atShare(0));
			writeFusionFit(store, {...fit, share: 0, generation: generation - 1});
			expect(fittedShare(status())).toBeUndefined();
			expect((await rankStage1(store, request())).ranked.map((hit) => hit.node)).toEqual(atShare(undefined));
			writeFusionFit(store, fit);
		} finally {
			store.close();
		}
		// drill status shows the mix and its evidence; --json carries it.
		const shown = runCli(['status', '--store', file], {cwd: path.dirname(file)}).stdout;
		expect(shown).toMatch(/; hybrid mix: (the agreement rule|keyword share [\d.]+), fitted at reindex \(\d+ item titles \(or first sentences\) asked as queries: /u);
		const json = JSON.parse(runCli(['status', '--store', file, '--json'], {cwd: path.dirname(file)}).stdout) as {search: {fusion: {share: unknown; in_force: boolean; queries: number; mrr: Record<string, number>}}};
		expect(json.search.fusion).toMatchObject({in_force: true, mrr: {adaptive: expect.any(Number), '0': expect.any(Number), '1': expect.any(Number)}});
	});

	it('fits nothing in a store without a semantic model', async () => {
		const {store} = knowledgeStore();
		try {
			store.db.exec("DELETE FROM meta WHERE key LIKE 'search.semantic.%'");
			expect(await fitFusion(store)).toBeUndefined();
			expect(readFusionFit(store)).toBeUndefined();
		} finally {
			store.close();
		}
	});
});
