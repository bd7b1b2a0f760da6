import path from 'node:path';
import {afterEach, beforeAll, expect, test} from 'vitest';
import {McpContext} from '../../source/mcp/context.js';
import {tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';

// One store for every test: a fixture store is an import of its own (seconds under load).
let store: string;
beforeAll(() => {
	store = fixtureStore();
});

let context: McpContext | undefined;
afterEach(() => {
	context?.close();
	context = undefined;
});

const open = (storePath: string) => (context = new McpContext({storePath, knowledgeDir: path.join(fixturesDir, 'knowledge'), drillsRoot: tempDir('drill-mcp-warm-')}));

test('the MCP server searches a large store once after it starts (the newest title), and only once', async () => {
	const server = open(store);
	// The fixture store is small: a threshold of 0 bytes stands for a large one.
	const first = server.warmSearchSoon(0, 0);
	expect(server.warmSearchSoon(0, 0)).toBe(first);
	const query = await first;
	expect(typeof query).toBe('string');
	expect(query!.length).toBeGreaterThan(0);
});

test('a small store, a missing one, or a server closed first is not searched', async () => {
	expect(await open(store).warmSearchSoon(0)).toBeUndefined();
	context!.close();
	expect(await open(path.join(tempDir('drill-mcp-warm-'), 'missing.db')).warmSearchSoon(0, 0)).toBeUndefined();
	context!.close();
	const closedFirst = open(store);
	const warming = closedFirst.warmSearchSoon(0, 0);
	closedFirst.close();
	context = undefined;
	// The timer was cleared: the promise never settles, and nothing searches the closed store.
	expect(await Promise.race([warming, new Promise((resolve) => setTimeout(() => resolve('pending'), 50))])).toBe('pending');
});
