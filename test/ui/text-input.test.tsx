import {render} from 'ink-testing-library';
import TextInput from 'ink-text-input';
import {useState} from 'react';
import {afterEach, expect, test} from 'vitest';
import type {FindOptions} from '../../source/ui/services.js';
import {emptyResult, FakeServices, summaryTree} from './fake-services.js';
import {renderApp, type RenderedApp} from './render-app.js';

// Why the query box and the dialog fields are the app's own line input and not ink-text-input
// (readme, "Design notes"): ink-text-input is a controlled component whose useInput handler reads
// the value from the render it was made in. Keys that arrive before the next render all edit that
// same old value, so each one overwrites the one before. A terminal delivers keys as fast as they
// are typed or pasted; these tests deliver them back to back, as the worst case does.
const alphabet = 'abcdefghijklmnopqrstuvwxyz';
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

function Controlled({onValue, onSubmit}: {onValue: (value: string) => void; onSubmit?: (value: string) => void}) {
	const [value, setValue] = useState('');
	onValue(value);
	return <TextInput value={value} onChange={setValue} onSubmit={onSubmit} />;
}

test('ink-text-input loses keys that arrive between two renders', async () => {
	let value = '';
	const {stdin, lastFrame, unmount} = render(<Controlled onValue={(current) => (value = current)} />);
	await settle();
	for (const character of alphabet) stdin.write(character);
	await settle();
	// Every key after the first edited the empty value of the first render: only the last survives.
	expect(value.length).toBeLessThan(alphabet.length);
	expect(value).toBe('z');
	expect(lastFrame()).toContain('z');
	unmount();
});

test('ink-text-input submits the value of the last render, not what was typed', async () => {
	let submitted: string | undefined;
	const {stdin, unmount} = render(<Controlled onValue={() => {}} onSubmit={(value) => (submitted = value)} />);
	await settle();
	stdin.write('p');
	stdin.write('\r');
	await settle();
	expect(submitted).toBe('');
	unmount();
});

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
