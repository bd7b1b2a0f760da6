import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ingest} from '../helpers/ingest.js';
import {tempDir} from '../helpers/cli.js';
import {createRuntime} from '../../source/runtime.js';
import {cutAtWord, splitRun} from '../../source/text/cjk-words.js';
import {clip} from '../../source/text/clean.js';
import {placedWords, words} from '../../source/text/index-words.js';
import {termsOf} from '../../source/text/summary-words.js';
import {SummaryStore} from '../../source/store/summary-store.js';

describe('words in scripts written without spaces', () => {
	it('splits a run of Chinese or Japanese into its words, for search and for keywords', () => {
		// As ICU's dictionary splits them (页面 may be 页 · 面): never the whole run as one word.
		expect(words('修复登录页面的错误')).toEqual(expect.arrayContaining(['修复', '登录', '错误']));
		expect(words('ログイン画面を修正')).toEqual(expect.arrayContaining(['ログイン', '画面', '修正']));
		// Other scripts as before: one run of letters is one word.
		expect(words('Fix the RateCache race, café')).toEqual(['fix', 'the', 'ratecache', 'race', 'cafe']);
		const placed = placedWords('请修复登录页面');
		expect(placed.map((word) => word.word)).toContain('登录');
		const login = placed.find((word) => word.word === '登录')!;
		expect('请修复登录页面'.slice(login.start, login.end)).toBe('登录');
		// Two-character words are topic words in Chinese (an acronym's length elsewhere).
		expect(termsOf('修复登录页面的错误')).toEqual(expect.arrayContaining(['修复', '登录', '错误']));
	});

	it('cuts a title at a word boundary in any script', () => {
		const chinese = '修复登录页面的错误并且添加单元测试以及更新文档说明';
		const cut = cutAtWord(chinese, 10);
		expect(cut.length).toBeLessThanOrEqual(10);
		expect(words(chinese).slice(0, words(cut).length)).toEqual(words(cut));
		expect(clip(chinese, 11).replace('…', '')).toBe(cut);
		expect(cutAtWord('Fix the flaky convert test in payments', 20)).toBe('Fix the flaky');
		expect(cutAtWord('short', 20)).toBe('short');
	});

	it('finds a Chinese session by one of its words, and gives it keywords of words', async () => {
		const folder = tempDir();
		const file = path.join(folder, 'session.jsonl');
		writeFileSync(file, `${[
			JSON.stringify({role: 'user', content: '登录页面在提交表单以后总是报错，请修复这个错误。'}),
			JSON.stringify({role: 'assistant', content: '问题在于会话令牌过期以后没有刷新。我修改了登录服务，令牌过期时自动刷新，并添加了单元测试。'}),
		].join('\n')}\n`);
		const store = path.join(folder, 'store.db');
		await ingest([file], {storePath: store});
		const summary = SummaryStore.open(store);
		try {
			const [row] = [...summary.eachItem()];
			const keywords = summary.nodes(row!.id).flatMap((node) => node.keywords.split('\n')).filter(Boolean);
			expect(keywords.length).toBeGreaterThan(0);
			for (const keyword of keywords) expect(keyword.length, keyword).toBeLessThanOrEqual(6);
			expect(keywords).toEqual(expect.arrayContaining(['令牌']));
		} finally {
			summary.close();
		}
		const runtime = createRuntime({storePath: store, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		try {
			const found = await runtime.find({query: '令牌', method: 'keyword'});
			expect(found.stage1_hits.length).toBeGreaterThan(0);
			expect(found.stage1_hits[0]!.snippet).toContain('**令牌**');
		} finally {
			runtime.close();
		}
	});
});

describe('splitRun', () => {
	it('gives a run the same words every time, kept or not, as a fresh segmenter does', () => {
		const segmenter = new Intl.Segmenter(undefined, {granularity: 'word'});
		const fresh = (run: string) => [...segmenter.segment(run)].filter((part) => part.isWordLike !== false).map((part) => ({start: part.index, end: part.index + part.segment.length}));
		const short = '修复登录页面的重试风暴';
		const long = '使用连接池限制修复登录页面的重试风暴'.repeat(6);
		const text = `前言 ${short} 和 ${long} 结束`;
		for (const run of [short, long, text.slice(3, 3 + short.length), 'ログインページを修正する']) {
			const first = splitRun(run);
			expect(first).toEqual(fresh(run));
			expect(splitRun(run)).toEqual(first);
			expect(splitRun(`${run}`)).toEqual(fresh(run));
		}
		expect(long.length).toBeGreaterThan(64);
		expect(splitRun('plain')).toEqual([{start: 0, end: 5}]);
	});
});
