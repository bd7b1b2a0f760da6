import {copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {find} from '../../source/search/funnel/find.js';
import {reindex} from '../../source/search/indexing/reindex.js';
import {TransformersEmbedder, transformersPackage} from '../../source/search/semantic/transformers-embedder.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {okJson} from '../helpers/errors.js';
import {type TinyModel, tinyConcepts, writeTinyModel} from '../helpers/tiny-model.js';
import {fixtureFile, fixtureStore} from './helpers.js';

// The real @huggingface/transformers on a model the test writes itself: no download, no network.
// What the model means is in test/helpers/tiny-model.ts. The package (and ONNX Runtime for every
// platform, ~450 MB) is an optional peer dependency, not installed by `npm ci`: these tests run
// where it is installed (the optional step in docs/CONTRIBUTING.md) and are skipped, saying so,
// where it is not. The tests without the package run everywhere.

const installed = (() => {
	try {
		createRequire(import.meta.url).resolve(transformersPackage);
		return true;
	} catch {
		return false;
	}
})();
if (!installed) console.info(`${transformersPackage} is not installed: its tests are skipped (docs/CONTRIBUTING.md says how to install it and run them)`);
const withPackage = (title: string) => (installed ? title : `${title} (skipped: ${transformersPackage} is not installed; see docs/CONTRIBUTING.md)`);

let model: TinyModel;

beforeAll(() => {
	model = writeTinyModel(tempDir('drill-model-'));
});

function cosine(a: Float32Array | undefined, b: Float32Array | undefined): number {
	if (!a || !b) throw new Error('expected two vectors');
	return a.reduce((sum, value, index) => sum + value * b[index]!, 0);
}

/** A copy of the tiny model whose model.onnx is not a model: bytes of text, cut short, or gone. */
function brokenCopy(damage: 'garbage' | 'truncated' | 'missing'): string {
	const folder = path.join(tempDir('drill-model-'), `${damage}-bert`);
	cpSync(model.folder, folder, {recursive: true});
	const onnxFile = path.join(folder, 'onnx', 'model.onnx');
	if (damage === 'garbage') writeFileSync(onnxFile, 'not a protobuf at all');
	if (damage === 'truncated') writeFileSync(onnxFile, readFileSync(onnxFile).subarray(0, 200));
	if (damage === 'missing') rmSync(path.join(folder, 'onnx'), {recursive: true});
	return folder;
}

describe.skipIf(!installed)(withPackage('the transformers.js embedder on a model the test builds'), () => {
	it('loads the local folder with remote models off and gives unit vectors of the model’s dimension', async () => {
		const embedder = await TransformersEmbedder.load(model.folder);
		expect(embedder).toMatchObject({name: 'transformers:tiny-bert', dimension: model.dimension, folder: model.folder});
		// The same module instance the embedder imported.
		const library = (await import(transformersPackage)) as {env: Record<string, unknown>};
		expect(library.env).toMatchObject({allowRemoteModels: false, allowLocalModels: true, localModelPath: path.dirname(model.folder) + path.sep});

		const vectors = await embedder.embed(['Retry storm in the connection pool', 'SQLITE journal', 'words the model has never seen']);
		for (const vector of vectors) {
			expect(vector).toHaveLength(model.dimension);
			expect(Math.hypot(...vector!)).toBeCloseTo(1, 5);
		}
	});

	it('places similar texts closer than unrelated ones, through the WordPiece tokenizer and mean pooling', async () => {
		const embedder = await TransformersEmbedder.load(model.folder);
		const [storm, outage, journal, pool, pools, release] = await embedder.embed(['retry storm: the connection pool was exhausted', 'an api outage after a timeout', 'the sqlite journal and its checkpoint', 'pool', 'pools', 'release']);
		// Shared concept, no shared word: closer than a text about something else.
		expect(cosine(storm, outage)).toBeGreaterThan(cosine(storm, journal) + 0.5);
		// "pools" is "pool" + "##s": nearer to "pool" than to any other word of its concept.
		expect(cosine(pools, pool)).toBeGreaterThan(cosine(pools, outage));
		expect(cosine(pool, release)).toBeCloseTo(0, 5);
	});

	it('gives a text the same vector alone as in a padded batch, across its batches of 16', async () => {
		const embedder = await TransformersEmbedder.load(model.folder);
		const words = Object.values(tinyConcepts).flat();
		// 20 texts of different lengths: two batches, each padded to its longest text.
		const texts = Array.from({length: 20}, (_, index) => words.slice(index % words.length, (index % words.length) + 1 + (index % 5)).join(' '));
		const together = await embedder.embed(texts);
		expect(together).toHaveLength(20);
		for (const [index, text] of texts.entries()) {
			const [alone] = await embedder.embed([text]);
			expect(cosine(together[index], alone)).toBeCloseTo(1, 5);
		}
	});

	it('indexes a store and ranks, by meaning alone, the item that holds none of the query’s words', async () => {
		const {store} = fixtureStore({train: false});
		try {
			const report = await reindex(store, {spec: {kind: 'transformers', model: model.folder}});
			expect(report).toMatchObject({items: 4, embedder: 'transformers:tiny-bert', dimension: model.dimension});
			// None of these words is in the fixtures; each is a word of one item's concept in the model.
			const expected = {outage: 'conversation_session:k3x9', announcement: 'conversation_session:m7q2', journal: 'docs:sqlite-wal', latency: 'drill:a1b2c3d'};
			for (const [query, item] of Object.entries(expected)) {
				expect(readFileSync(fixtureFile, 'utf8').toLowerCase()).not.toContain(query);
				expect((await find({query, method: 'keyword'}, {store})).stage1_hits).toEqual([]);
				const semantic = await find({query, method: 'semantic'}, {store});
				expect(semantic.candidate_items[0]?.drill_node_id, query).toBe(item);
				expect(semantic.notices).toBeUndefined();
			}
		} finally {
			store.close();
		}
	});

	it('turns a garbage, truncated or missing model.onnx into a one-line DrillError', async () => {
		for (const damage of ['garbage', 'truncated', 'missing'] as const) {
			const folder = brokenCopy(damage);
			const error = await TransformersEmbedder.load(folder).then(
				() => undefined,
				(thrown: unknown) => thrown,
			);
			expect(error, damage).toBeInstanceOf(DrillError);
			expect(error).toMatchObject({code: 'embedder_unavailable', message: expect.stringContaining(`cannot load the model in ${folder} (`)});
			expect((error as DrillError).message).not.toContain('\n');
		}
	});
});

describe.skipIf(!installed)(withPackage('drill reindex --embedder transformers, through the built CLI'), () => {
	let store: string;

	beforeAll(() => {
		store = path.join(tempDir('drill-transformers-'), 'store.db');
		expect(runCli(['import', fixtureFile, '--store', store]).code).toBe(0);
	});

	it('indexes with the model folder, and find uses the model the store recorded', () => {
		const report = okJson(runCli(['reindex', '--store', store, '--embedder', 'transformers', '--embed-model', model.folder, '--json']));
		expect(report).toMatchObject({items: 4, nodes: 11, embedder: 'transformers:tiny-bert', dimension: model.dimension});
		const found = okJson(runCli(['find', 'journal', '--store', store, '--json']));
		expect(found.method).toBe('keyword,semantic');
		expect(found.stage1_hits[0]).toMatchObject({drill_node_id: expect.stringMatching(/^docs:sqlite-wal/u), matched_by: ['semantic']});
	});

	it('refuses a missing folder and a broken model with one line each, and leaves the index as it was', () => {
		const missing = runCli(['reindex', '--store', store, '--embedder', 'transformers', '--embed-model', '/nonexistent/tiny-bert']);
		expect(missing.code).toBe(1);
		expect(missing.stderr).toBe('drill: no transformers.js model folder at /nonexistent/tiny-bert; give --embed-model a folder holding config.json, tokenizer.json and onnx/model.onnx (drill never downloads models)\n');
		const broken = runCli(['reindex', '--store', store, '--embedder', 'transformers', '--embed-model', brokenCopy('garbage')]);
		expect(broken.code).toBe(1);
		expect(broken.stderr).toMatch(/^drill: cannot load the model in \S+garbage-bert \(.*Protobuf parsing failed.*\); check that the folder holds a transformers.js feature-extraction model\n$/u);
		// The index built before is still the store's, and still answers.
		const human = runCli(['find', 'outage', '--store', store, '--method', 'semantic']);
		expect(human.code).toBe(0);
		expect(human.stdout).toMatch(/^1 {2}.+ {2}conversation_session:k3x9(#n\d+)? {2}semantic /mu);
	});
});

describe('the transformers.js embedder without its package or folder', () => {
	it('says clearly when the model folder is missing', async () => {
		await expect(TransformersEmbedder.load('/nonexistent/model')).rejects.toMatchObject({code: 'embedder_unavailable', message: 'no transformers.js model folder at /nonexistent/model'});
		await expect(TransformersEmbedder.load(undefined)).rejects.toMatchObject({code: 'bad_argument'});
	});

	it('says clearly when the package is not installed', async () => {
		const folder = path.join(tempDir('drill-model-'), 'tiny-model');
		mkdirSync(folder);
		copyFileSync(path.join(model.folder, 'config.json'), path.join(folder, 'config.json'));
		const notInstalled = async (name: string) => {
			throw Object.assign(new Error(`Cannot find package '${name}'`), {code: 'ERR_MODULE_NOT_FOUND'});
		};
		await expect(TransformersEmbedder.load(folder, notInstalled)).rejects.toMatchObject({
			code: 'embedder_unavailable',
			message: `the transformers embedder needs the ${transformersPackage} package, which is not installed`,
		});
	});
});
