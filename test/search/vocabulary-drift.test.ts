import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {textToItem} from '../../source/ingest/text-to-item.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {driftMinOccurrences, driftMinUnknown, readTrainedBecause, retrainDrift, retrainReason, retrainUnknownMass} from '../../source/search/semantic/vocabulary-drift.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import {reopened} from './helpers.js';
import {runCli, tempDir} from '../helpers/cli.js';

const fixtures = path.join(import.meta.dirname, '..', '..', 'fixtures');

function markdownFiles(folder: string): string[] {
	return readdirSync(folder, {recursive: true, encoding: 'utf8'})
		.filter((file) => file.endsWith('.md'))
		.sort()
		.map((file) => path.join(folder, file));
}

function item(itemId: string, text: string): ItemRecord {
	return textToItem({namespace: 'docs', itemId, title: '', text, format: 'markdown'});
}

/** The knowledge fixture (27 units about one project): the store the model is trained on. */
const knowledge = () => markdownFiles(path.join(fixtures, 'knowledge')).map((file) => item(path.relative(fixtures, file), readFileSync(file, 'utf8')));

/** A store trained on the knowledge units, then one more write (growth under a quarter) of `later`. */
function trainedThenWritten(later: ItemRecord): {file: string; before: number; after: ReturnType<typeof readSemanticMeta>; status: ReturnType<typeof searchStatus>; because: string | undefined} {
	const file = path.join(tempDir('drill-drift-'), 'store.db');
	const first = openIndexedStore(file);
	for (const unit of knowledge()) first.writeItem(unit);
	first.close();
	const before = reopened(file, (store) => readSemanticMeta(store)!.generation);
	const second = openIndexedStore(file);
	second.writeItem(later);
	const status = searchStatus(second);
	second.close();
	return {file, before, status, ...reopened(file, (store) => ({after: readSemanticMeta(store), because: readTrainedBecause(store)}))};
}

describe('vocabulary drift', () => {
	it('folds in a later item that reuses the words the model was trained on', () => {
		// The knowledge units again, as one item: thousands of words, every one known.
		const again = knowledge()
			.flatMap((unit) => unit.spans.map((span) => span.text))
			.join('\n\n');
		const {file, before, status, after} = trainedThenWritten(item('again', again));
		expect(status.vocabularyDrift.occurrences).toBeGreaterThanOrEqual(driftMinOccurrences);
		expect(status.vocabularyDrift.unknown).toBeLessThan(retrainUnknownMass * status.vocabularyDrift.trainedOccurrences);
		expect(status.retrain).toBeUndefined();
		expect(after!.generation).toBe(before);
		// drill status says the last model is in use, and how far what was folded into it drifted.
		const shown = runCli(['status', '--store', file], {cwd: path.dirname(file)});
		expect(shown.stdout).toMatch(/^search {3}28\/28 items keyword-indexed; semantic lsa, 28 items embedded, built \S+ on 27 items \(the first model of the store\), the last model in use with 1 item written since folded in; vocabulary drift \d+\.\d% of \d+ words folded in, new words \d+\.\d% of those it was trained on \(retrained once the store grows by a quarter or new words reach 0\.3% of those it was trained on\)$/mu);
		const json = JSON.parse(runCli(['status', '--store', file, '--json'], {cwd: path.dirname(file)}).stdout) as {search: {vocabulary_drift: {occurrences: number; share: number}; retrain: unknown}};
		expect(json.search).toMatchObject({vocabulary_drift: {occurrences: status.vocabularyDrift.occurrences}, retrain: null});
	});

	it('retrains when a later item brings words the model does not know, and says why', () => {
		// Documents of other subjects: a blog post (its text), design and field notes, an incident review, the doc-site pages.
		const files = [...['design-notes.md', 'field-notes.txt', 'incident-review.md'].map((file) => path.join(fixtures, 'docs', file)), ...markdownFiles(path.join(fixtures, 'doc-sites'))];
		const blog = readFileSync(path.join(fixtures, 'docs', 'blog-post.html'), 'utf8').replace(/<[^>]*>/gu, ' ');
		const other = [blog, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n\n');
		const {file, before, status, after, because} = trainedThenWritten(item('other', other));
		expect(status.vocabularyDrift.occurrences).toBeGreaterThanOrEqual(driftMinOccurrences);
		expect(status.vocabularyDrift.unknown).toBeGreaterThanOrEqual(retrainUnknownMass * status.vocabularyDrift.trainedOccurrences);
		expect(status.retrain).toBe('drift');
		expect(after!.generation).toBe(before + 1);
		expect(because).toMatch(/^\d+\.\d% of the \d+ words folded in were new to the model; the store grew from \d+ to \d+ items$/u);
		expect(because).toContain(`from ${status.items - 1} to ${status.items} items`);
		const json = JSON.parse(runCli(['status', '--store', file, '--json'], {cwd: path.dirname(file)}).stdout) as {search: unknown};
		expect(json.search).toMatchObject({semantic_built_items: status.items, semantic_trained_because: because, vocabulary_drift: {occurrences: 0}, stale: false});
	});

	it('weighs the new words against what the model was trained on, falls back to their share for an older model, and growth by more than a quarter retrains whatever the words', () => {
		const model = {occurrences: 50_000, unknown: 0, share: 0, trained: 0.02, trainedOccurrences: 1_000_000};
		// 0.3% of a million: 3 000 new-word occurrences retrain, 2 999 fold in, whatever share of the folded-in text they are.
		expect(retrainReason(100, 110, {...model, unknown: 3000, share: 0.06})).toBe('drift');
		expect(retrainReason(100, 110, {...model, unknown: 2999, share: 0.06})).toBeUndefined();
		expect(retrainReason(100, 110, {...model, occurrences: 3000, unknown: 3000, share: 1})).toBe('drift');
		// A day's new identifiers in a store of 50 000 sessions (100 million words) fold in.
		expect(retrainReason(50_000, 50_020, {...model, occurrences: 60_000, unknown: 9_000, share: 0.15, trainedOccurrences: 100_000_000})).toBeUndefined();
		// A tiny model needs a few new words, not one.
		expect(retrainReason(10, 11, {...model, occurrences: 200, unknown: driftMinUnknown - 1, share: 0.5, trainedOccurrences: 2_000})).toBeUndefined();
		expect(retrainReason(10, 11, {...model, occurrences: 200, unknown: driftMinUnknown, share: 0.5, trainedOccurrences: 2_000})).toBe('drift');
		// A model whose training text was not counted: more than 6% of at least 2 000 folded-in occurrences.
		const older = {occurrences: driftMinOccurrences, unknown: driftMinOccurrences, share: 1, trained: 0, trainedOccurrences: 0};
		expect(retrainReason(100, 110, older)).toBe('drift');
		expect(retrainReason(100, 110, {...older, occurrences: driftMinOccurrences - 1})).toBeUndefined();
		expect(retrainReason(100, 110, {...older, share: retrainDrift})).toBeUndefined();
		const none = {occurrences: 0, unknown: 0, share: 0, trained: 0, trainedOccurrences: 0};
		expect(retrainReason(100, 125, none)).toBeUndefined();
		expect(retrainReason(100, 126, none)).toBe('growth');
	});
});
