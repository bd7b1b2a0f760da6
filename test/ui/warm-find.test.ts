import {mkdirSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {warmsAtStart} from '../../source/core/warm-start.js';
import {tempDir} from '../helpers/cli.js';
import {FakeServices, summaryTree, type FakeNode} from './fake-services.js';
import {renderApp} from './render-app.js';

const summary = summaryTree({conversation_session: [{item: 'k3x9', title: 'API debugging', topics: ['Pool exhaustion']}]});
const knowledge: FakeNode = {id: '', name: 'knowledge', children: []};

/** Fake services that count warmFind calls and say whether the first frame was on screen at each. */
function counting(): {services: FakeServices; calls: number[]} {
	const services = new FakeServices({summary, knowledge});
	const calls: number[] = [];
	Object.assign(services, {warmFind: () => calls.push(Date.now())});
	return {services, calls};
}

test('the explorer warms its search once, after the first frame', async () => {
	const {services, calls} = counting();
	const app = await renderApp(services, {warmFindAfterMs: 0});
	// renderApp resolves once the first frame is on screen: no warm-up before it.
	expect(app.screen.text()).toContain('help');
	for (let waited = 0; calls.length === 0 && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
	await new Promise((resolve) => setTimeout(resolve, 30));
	expect(calls).toHaveLength(1);
	expect(await app.quit()).toBe(0);
});

test('an explorer quit before the delay never warms its search', async () => {
	const {services, calls} = counting();
	const app = await renderApp(services, {warmFindAfterMs: 60_000});
	expect(await app.quit()).toBe(0);
	expect(calls).toHaveLength(0);
});

test('only a store file large enough is warmed at start; a missing one, a folder or an unreadable path is not', () => {
	const folder = tempDir('drill-warm-start-');
	const small = path.join(folder, 'small.db');
	writeFileSync(small, Buffer.alloc(4096));
	const large = path.join(folder, 'large.db');
	writeFileSync(large, '');
	// Sparse: no disk written for its size.
	truncateSync(large, 64 * 1024 * 1024);
	const inside = path.join(folder, 'store.db');
	mkdirSync(inside);
	expect(warmsAtStart(small)).toBe(false);
	expect(warmsAtStart(large)).toBe(true);
	expect(warmsAtStart(small, 4096)).toBe(true);
	expect(warmsAtStart(small, 4097)).toBe(false);
	expect(warmsAtStart(path.join(folder, 'missing.db'))).toBe(false);
	expect(warmsAtStart(inside, 0)).toBe(false);
	expect(warmsAtStart(path.join(small, 'not-a-folder.db'), 0)).toBe(false);
});
