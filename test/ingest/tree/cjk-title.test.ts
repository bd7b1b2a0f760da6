import {expect, it} from 'vitest';
import {requestTitle} from '../../../source/ingest/tree/titles.js';

it('titles a request in Chinese by a sentence that asks, cut within 80 characters', () => {
	expect(requestTitle('这个文件是我们主体PIR内容。我需要编写一个前后端，提供两个身份：管理员和用户')).toBe('我需要编写一个前后端，提供两个身份：管理员和用户');
	const long = requestTitle('我们现在在一个next.js项目，请帮我设计一个学生错题网站，要求在一个界面中学生可以拍照上传错题，添加归类标签，在备注区添加解析。另一个界面中学生可以根据标签分类浏览错题');
	expect(long).toBeDefined();
	expect(long!.length).toBeLessThanOrEqual(80);
});
