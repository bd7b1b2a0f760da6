import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {encodeOnnxModel, onnxType} from './onnx.js';

/**
 * A sentence encoder small enough to build in a test, in the folder layout transformers.js loads
 * offline: `config.json` (a BERT), `tokenizer.json` + `tokenizer_config.json` (WordPiece), and
 * `onnx/model.onnx`. The graph is a BERT's embedding layer and nothing more:
 * last_hidden_state = word_embeddings[input_ids] + token_type_embeddings[token_type_ids], with
 * attention_mask taken as BERT exports take it. Mean pooling over it is then a bag of words, so
 * texts that share words or concepts come out close, which is what the tests check.
 */

/** Words grouped by concept: each word's vector is its concept's axis plus a smaller axis of its own. */
export const tinyConcepts: Record<string, string[]> = {
	failure: ['outage', 'timeout', 'retry', 'storm', 'pool', 'connection', 'exhausted', 'api', 'error'],
	writing: ['changelog', 'announcement', 'release', 'notes', 'export', 'format', 'migration', 'guide'],
	storage: ['journal', 'sqlite', 'wal', 'log', 'checkpoint', 'readers', 'writer', 'concurrency'],
	speed: ['latency', 'import', 'faster', 'transaction', 'prepared', 'statements', 'optimize'],
};

const special = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
/** A continuation piece, so that WordPiece splitting is at work: "pools" = "pool" + "##s". */
const pieces = ['##s'];

export interface TinyModel {
	folder: string;
	vocabulary: string[];
	dimension: number;
}

/** Writes the model into `parent/name` and returns where it is. */
export function writeTinyModel(parent: string, name = 'tiny-bert'): TinyModel {
	const folder = path.join(parent, name);
	mkdirSync(path.join(folder, 'onnx'), {recursive: true});
	const words = Object.values(tinyConcepts).flat();
	const vocabulary = [...special, ...words, ...pieces];
	const conceptCount = Object.keys(tinyConcepts).length;
	// Axes: one per concept, one for [UNK], one per word or piece.
	const dimension = conceptCount + 1 + words.length + pieces.length;
	const embeddings = new Float32Array(vocabulary.length * dimension);
	const row = (token: string) => embeddings.subarray(vocabulary.indexOf(token) * dimension, (vocabulary.indexOf(token) + 1) * dimension);
	row('[UNK]')[conceptCount] = 1;
	Object.values(tinyConcepts).forEach((group, concept) => {
		for (const word of group) {
			row(word)[concept] = 1;
			row(word)[conceptCount + 1 + words.indexOf(word)] = 0.5;
		}
	});
	pieces.forEach((piece, index) => (row(piece)[conceptCount + 1 + words.length + index] = 0.5));
	// [PAD], [CLS], [SEP], [MASK] stay zero: they add nothing to a text's mean.

	writeJson(folder, 'config.json', {
		model_type: 'bert',
		architectures: ['BertModel'],
		vocab_size: vocabulary.length,
		hidden_size: dimension,
		num_hidden_layers: 1,
		num_attention_heads: 1,
		intermediate_size: dimension,
		max_position_embeddings: 512,
		type_vocab_size: 2,
		pad_token_id: 0,
	});
	writeJson(folder, 'tokenizer_config.json', {
		tokenizer_class: 'BertTokenizer',
		do_lower_case: true,
		model_max_length: 512,
		pad_token: '[PAD]',
		unk_token: '[UNK]',
		cls_token: '[CLS]',
		sep_token: '[SEP]',
		mask_token: '[MASK]',
	});
	writeJson(folder, 'tokenizer.json', wordPieceTokenizer(vocabulary));
	writeFileSync(
		path.join(folder, 'onnx', 'model.onnx'),
		encodeOnnxModel({
			nodes: [
				{op: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: ['words'], ints: {axis: 0}},
				{op: 'Gather', inputs: ['token_type_embeddings', 'token_type_ids'], outputs: ['types'], ints: {axis: 0}},
				{op: 'Add', inputs: ['words', 'types'], outputs: ['last_hidden_state']},
			],
			initializers: [
				{name: 'word_embeddings', dims: [vocabulary.length, dimension], values: embeddings},
				{name: 'token_type_embeddings', dims: [2, dimension], values: new Float32Array(2 * dimension)},
			],
			inputs: ['input_ids', 'attention_mask', 'token_type_ids'].map((input) => ({name: input, type: onnxType.int64, shape: ['batch_size', 'sequence_length']})),
			outputs: [{name: 'last_hidden_state', type: onnxType.float, shape: ['batch_size', 'sequence_length', dimension]}],
		}),
	);
	return {folder, vocabulary, dimension};
}

/** A Hugging Face `tokenizer.json` for a lower-casing BERT WordPiece tokenizer over `vocabulary`. */
function wordPieceTokenizer(vocabulary: string[]): unknown {
	const id = (token: string) => vocabulary.indexOf(token);
	const specialToken = (token: string) => ({id: token, type_id: 0});
	return {
		version: '1.0',
		truncation: null,
		padding: null,
		added_tokens: special.map((token) => ({id: id(token), content: token, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true})),
		normalizer: {type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true},
		pre_tokenizer: {type: 'BertPreTokenizer'},
		post_processor: {
			type: 'TemplateProcessing',
			single: [{SpecialToken: specialToken('[CLS]')}, {Sequence: {id: 'A', type_id: 0}}, {SpecialToken: specialToken('[SEP]')}],
			pair: [{SpecialToken: specialToken('[CLS]')}, {Sequence: {id: 'A', type_id: 0}}, {SpecialToken: specialToken('[SEP]')}, {Sequence: {id: 'B', type_id: 1}}, {SpecialToken: {id: '[SEP]', type_id: 1}}],
			special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((token) => [token, {id: token, ids: [id(token)], tokens: [token]}])),
		},
		decoder: {type: 'WordPiece', prefix: '##', cleanup: true},
		model: {type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(vocabulary.map((token, index) => [token, index]))},
	};
}

function writeJson(folder: string, name: string, value: unknown): void {
	writeFileSync(path.join(folder, name), `${JSON.stringify(value, null, '\t')}\n`);
}
