import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';
import {normalize, type Embedder} from './embedder.js';

/** Not a dependency: loaded only when asked for, so `npm ci` stays small. */
export const transformersPackage = '@huggingface/transformers';

type FeatureExtractor = (texts: string[], options: {pooling: string; normalize: boolean}) => Promise<{tolist(): number[][]}>;

/**
 * A sentence encoder run by transformers.js from a local model folder (ONNX weights, tokenizer,
 * config), never from the network: `allowRemoteModels = false`.
 */
export class TransformersEmbedder implements Embedder {
	readonly name: string;
	dimension = 0;

	private constructor(
		readonly folder: string,
		private readonly extract: FeatureExtractor,
	) {
		this.name = `transformers:${path.basename(folder)}`;
	}

	static async load(folder: string | undefined, importer: (name: string) => Promise<unknown> = (name) => import(name)): Promise<TransformersEmbedder> {
		if (!folder) throw new DrillError('bad_argument', 'the transformers embedder needs a model folder', 'give --embed-model PATH (a folder with config.json, tokenizer.json and onnx/)');
		const resolved = path.resolve(folder);
		if (!existsSync(resolved) || !statSync(resolved).isDirectory() || !existsSync(path.join(resolved, 'config.json'))) {
			throw new DrillError('embedder_unavailable', `no transformers.js model folder at ${resolved}`, 'give --embed-model a folder holding config.json, tokenizer.json and onnx/model.onnx (drill never downloads models)');
		}
		let library: {env: Record<string, unknown>; pipeline: (task: string, model: string, options: Record<string, unknown>) => Promise<FeatureExtractor>};
		try {
			library = (await importer(transformersPackage)) as typeof library;
		} catch {
			throw new DrillError('embedder_unavailable', `the transformers embedder needs the ${transformersPackage} package, which is not installed`, `install it (npm install ${transformersPackage}) or use --embedder lsa (the default) or openai`);
		}
		library.env.allowRemoteModels = false;
		library.env.allowLocalModels = true;
		library.env.localModelPath = path.dirname(resolved) + path.sep;
		let extract: FeatureExtractor;
		try {
			extract = await library.pipeline('feature-extraction', path.basename(resolved), {local_files_only: true});
		} catch (error) {
			throw new DrillError('embedder_unavailable', `cannot load the model in ${resolved} (${(error as Error).message.split('\n')[0]})`, 'check that the folder holds a transformers.js feature-extraction model');
		}
		const embedder = new TransformersEmbedder(resolved, extract);
		const [probe] = await embedder.embed(['dimension probe']);
		if (!probe) throw new DrillError('embedder_failed', `the model in ${resolved} returned no vector`, 'use a feature-extraction (sentence embedding) model');
		return embedder;
	}

	async embed(texts: string[]): Promise<Array<Float32Array | undefined>> {
		const out: Array<Float32Array | undefined> = [];
		for (let start = 0; start < texts.length; start += 16) {
			const batch = texts.slice(start, start + 16).map((text) => text.slice(0, 4000) || ' ');
			let rows: number[][];
			try {
				rows = (await this.extract(batch, {pooling: 'mean', normalize: true})).tolist();
			} catch (error) {
				throw new DrillError('embedder_failed', `the model in ${this.folder} failed (${(error as Error).message.split('\n')[0]})`, 'check the model folder');
			}
			for (const row of rows) {
				if (this.dimension === 0) this.dimension = row.length;
				out.push(normalize(row));
			}
		}
		return out;
	}
}
