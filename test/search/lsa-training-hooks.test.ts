import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {trainLsaBags} from '../../source/search/semantic/lsa.js';
import {DriftTally, trainedDriftOf} from '../../source/search/semantic/vocabulary-drift.js';
import {termCountsOf} from '../../source/text/item-term-counts.js';
import {TermIds, type TermBag} from '../../source/text/term-bags.js';
import {fixtureItems} from './helpers.js';

/** The bags as training reads them, counting its passes and failing any read after `closed`. */
class WatchedBags {
	passes = 0;
	closed = false;
	constructor(private readonly bags: readonly TermBag[]) {}
	get length(): number {
		return this.bags.length;
	}
	*[Symbol.iterator](): Iterator<TermBag> {
		if (this.closed) throw new Error('the documents were read after training said it was done with them');
		this.passes++;
		yield* this.bags;
	}
}

/** A model's vectors and weights, in its terms' order, hashed. */
function modelHash(model: ReturnType<typeof trainLsaBags>): string {
	const hash = createHash('sha1');
	for (const [term, entry] of model.terms) hash.update(term).update(new Uint8Array(Float64Array.of(entry.weight).buffer)).update(new Uint8Array(entry.vector.buffer, entry.vector.byteOffset, entry.vector.byteLength));
	return hash.update(new Uint8Array(model.singular.buffer)).digest('hex');
}

describe('LSA training on packed rows', () => {
	const items = fixtureItems();
	const ids = new TermIds();
	const bags = items.map((item) => termCountsOf(item, {ids}).item!);

	it('is done with the documents before the SVD, and says which terms the model will know', () => {
		const documents = new WatchedBags(bags);
		let knows: ((id: number) => boolean) | undefined;
		const model = trainLsaBags(documents, ids, {dimension: 8, maxTerms: 60}, {documentsRead: (given) => ((knows = given), (documents.closed = true))});
		expect(knows).toBeDefined();
		expect(documents.passes).toBe(2);
		expect(model.terms.size).toBe(60);
		for (let id = 0; id < ids.size; id++) expect(knows!(id)).toBe(model.terms.has(ids.term(id)));
		// The drift counted by id then is what the tally counts by term against the model.
		const tally = new DriftTally((term) => model.terms.has(term));
		for (const bag of bags) tally.count(bag, ids);
		expect(trainedDriftOf(bags, knows!)).toEqual({share: tally.share, occurrences: tally.counted});
		expect(tally.share).toBeGreaterThan(0);
	});

	it('says the model knows nothing when there is too little to train on', () => {
		let knows: ((id: number) => boolean) | undefined;
		const model = trainLsaBags(bags.slice(0, 1), ids, {dimension: 8}, {documentsRead: (given) => (knows = given)});
		expect(model.terms.size).toBe(0);
		expect(knows!(bags[0]!.ids[0]!)).toBe(false);
	});

	it('trains the same model, to the bit, as training on a matrix of one pair of arrays per document did', () => {
		// The hashes of the code before the rows were packed (063b5b4), on both weightings.
		expect(modelHash(trainLsaBags(bags, ids, {dimension: 16}))).toBe('b241f05a5dc0716d3049c3778a80111b479ac7f6');
		expect(modelHash(trainLsaBags(bags, ids, {dimension: 16, weighting: 'logentropy'}))).toBe('56d840b4d2b276b9041fe6a93a2651b5133ec3be');
	});
});
