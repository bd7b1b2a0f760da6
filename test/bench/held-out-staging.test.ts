import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {afterEach, describe, expect, it} from 'vitest';

const evalDir = path.resolve('bench/eval');
let dir: string;
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const git = (gitDir: string, ...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], {encoding: 'utf8'}).trim();

/** A bare repository in MIRROR/owner+name/repo holding two logs of one file name, as `fetch` leaves it. */
function mirrorWithTwoLogs(mirror: string): string {
	const work = path.join(dir, 'work');
	mkdirSync(path.join(work, 'backend'), {recursive: true});
	writeFileSync(path.join(work, '.aider.chat.history.md'), '# aider chat started at 2025-05-23 18:13:33\n\n#### set up fastapi\n');
	writeFileSync(path.join(work, 'backend', '.aider.chat.history.md'), '# aider chat started at 2025-05-24 16:38:38\n\n#### fix the server\n');
	const run = (...args: string[]) => execFileSync('git', ['-C', work, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args]);
	run('init', '-q');
	run('add', '-A');
	run('commit', '-qm', 'logs');
	const bare = path.join(mirror, 'someone+project', 'repo');
	execFileSync('git', ['clone', '-q', '--bare', work, bare]);
	return git(bare, 'rev-parse', 'HEAD');
}

