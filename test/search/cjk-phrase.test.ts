import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {leafItem as item} from '../helpers/items.js';

let store: SummaryStore;

beforeAll(() => {
	store = openIndexedStore(path.join(tempDir('drill-cjk-'), 's.db'));
	// The exact phrase 登录页面 ("login page") once, in a title; sessions that hold its characters and words apart, often.
	store.writeItem(item('conversation_session', 'exact', '修复登录页面的跳转', ['用户点击按钮后没有反应，我们检查了路由配置。', '改好以后测试通过了。']));
	for (let i = 0; i < 6; i++) {
		store.writeItem(
			item('conversation_session', `scattered-${i}`, `页面布局调整 ${i}`, [
				`登录以后首页的页面很慢，页面里的图片太大。第${i}次登录时页面又卡住了。`,
				'我们把页面拆开，登录接口单独缓存，页面登录都快了。',
				'登录页的按钮，面板的页面，页面上的登录信息都改了。',
			]),
		);
	}
	for (let i = 0; i < 12; i++) store.writeItem(item('conversation_session', `other-${i}`, `数据库迁移 ${i}`, [`迁移第${i}张表，索引重建完成。`, '备份以后再删除旧列。']));
	retrainLsa(store);
});
afterAll(() => store.close());

describe('a CJK query', () => {
	it('ranks the title holding the exact phrase above items where its characters and words are scattered', async () => {
		// The semantic list alone is a bag of words: the phrase is keyword evidence, and the default method carries it.
		for (const method of ['keyword', 'keyword,semantic']) {
			const result = await find({query: '登录页面', method, drill: false}, {store});
			expect(result.candidate_items[0]?.item_id, method).toBe('exact');
		}
	});

	it('does so for a longer query of several words too', async () => {
		const result = await find({query: '修复登录页面', drill: false}, {store});
		expect(result.candidate_items[0]?.item_id).toBe('exact');
	});
});
