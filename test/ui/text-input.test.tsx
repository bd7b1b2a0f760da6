import {render} from 'ink-testing-library';
import TextInput from 'ink-text-input';
import {useState} from 'react';
import {expect, test} from 'vitest';

// Why the query box and the dialog fields are the app's own line input and not ink-text-input
// (readme, "Design notes"): ink-text-input is a controlled component whose useInput handler reads
// the value from the render it was made in. Keys that arrive before the next render all edit that
// same old value, so each one overwrites the one before. The app's own box, given the same keys,
// keeps them all: query-box.test.ts (a file of its own, because ink-testing-library loads Ink
// with CI set, and the app must load it as a terminal would). A terminal delivers keys as fast as they
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
