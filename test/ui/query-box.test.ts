import {afterEach, expect, test} from 'vitest';
import type {FindOptions} from '../../source/ui/services.js';
import {emptyResult, FakeServices, summaryTree} from './fake-services.js';
import {renderApp, type RenderedApp} from './render-app.js';

// The counterpart of text-input.test.tsx: the same keys, back to back, into the app's own query box.
const alphabet = 'abcdefghijklmnopqrstuvwxyz';

let app: RenderedApp | undefined;
afterEach(async () => {
	if (app) await app.quit();
	app = undefined;
});

test('the app’s own query box keeps every key delivered the same way, and Enter runs what was typed', async () => {
	const services = new FakeServices({summary: summaryTree({ns: [{item: 'a', title: 'A', topics: []}]})}, undefined, async (query: string, options: FindOptions) => emptyResult(query, options));
	app = await renderApp(services);
	app.press('/');
	for (const character of alphabet) app.press(character);
	app.press('\r');
	await app.screen.waitFor(`/ ${alphabet}`);
	await app.controller.idle();
	expect(services.searches.at(-1)?.query).toBe(alphabet);
});
