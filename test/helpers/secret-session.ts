import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Secrets in providers' shapes, written for the tests (none is a real key). */
export const testSecrets = {
	github: 'ghp_R8nX2pQ7vL4mK9sT1wZ6yB3cD5fH0jN2aE7u',
	dbUrl: 'postgres://ledger:Tr0ub4dor-3x@db.internal:5432/ledger',
	dbPassword: 'Tr0ub4dor-3x',
	deepseek: 'sk-4f9a2c7e1b8d3f6a0c5e9b2d7f1a4c8e',
};

/**
 * The Claude Code fixture session with secrets in a tool's output (as `env` or `cat .env` prints
 * them) and in the person's first request: what public logs were found to carry.
 */
export function writeSessionWithSecrets(file: string): void {
	const lines = readFileSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), 'utf8').split('\n').filter(Boolean);
	const records = lines.map((line) => JSON.parse(line) as Record<string, any>);
	const result = records.find((record) => Array.isArray(record.message?.content) && record.message.content[0]?.type === 'tool_result');
	result!.message.content[0].content = `GITHUB_TOKEN=${testSecrets.github}\nDATABASE_URL=${testSecrets.dbUrl}\nDEEPSEEK_KEY=${testSecrets.deepseek}\nPATH=/usr/bin\n`;
	const prompt = records.find((record) => record.type === 'user' && typeof record.message?.content === 'string');
	if (prompt) prompt.message.content = `${prompt.message.content} (the token is ${testSecrets.github})`;
	writeFileSync(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
}