describe('staging a held-out set', () => {
	it('writes two logs of one repository that share a file name under the names the list gives', () => {
		dir = mkdtempSync(path.join(tmpdir(), 'drill-staging-'));
		const mirror = path.join(dir, 'mirror');
		const rev = mirrorWithTwoLogs(mirror);
		const nuggets = path.join(dir, 'nuggets');
		mkdirSync(nuggets);
		writeFileSync(path.join(nuggets, 'nuggets-aider.json'), '[]\n');
		const out = path.join(dir, 'out');
		const list = `aider someone/project ${rev} .aider.chat.history.md\naider someone/project ${rev} backend/.aider.chat.history.md project-backend.aider.chat.history.md\n`;
		execFileSync('bash', [path.join(evalDir, 'sessions-from-list.sh'), out, nuggets], {input: list, env: {...process.env, MIRROR: mirror}});
		expect(readFileSync(path.join(out, 'aider', 'project.aider.chat.history.md'), 'utf8')).toContain('set up fastapi');
		expect(readFileSync(path.join(out, 'aider', 'project-backend.aider.chat.history.md'), 'utf8')).toContain('fix the server');
		expect(readFileSync(path.join(out, 'aider', 'nuggets.json'), 'utf8')).toBe('[]\n');
	});

	it('writes a log under a name with folders, the path a Cline task is told by', () => {
		dir = mkdtempSync(path.join(tmpdir(), 'drill-staging-'));
		const mirror = path.join(dir, 'mirror');
		const rev = mirrorWithTwoLogs(mirror);
		const nuggets = path.join(dir, 'nuggets');
		mkdirSync(nuggets);
		const out = path.join(dir, 'out');
		const list = `cline someone/project ${rev} .aider.chat.history.md tasks/project/api_conversation_history.json\n`;
		execFileSync('bash', [path.join(evalDir, 'sessions-from-list.sh'), out, nuggets], {input: list, env: {...process.env, MIRROR: mirror}});
		expect(readFileSync(path.join(out, 'cline', 'tasks', 'project', 'api_conversation_history.json'), 'utf8')).toContain('set up fastapi');
	});

	it('replaces the keys, tokens and passwords real logs hold with REDACTED and keeps JSON lines valid', () => {
		dir = mkdtempSync(path.join(tmpdir(), 'drill-redact-'));
		mkdirSync(path.join(dir, 'continue'));
		const session = path.join(dir, 'continue', 'session.jsonl');
		const nuggets = path.join(dir, 'continue', 'nuggets.json');
		const records = [
			{text: 'OPENAI_API_KEY=sk-proj-Fake0key0for0a0test0only0000000000000 MOCK_OCR=1'},
			{text: 'HTTP 404 from https://generativelanguage.googleapis.com/v1beta/models/gemini-2:streamGenerateContent?key=AIzaSyFake0Google0key0for0a0test0000000'},
			{text: '{"title": "Autodetect", "apiKey": "gsk_Fake0Groq0key0for0a0test0only00000000000000000000"}'},
			{text: "DATABASE_URL='postgresql+asyncpg://postgres:postgress@localhost:5432/rfp_platform' and secret_key=\"fake+secret0for0a0test0only0000000000\""},
			{text: 'curl https://cdn.example/0/78806983/360p.mp4?kcd=FAKE0token0 -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123"'},
			{text: 'the 27 tests pass; run `uvicorn main:app` from backend/ (no secret here)'},
			{text: 'Token OK\nya29.a0FakeGoogleOAuthAccessToken0for0a0test0only'},
			{text: 'TOKEN = "1234567890:AAFake0Telegram0bot0token0for0a0tes" and a time 10:30:00'},
			{text: '- VPN_TYPE=wireguard\n      - WIREGUARD_PRIVATE_KEY=Fake0WireGuard0key0for0a0test000000000000000=\n'},
			{text: 'RADARR_CFG = {"url": "http://localhost:7878", "key": "0123456789abcdef0123456789abcdef"}'},
			{text: "curl 'https://admin.example/ajax/Invoice.ashx' -b 'IM-TOKEN=Fake0cookie0value%3D%3D; UserID=856; JWT-TOKEN=Fake0jwt' -H 'Origin: https://admin.example'"},
			{text: "-H 'Cookie: session=Fake0session0cookie0value; theme=dark' after git checkout -b 'feature-branch-long-name' (Cookie: a note, not a value)"},
			{text: 'https://cdn.discordapp.com/attachments/1/2/image.png?ex=69ccd772&is=69cb85f2&hm=f0fake0signature0for0a0test0only&'},
			{text: 'export ADMIN_USER="admin"\nexport ADMIN_PASS="@Fake0pass+"  # password\necho N8N_BASIC_AUTH_PASSWORD=$ADMIN_PASS; DB_PASSWD=Fake0pw0x'},
			{text: 'jwt:\n  secret: Fake0jwt0signing0key0for0a0test0only0000000000+/Aa==\n  tokenHeaderKey: Authorization\nsecret: process.env.AUTH_SECRET'},
			{text: "ENV NEXTAUTH_SECRET=Fake0nextauth0secret\nMINIO_ACCESS_KEY=Fake0minio0key\nconst key = process.env.MINIO_ACCESS_KEY;\nmysql -u root -p'Fake0root0pw' weblog < init.sql; mkdir -p build\nmysql -u root -pFake0pw2 -e 'SELECT 1'"},
			{text: 'DATABASE_URL=postgresql://postgres:Fake@pass2025@db.example.org:5432/app and git@github.com:me/repo.git'},
			{text: '│ │      =eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJmYWtlIiwicmVm           │ │\n│ │      IjoiZmFrZSJ9 │ │ and a JWT named in prose: eyJhbGciOi…'},
			{text: 'the sudo password is fake0pw, it is the same as the user; a password is needed'},
			{text: 'apikeyはこれですAIzaSyFake0Google0key0for0a0test0000000 and XAIzaSyFake0Google0key0for0a0test0000000'},
			{text: '+GMAIL_CLIENT_ID=\nGMAIL_CLIENT_SECRET=\nGMAIL_PROJECT_ID=\nAPP_SECRET="Fake0app0secret"'},
			{text: 'Weird the token endpoint returns { "token": "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..Fake0iv0vector.Fake0cipher0text0for0a0test.Fake0auth0tag0", "expires_in": 86400 }'},
		];
		writeFileSync(session, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
		writeFileSync(nuggets, '[{"file": "session.jsonl", "nuggets": [["sk-proj-Fake0key0for0a0test0only0000000000000"]]}]\n');
		execFileSync('bash', [path.join(evalDir, 'redact-secrets.sh'), dir]);
		const lines = readFileSync(session, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as {text: string}).text);
		expect(lines[0]).toBe('OPENAI_API_KEY=REDACTED MOCK_OCR=1');
		expect(lines[1]).toMatch(/streamGenerateContent\?key=REDACTED$/u);
		expect(lines[2]).toBe('{"title": "Autodetect", "apiKey": "REDACTED"}');
		expect(lines[3]).toBe("DATABASE_URL='postgresql+asyncpg://postgres:REDACTED@localhost:5432/rfp_platform' and secret_key=\"REDACTED\"");
		expect(lines[4]).toBe('curl https://cdn.example/0/78806983/360p.mp4?kcd=REDACTED -H "Authorization: Bearer REDACTED"');
		expect(lines[5]).toBe(records[5]!.text);
		// A Google OAuth access token printed after a newline escape (no word boundary before it).
		expect(lines[6]).toBe('Token OK\nREDACTED');
		// A Telegram bot token (bot id, colon, 35 characters from AA), as a bot script holds it.
		expect(lines[7]).toBe('TOKEN = "REDACTED" and a time 10:30:00');
		// A WireGuard private key in a compose file, and a Radarr API key: a 32-hex "key".
		expect(lines[8]).toBe('- VPN_TYPE=wireguard\n      - WIREGUARD_PRIVATE_KEY=REDACTED\n');
		expect(lines[9]).toBe('RADARR_CFG = {"url": "http://localhost:7878", "key": "REDACTED"}');
		// The cookies of a request pasted as curl (`-b '…'`) or as a header; a quoted branch name and prose are kept.
		expect(lines[10]).toBe("curl 'https://admin.example/ajax/Invoice.ashx' -b 'REDACTED' -H 'Origin: https://admin.example'");
		expect(lines[11]).toBe("-H 'Cookie: REDACTED' after git checkout -b 'feature-branch-long-name' (Cookie: a note, not a value)");
		// The signature of a Discord attachment link (`hm`), pasted as an image.
		expect(lines[12]).toBe('https://cdn.discordapp.com/attachments/1/2/image.png?ex=69ccd772&is=69cb85f2&hm=REDACTED&');
		// A password set in a shell variable ending in _PASS or _PASSWD, as an n8n setup pasted it; a reference to one is kept.
		expect(lines[13]).toBe('export ADMIN_USER="admin"\nexport ADMIN_PASS="REDACTED"  # password\necho N8N_BASIC_AUTH_PASSWORD=$ADMIN_PASS; DB_PASSWD=REDACTED');
		// A JWT signing key given to `secret:` in a Spring application.yml; a reference to an environment variable is kept.
		expect(lines[14]).toBe('jwt:\n  secret: REDACTED\n  tokenHeaderKey: Authorization\nsecret: process.env.AUTH_SECRET');
		// A secret, token or access key set in an environment variable (a Dockerfile ENV, a .env), and a password given to mysql on its command line; a reference and `mkdir -p` are kept.
		expect(lines[15]).toBe("ENV NEXTAUTH_SECRET=REDACTED\nMINIO_ACCESS_KEY=REDACTED\nconst key = process.env.MINIO_ACCESS_KEY;\nmysql -u root -p'REDACTED' weblog < init.sql; mkdir -p build\nmysql -u root -pREDACTED -e 'SELECT 1'");
		// A URL password holding an @: all of it up to the host.
		expect(lines[16]).toBe('DATABASE_URL=postgresql://postgres:REDACTED@db.example.org:5432/app and git@github.com:me/repo.git');
		// A JWT that a tool's boxed output wrapped over lines: its header and the payload's first line; prose naming one is kept.
		expect(lines[17]).toBe('│ │      =REDACTED           │ │\n│ │      IjoiZmFrZSJ9 │ │ and a JWT named in prose: eyJhbGciOi…');
		// A sudo password told in prose, as a person typed it to a prompt log; other prose about passwords is kept.
		expect(lines[18]).toBe('the sudo password is REDACTED, it is the same as the user; a password is needed');
		// A Google API key glued to the Japanese words before it (no word boundary); a longer token that only holds one is kept.
		expect(lines[19]).toBe('apikeyはこれですREDACTED and XAIzaSyFake0Google0key0for0a0test0000000');
		// An empty secret in a .env shown inside a JSON string: the \n escape after it is not a value (redacting it would break the JSON).
		expect(lines[20]).toBe('+GMAIL_CLIENT_ID=\nGMAIL_CLIENT_SECRET=\nGMAIL_PROJECT_ID=\nAPP_SECRET="REDACTED"');
		// An encrypted JWT (a JWE with its key part empty, as Auth0 returns for an API without an audience) pasted in a request.
		expect(lines[21]).toBe('Weird the token endpoint returns { "token": "REDACTED", "expires_in": 86400 }');
		// The nuggets are the eval's own file, not a log: left as written.
		expect(readFileSync(nuggets, 'utf8')).toContain('sk-proj-Fake0key');
	});

	it('redacts an agent\'s SQLite store value by value and leaves it a sound database', () => {
		dir = mkdtempSync(path.join(tmpdir(), 'drill-redact-'));
		mkdirSync(path.join(dir, 'crush'));
		const file = path.join(dir, 'crush', 'project.crush.db');
		const secret = 'sk-proj-Fake0key0for0a0test0only0000000000000';
		const db = new Database(file);
		db.exec("CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT); CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT, parts TEXT, created_at INTEGER)");
		db.prepare('INSERT INTO sessions VALUES (?, ?)').run('s1', 'Set the OpenAI key');
		const parts = JSON.stringify([{type: 'text', data: {text: `OPENAI_API_KEY=${secret} and "apiKey": "gsk_Fake0Groq0key0for0a0test0only00000000000000000000"`}}]);
		db.prepare('INSERT INTO messages VALUES (?, ?, ?, ?)').run('m1', 's1', parts, 1);
		db.prepare('INSERT INTO messages VALUES (?, ?, ?, ?)').run('m2', 's1', JSON.stringify([{type: 'text', data: {text: 'no secret here'}}]), 2);
		db.close();
		execFileSync('bash', [path.join(evalDir, 'redact-secrets.sh'), dir], {stdio: ['ignore', 'ignore', 'pipe']});
		const after = new Database(file, {readonly: true});
		expect(after.pragma('integrity_check', {simple: true})).toBe('ok');
		const rows = after.prepare('SELECT id, parts FROM messages ORDER BY created_at').all() as {id: string; parts: string}[];
		after.close();
		const text = (row: {parts: string}) => (JSON.parse(row.parts) as {data: {text: string}}[])[0]!.data.text;
		expect(text(rows[0]!)).toBe('OPENAI_API_KEY=REDACTED and "apiKey": "REDACTED"');
		expect(text(rows[1]!)).toBe('no secret here');
		// Vacuumed: the old value is in no free page of the file either.
		expect(readFileSync(file).includes(Buffer.from(secret))).toBe(false);
	});
});
