import path from 'node:path';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {AjvJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/ajv';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';
import {connectDrillMcp} from '../helpers/mcp-client.js';

type Answer = {isError?: boolean; structuredContent?: Record<string, any>; content: Array<{type: string; text: string}>};

let client: Client;
let store: string;
let outputSchema: Record<string, unknown>;

beforeAll(async () => {
	const cwd = tempDir();
	store = path.join(cwd, 'store.db');
	expect(runCli(['ingest', path.resolve('fixtures/usage'), '--store', store]).code).toBe(0);
	client = await connectDrillMcp(['--store', store], cwd);
	const tool = (await client.listTools()).tools.find((entry) => entry.name === 'usage')!;
	outputSchema = tool.outputSchema as Record<string, unknown>;
	expect(tool.annotations).toMatchObject({readOnlyHint: true, openWorldHint: false});
});
afterAll(async () => client?.close());

const call = async (args: Record<string, unknown> = {}) => (await client.callTool({name: 'usage', arguments: args})) as Answer;
const validate = new AjvJsonSchemaValidator();

describe('the MCP tool usage', () => {
	it('answers what drill usage --json answers, its structured content valid against its output schema', async () => {
		for (const args of [[], ['--by', 'model'], ['--by', 'session'], ['--by', 'agent', '--since', '2026-01-01']]) {
			const cli = JSON.parse(runCli(['usage', '--store', store, '--json', ...args]).stdout);
			const options = Object.fromEntries(args.flatMap((value, index) => (index % 2 === 0 ? [[value.slice(2), args[index + 1]]] : [])));
			const answer = await call(options);
			expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
			expect(answer.structuredContent, args.join(' ')).toEqual(cli);
			expect(validate.getValidator(outputSchema as never)(answer.structuredContent).valid).toBe(true);
		}
		const text = (await call()).content[0]!.text;
		expect(text.split('\n')[0]).toBe('Usage by day (UTC) · 3 sessions, 167 messages');
		expect(text).toContain('≈ $7.35');
	});

	it('is bounded: limit keeps the latest periods (the total counts the rest), at most 100', async () => {
		const answer = await call({limit: 1});
		expect(answer.structuredContent!.groups.map((group: {key: string}) => group.key)).toEqual(['2026-05-07']);
		expect(answer.structuredContent!.more).toBe(2);
		expect(answer.structuredContent!.total.sessions).toBe(3);
		expect((await call({limit: 101})).isError).toBe(true);
		const blocks = await call({blocks: true});
		expect(blocks.structuredContent).toMatchObject({agent: 'claude-code', more: 0, blocks: [{start: '2026-04-05T05:00:00.000Z', messages: 61}]});
	});

	it('takes strict arguments: an unknown one names the nearest, a bad value says what would do', async () => {
		const unknown = await call({group_by: 'day'});
		expect(unknown.isError).toBe(true);
		expect(unknown.content[0]!.text).toMatch(/unknown parameter group_by/u);
		const bad = await call({by: 'year'});
		expect(bad.isError).toBe(true);
		expect(bad.content[0]!.text).toMatch(/by must be one of/u);
		const day = await call({since: 'May 1'});
		expect(day.content[0]!.text).toMatch(/YYYY-MM-DD/u);
	});
});
