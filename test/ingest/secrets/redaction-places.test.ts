import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../../helpers/cli.js';

/**
 * Issue 39, point 2, end to end: a Claude Code session (written in the shape of its published
 * JSONL: `summary`, `user`, `assistant` records with text, thinking, tool_use and tool_result
 * blocks) holding a secret in every place a session holds text. After `drill ingest`, none is in
 * the store file (rows, FTS, LSA vocabulary, WAL), in `drill export`, or in what `drill find` gives.
 * Made-up secrets in each provider's shape (none is a real key).
 */

const hf = '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';
const github = 'ghp_R8nX2pQ7vL4mK9sT1wZ6yB3cD5fH0jN2aE7u';
const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJBbmEiLCJpYXQiOjE3MDAwMDAwMDB9.Qm7Lp2Rt9Vw4Xy6Za1Bc3De5Fg7Hi9Jk0Lm2No4Pq6';
const slackSecret = 'Qm7Lp2Rt9Vw4Xy6Za1Bc3De5';
const envFile = `DB_PASSWORD=Tr0ub4dorZz3x\nAPI_TOKEN=${github}\n`;

/** Each place, and the secret it holds there (the word a leak would show). */
const places: Record<string, string> = {
	title: 'Mx7TitleSecretPw',
	message: 'p@ss$w0rdMsg9',
	thinking: 'sunshineThink42',
	'tool input': 'S3cretPwInput77',
	'tool output (env dump)': 'Hunter22xEnv',
	'JSON-escaped output': 'Sup3rJsonEsc!',
	'URL-encoded output': slackSecret,
	'base64 output': 'Tr0ub4dorZz3x',
	cwd: hf,
	files_edited: github,
	'message JWT': jwt,
};

function sessionLines(cwd: string): string[] {
	const base = {isSidechain: false, userType: 'external', cwd, sessionId: '9a7c2e41-5b3d-4f6e-8a1c-2d3e4f5a6b7c', version: '2.0.14'};
	let n = 0;
	const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
	const at = (second: number) => `2026-10-14T09:12:${String(second).padStart(2, '0')}.000Z`;
	const user = (content: unknown, second: number) => ({...base, type: 'user', uuid: uuid(), timestamp: at(second), message: {role: 'user', content}});
	const assistant = (content: unknown[], second: number) => ({...base, type: 'assistant', uuid: uuid(), timestamp: at(second), message: {id: `msg_${second}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content, usage: {input_tokens: 10, output_tokens: 10}}});
	const slackUrl = encodeURIComponent(`https://hooks.slack.com/services/T0AB12CD3/B0EF45GH6/${slackSecret}`);
	const records = [
		{type: 'summary', summary: `Rotate the db password PGPASSWORD=${places.title} for the ledger`, leafUuid: '00000000-0000-4000-8000-000000000009'},
		user(`The ledger db is at postgres://ana:${places.message}@db.internal:5432/ledger and my session cookie is ${jwt}&next=1 — can you rotate it?`, 1),
		assistant([
			{type: 'thinking', thinking: `The old password was set with export PGPASSWORD=${places.thinking}; rotate it first.`, signature: 'x'},
			{type: 'text', text: 'I will check the connection first.'},
			{type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {command: `mysql -u root -p${places['tool input']} ledger -e 'select 1'`}},
		], 2),
		user([{tool_use_id: 'toolu_1', type: 'tool_result', content: `HOME=/home/ana\nREDIS_URL=redis://:${places['tool output (env dump)']}@cache:6379/0\nPATH=/usr/bin`}], 3),
		assistant([{type: 'tool_use', id: 'toolu_2', name: 'Bash', input: {command: 'cat config.json'}}], 4),
		user([{tool_use_id: 'toolu_2', type: 'tool_result', content: JSON.stringify({config: `database:\n  password: ${places['JSON-escaped output']}\n  port: 5432\n`})}], 5),
		assistant([{type: 'tool_use', id: 'toolu_3', name: 'Bash', input: {command: 'cat relay.log'}}], 6),
		user([{tool_use_id: 'toolu_3', type: 'tool_result', content: `POST /relay?to=${slackUrl}&retry=1 200`}], 7),
		assistant([{type: 'tool_use', id: 'toolu_4', name: 'Bash', input: {command: 'base64 .env'}}], 8),
		user([{tool_use_id: 'toolu_4', type: 'tool_result', content: Buffer.from(envFile).toString('base64').replace(/.{76}/gu, '$&\n')}], 9),
		assistant([{type: 'tool_use', id: 'toolu_5', name: 'Write', input: {file_path: `${cwd}/keys/${github}.txt`, content: 'rotated'}}], 10),
		user([{tool_use_id: 'toolu_5', type: 'tool_result', content: 'File written'}], 11),
		assistant([{type: 'text', text: 'Rotated the ledger password and removed the old key file.'}], 12),
	];
	return records.map((record) => JSON.stringify(record));
}

/** The store file and its WAL as bytes, lower-cased (FTS and the LSA vocabulary keep words lower-case). */
function storeBytes(store: string): string {
	return [store, `${store}-wal`]
		.flatMap((file) => {
			try {
				return [readFileSync(file).toString('latin1')];
			} catch {
				return [];
			}
		})
		.join('')
		.toLowerCase();
}

describe('redaction in every place a session holds text', () => {
	it('leaves no secret in the store file, the export or find', () => {
		const dir = tempDir();
		const cwd = `/home/ana/src/${hf}`;
		writeFileSync(path.join(dir, 'session.jsonl'), `${sessionLines(cwd).join('\n')}\n`);
		const store = path.join(dir, 's.db');
		const ingest = runCli(['ingest', dir, '--store', store, '--json']);
		expect(ingest.code).toBe(0);
		expect(JSON.parse(ingest.stdout).redactions).toBeGreaterThanOrEqual(Object.keys(places).length);
		const exported = runCli(['export', '--store', store]).stdout;
		const item = JSON.parse(exported.trim());
		expect(item.source.files_edited?.length).toBe(1);
		const found = runCli(['find', 'ledger password', '--store', store, '--json']).stdout;
		const bytes = storeBytes(store);
		const leaks = Object.entries(places).flatMap(([place, secret]) => {
			const where = [exported.includes(secret) && 'export', found.includes(secret) && 'find', bytes.includes(secret.toLowerCase()) && 'store file'].filter(Boolean);
			return where.length > 0 ? [`${place}: ${where.join(', ')}`] : [];
		});
		expect(leaks).toEqual([]);
		// What is around a secret stays: the session is still readable.
		expect(exported).toContain('[redacted:');
		expect(exported).toContain('Rotated the ledger password');
	});
});
