import {createHash} from 'node:crypto';
import path from 'node:path';
import {expect, test} from 'vitest';
import {random} from '../../source/search/semantic/svd.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {PtyScreen} from '../helpers/pty-screen.js';

const keyCount = Number(process.env.DRILL_FUZZ_KEYS ?? 10_000);

// Everything a keyboard, a mouse or a paste can send, the quit keys (q, ctrl-c) aside: they end the
// run; and r, x and D, which act by design (resume in an agent, write an export file, forget an item).
const named = [
	'\u001b[A', '\u001b[B', '\u001b[C', '\u001b[D', '\u001b[5~', '\u001b[6~', '\u001b[H', '\u001b[F', '\u001b[1~', '\u001b[4~',
	'\t', '\u001b[Z', '\r', '\n', '\u001b', '\u007f', '\b', '\u0004', '\u0015', '\u0001', '\u0005', '\u000b', '\u0017', ' ',
	'\u001bOA', '\u001bOB', '\u001b[1;5C', '\u001b[1;2A', '\u001b[3~', '\u001b[2~',
	// mouse: wheel, click, release, drag (SGR and X10)
	'\u001b[<64;10;5M', '\u001b[<65;60;12M', '\u001b[<0;5;3M', '\u001b[<0;5;3m', '\u001b[<32;8;4M', '\u001b[M !!', '\u001b[M`5*',
	// pastes, cut escape sequences, wide and combining text
	'\u001b[200~pasted text\nwith a newline\u001b[201~', '\u001b[', '\u001b[1;', '\u001bO', '漢字', 'é', 'e\u0301', '🙂', '\u200f', '\u0000',
];
const printable = 'abcdefghijklmnopstuvwyzABCEFGHIJKLMNOPQRSTUVWXYZ0123456789/?!@#$%^&*()_+-=[]{};:\'",.<>|\\`~';

function fingerprint(store: string): string {
	// The summary items, as export writes them (frames opened by the fuzz may add a drill namespace).
	const exported = runCli(['export', '--store', store]).stdout.split('\n').filter((line) => line && !line.startsWith('{"namespace":"drill"'));
	return createHash('sha256').update(exported.join('\n')).digest('hex');
}

test(`${keyCount} random keys, bursts and resizes: no crash, the store unchanged, the terminal given back`, {timeout: 600_000}, async () => {
	const folder = tempDir('drill-fuzz-');
	const store = path.join(folder, 'store.db');
	expect(runCli(['import', path.resolve('fixtures/app/summaries.json'), '--store', store]).code).toBe(0);
	const before = fingerprint(store);
	const next = random(20261201);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
	// In its own folder: a paste's text arrives as keys, and an `x` in it writes an export file there.
	const screen = new PtyScreen(['--store', store, '--knowledge', path.resolve('fixtures/app/knowledge'), '--drills', folder], {cwd: folder, env: {PAGER: 'true', EDITOR: 'true', VISUAL: 'true'}});
	try {
		await screen.waitFor('? help');
		let sent = 0;
		while (sent < keyCount) {
			const burst = 1 + Math.floor(next() * (next() < 0.1 ? 60 : 6));
			let chunk = '';
			for (let i = 0; i < burst && sent < keyCount; i++, sent++) chunk += next() < 0.55 ? pick([...printable]) : pick(named);
			screen.write(chunk);
			if (next() < 0.01) screen.resize(20 + Math.floor(next() * 180), 6 + Math.floor(next() * 54));
			// Most bursts arrive while the last one is still being handled; some after a pause.
			await new Promise((resolve) => setTimeout(resolve, next() < 0.2 ? 15 : 1));
			expect(screen.exitCode, `drill exited after ${sent} keys; screen:\n${screen.text()}`).toBeUndefined();
		}
		screen.resize(100, 30);
		// Leave whatever mode the keys left it in, then quit.
		for (let tries = 0; tries < 20 && screen.exitCode === undefined; tries++) {
			screen.write('\u001b\u001b\u001bq');
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		if (screen.exitCode === undefined) screen.write('\u0003');
		expect(await screen.exit(20_000)).toBe(0);
		const text = await screen.screen();
		expect(text).not.toMatch(/^\s+at .+:\d+/mu);
		expect(screen.terminal.buffer.active.type).toBe('normal');
		expect(screen.terminal.modes.mouseTrackingMode).toBe('none');
		expect(screen.raw.lastIndexOf('\u001b[?25h')).toBeGreaterThan(screen.raw.lastIndexOf('┌'));
	} finally {
		screen.kill();
	}
	expect(fingerprint(store)).toBe(before);
});
