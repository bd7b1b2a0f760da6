import xterm from '@xterm/headless';
import {describe, expect, it} from 'vitest';
import {screenText, serializeScreen} from '../../source/record/screen.js';

const {Terminal} = xterm;

const write = (terminal: InstanceType<typeof Terminal>, data: string) => new Promise<void>((resolve) => terminal.write(data, resolve));

describe('screen serialization', () => {
	it('redraws the same picture, colours and wide characters included', async () => {
		const source = new Terminal({cols: 30, rows: 4, allowProposedApi: true});
		await write(source, 'plain \u001b[1;31mbold red\u001b[0m \u001b[38;2;10;20;30mrgb\u001b[0m\r\n日本 \u001b[7minverse\u001b[0m\r\n\u001b[44m  blue  \u001b[0m');
		const replay = new Terminal({cols: 30, rows: 4, allowProposedApi: true});
		await write(replay, 'garbage that must be overwritten\r\nmore garbage');
		await write(replay, serializeScreen(source));
		expect(screenText(replay)).toBe(screenText(source));
		expect(screenText(source).split('\n')[1]).toBe('日本 inverse');
		expect(serializeScreen(replay)).toBe(serializeScreen(source));
		expect(serializeScreen(source)).toContain('\u001b[0;1;31mbold red');
		expect(serializeScreen(source)).toContain('38;2;10;20;30mrgb');
	});
});
