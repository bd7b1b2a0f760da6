import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

describe('npm run bench -- mcp-soak --smoke', () => {
	it('answers every call of 2 concurrent clients, malformed ones (a 9 MB line among them) included', () => {
		const result = spawnSync(process.execPath, [path.resolve('dist/bench.js'), 'mcp-soak', '--smoke'], {encoding: 'utf8', timeout: 180_000});
		expect(result.status, result.stderr).toBe(0);
		expect(result.stdout).toContain('answered 200 of 200 calls');
		expect(result.stdout).toMatch(/malformed: 9 MB line → JSON-RPC -32600: \d+/u);
		expect(result.stdout).toMatch(/malformed: not JSON → JSON-RPC -32700: \d+/u);
		expect(result.stdout).toMatch(/client 1: RSS start \d+ MB, peak \d+ MB, end \d+ MB; exit 0/u);
	}, 200_000);
});
