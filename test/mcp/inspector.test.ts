// The MCP Inspector's CLI (a pinned dev dependency) against the built `drill mcp`: a third,
// independent client that lists, calls and reads, and checks the tool schemas for portability.
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {cliPath, tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';

const require = createRequire(import.meta.url);
const inspectorDir = path.dirname(require.resolve('@modelcontextprotocol/inspector/package.json'));
const inspector = path.join(inspectorDir, (JSON.parse(readFileSync(path.join(inspectorDir, 'package.json'), 'utf8')) as {bin: Record<string, string>}).bin['mcp-inspector']!);

let cwd: string;
let config: string;

beforeAll(() => {
	cwd = tempDir();
	config = path.join(cwd, 'mcp.json');
	const args = [cliPath, 'mcp', '--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', cwd];
	writeFileSync(config, JSON.stringify({mcpServers: {drill: {command: process.execPath, args}}}));
});

/** Runs `mcp-inspector --cli` against drill; its secrets stay in memory, and its home is a temp folder. */
function inspect(...args: string[]): {code: number; stdout: string; stderr: string; json: any} {
	const result = spawnSync(process.execPath, [inspector, '--cli', '--config', config, '--server', 'drill', ...args], {
		cwd,
		encoding: 'utf8',
		timeout: 60_000,
		env: {PATH: process.env.PATH ?? '', HOME: cwd, MCP_INSPECTOR_SECRET_STORE: 'memory', NO_COLOR: '1'},
	});
	let json: unknown;
	try {
		json = JSON.parse(result.stdout);
	} catch {
		json = undefined;
	}
	return {code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, json};
}

const problems = (stderr: string) => stderr.split('\n').filter((line) => line.trim() && !line.startsWith('[mcp-inspector]'));

describe('the MCP Inspector CLI against drill mcp', () => {
	it('lists every tool, and --strict finds no portability problem in their schemas', () => {
		const listed = inspect('--method', 'tools/list', '--strict');
		expect(listed.code, listed.stderr).toBe(0);
		expect(listed.json.tools.map((tool: {name: string}) => tool.name).sort()).toEqual(['available_domains', 'drill', 'drill_status', 'drill_tree', 'find', 'read_nodes', 'retrospect', 'store_status', 'summary_search', 'undrill', 'walk']);
		expect(problems(listed.stderr)).toEqual([]);
	});

	it('calls walk with only a domain (node_id defaults to "") and find with a query', () => {
		const walked = inspect('--method', 'tools/call', '--tool-name', 'walk', '--tool-arg', 'domain=summary');
		expect(walked.code, walked.stderr).toBe(0);
		expect(walked.json.structuredContent).toMatchObject({node_id: '', kind: 'root'});
		const found = inspect('--method', 'tools/call', '--tool-name', 'find', '--tool-arg', 'query=retry storm');
		expect(found.code, found.stderr).toBe(0);
		expect(found.json.structuredContent.items.length).toBeGreaterThan(0);
		expect(found.json.content[0].text).toMatch(/^1\. \S+ — .* \(#1 \[\d\.\d{3}\]\)/mu);
	});

	it('reads a node through the resource template', () => {
		const templates = inspect('--method', 'resources/templates/list');
		expect(templates.json.resourceTemplates[0].uriTemplate).toBe('drill://{domain}/{node_id}');
		const read = inspect('--method', 'resources/read', '--uri', 'drill://knowledge/architecture%2Fstorage');
		expect(read.code, read.stderr).toBe(0);
		expect(read.json.contents[0].text).toMatch(/^knowledge architecture\/storage — /u);
	});

	it('gets a tool error, in MCP words, for a bad call', () => {
		const bad = inspect('--method', 'tools/call', '--tool-name', 'walk', '--tool-arg', 'domain=drills', 'node_id=abcdef');
		expect(bad.code).not.toBe(0);
		expect(bad.stdout).toContain('list the drills with: walk(domain=\\"drills\\", node_id=\\"\\")');
	});
});
