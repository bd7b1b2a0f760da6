import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {gitleaksRules} from '../../../source/ingest/secrets/gitleaks-rules.js';
import {drillRules} from '../../../source/ingest/secrets/drill-rules.js';
import {redactItem, redactSource} from '../../../source/ingest/secrets/redact-source.js';
import {Redactor, redactor, shannonEntropy} from '../../../source/ingest/secrets/redactor.js';
import type {ItemRecord} from '../../../source/store/interchange.js';
import type {ParsedSource} from '../../../source/ingest/model.js';

// Secrets written for these tests in each provider's published shape (none is a real key).
const fake = {
	aws: 'AKIAZ7Q4M2X3R6T5W4YB',
	github: 'ghp_R8nX2pQ7vL4mK9sT1wZ6yB3cD5fH0jN2aE7u',
	gcp: 'AIzaSyB7x9Qm2Lp4Rt6Vw8Yz1Ab3Cd5Ef7Gh9Ij',
	anthropic: `sk-ant-api03-${'Xq7Lm2Np9Rs4Tv6Wx8Yz1Ab3Cd5Ef7Gh9Ij0Kl2Mn4Op6Qr8St1Uv3Wx5Yz7Ab9Cd2Ef4Gh6Ij8Kl0Mn2Op4Qr6St8Uv1Wx3'.slice(0, 93)}AA`,
	deepseek: 'sk-4f9a2c7e1b8d3f6a0c5e9b2d7f1a4c8e',
	slack: 'xoxb-2048193756-4096385712-Qm7Lp2Rt9Vw4Xy6Za1Bc3De5',
	stripe: 'sk_live_51Hq8Zx2Lm7Np4Rt9Vw6Yb3Cd',
	jwt: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJBbmEiLCJpYXQiOjE3MDAwMDAwMDB9.Qm7Lp2Rt9Vw4Xy6Za1Bc3De5Fg7Hi9Jk0Lm2No4Pq6',
};

const privateKey = ['-----BEGIN OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'QyNTUxOQAAACDx9Qm2Lp4Rt6Vw8Yz1Ab3Cd5Ef7Gh9Ij0Kl2Mn4Op6QAAAJg7Hi9Jk0Lm2N', '-----END OPENSSH PRIVATE KEY-----'].join('\n');

/** Every pattern kind the issue names, with the kind it is reported as. */
const secrets: Array<[string, string, string]> = [
	['an AWS access key id', `aws_access_key_id = ${fake.aws}`, 'aws-access-token'],
	['a GitHub token in a git remote', `git remote add origin https://${fake.github}@github.com/ana/api.git`, 'github-pat'],
	['a Google API key in a URL', `curl 'https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${fake.gcp}'`, 'gcp-api-key'],
	['an Anthropic key', `export ANTHROPIC_API_KEY=${fake.anthropic}`, 'anthropic-api-key'],
	['an sk- key of a provider gitleaks has no rule for', `client = OpenAI(api_key="${fake.deepseek}", base_url="https://api.deepseek.com")`, 'generic-api-key'],
	['a bare sk- key in a tool output', `using key ${fake.deepseek} for the run`, 'sk-api-key'],
	['a Slack bot token', `SLACK_BOT_TOKEN: ${fake.slack}`, 'slack-bot-token'],
	['a Stripe live key', `stripe.api_key = "${fake.stripe}"`, 'stripe-access-token'],
	['a JWT', `the cookie was session=${fake.jwt}`, 'jwt'],
	['a bearer token in a header', `Authorization: Bearer ${fake.deepseek.slice(3)}Zq8`, 'bearer-token'],
	['a private key', `cat ~/.ssh/id_ed25519\n${privateKey}\n`, 'private-key'],
	['a password in a URL', 'DATABASE_URL=postgres://ledger:Tr0ub4dor-3x@db.internal:5432/ledger', 'url-password'],
	['an env assignment of a secret name', 'DB_PASSWORD=hunter2-staging', 'secret-assignment'],
	['a shell export', 'export JWT_SECRET=f00dfeed', 'secret-assignment'],
	['a JSON password', '{"user": "ana", "password": "c0rrect-h0rse"}', 'secret-assignment'],
	['basic credentials in a header', 'Authorization: Basic YW5hOmMwcnJlY3QtaDByc2U=', 'basic-auth'],
];

/** Ordinary text that must survive as it is. */
const survivors: Array<[string, string]> = [
	['a password read by a function', 'password = get_password()'],
	['a password passed on', 'connect(user=user, password=password)'],
	['a token awaited', 'const token = await getToken(request);'],
	['a token count', 'max_tokens = 4096\nMAX_TOKENS=8192'],
	['a token endpoint', 'TOKEN_URL=https://auth.example.com/oauth/token'],
	['an env reference', 'GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }}\nAPI_KEY=$OPENAI_API_KEY\ntoken: ${TOKEN}'],
	['a placeholder', '"api_key": "your-api-key-here"\nOPENAI_API_KEY=<your key>\nPASSWORD=changeme\ncurl -H "Authorization: Bearer YOUR_ACCESS_TOKEN"'],
	['a URL without a password', 'https://user@github.com/ana/api.git and postgres://localhost:5432/db and https://example.com:8080/a:b@c'],
	['a URL whose password is a placeholder', 'postgres://user:password@localhost/db\nredis://:${REDIS_PASSWORD}@cache:6379'],
	['a package-lock integrity hash', '"integrity": "sha512-Xyz+abc123DEF456ghiJKL789mnoPQR012stuVWX345yzABC678defGHI901jklMNO234PQRstu567vwxYZA==",'],
	['a yarn.lock checksum', 'integrity sha512-9NET910DNaIPngYnLLPeg+Ogzqsi9uM4mSboU5y6p8S5DzMTVEsJZrawi+BoDNUVBa2DhJqQYUFvMDfgU062LQ==\n  checksum: 2f9e1a3c5b7d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d'],
	['a go.sum line', 'github.com/stretchr/testify v1.9.0 h1:HtqpIVDClZ4nwg75+f6Lvsy/wHu+3BoSGCbBAcpTsTg='],
	['a Cargo.lock checksum', 'checksum = "3d8c1b2f4e6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6c8e"'],
	['a poetry.lock hash', '{file = "requests-2.31.0-py3-none-any.whl", hash = "sha256:58cd2187c01e70e6e26505bca751777aa9f2ee0b7f4300988b709f44e013003f"}'],
	['git hashes and uuids', 'commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b\nsession 4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408'],
	['a key name without a value', 'Set OPENAI_API_KEY in your environment, then run the job.'],
	['a secret manager call', 'secret = client.access_secret_version(name=secret_name)'],
	['the AWS docs example key', `aws_access_key_id = AKIAIOSFODNN7EXAMPLE`],
	['drill\'s own marks', 'DB_PASSWORD=[redacted:secret-assignment]'],
	['a validation rule list', "'password' => 'required|confirmed|min:8',\n'password' => 'current_password:api'"],
	['a port after a variable host', 'sed -i "s@APP_URL=.*@APP_URL=http://$BUILD_HOST:8000@g" .env'],
	['a stand-in word or a your- value', 'TYPESENSE_API_KEY=masterKey\nSTRIPE_SECRET=your-stripe-secret\nREVERB_APP_SECRET=my-app-secret'],
];

describe('the rules', () => {
	it('take every gitleaks rule that matches text, and every one compiles as JavaScript', () => {
		expect(gitleaksRules.version).toMatch(/^v8\.30\.0/u);
		expect(gitleaksRules.rules.length).toBeGreaterThan(200);
		for (const rule of [...gitleaksRules.rules, ...drillRules.rules]) {
			expect(() => new RegExp(rule.regex, 'gd'), rule.id).not.toThrow();
			expect(rule.keywords.length, rule.id).toBeGreaterThan(0);
			for (const keyword of rule.keywords) expect(keyword, rule.id).toBe(keyword.toLowerCase());
		}
	});

	it('measure entropy as gitleaks does', () => {
		expect(shannonEntropy('aaaa')).toBe(0);
		expect(shannonEntropy('abcd')).toBe(2);
	});
});

describe('redact', () => {
	const r = redactor();
	for (const [what, text, kind] of secrets) {
		it(`masks ${what} as [redacted:${kind}]`, () => {
			const result = r.redact(text);
			expect(result.text).toContain(`[redacted:${kind}]`);
			expect(result.count).toBeGreaterThan(0);
			for (const value of Object.values(fake)) expect(result.text).not.toContain(value);
			expect(result.text).not.toContain('PRIVATE KEY-----\nb3Bl');
		});
	}

	for (const [what, text] of survivors) {
		it(`leaves ${what} as it is`, () => {
			expect(r.redact(text)).toEqual({text, count: 0});
		});
	}

	it('keeps the words around a secret: only the secret goes', () => {
		expect(r.redact('DB_PASSWORD=hunter2-staging # staging only').text).toBe('DB_PASSWORD=[redacted:secret-assignment] # staging only');
		expect(r.redact('postgres://ledger:Tr0ub4dor-3x@db.internal:5432/ledger').text).toBe('postgres://ledger:[redacted:url-password]@db.internal:5432/ledger');
	});

	it('counts each secret once, however many rules find it', () => {
		const text = `export GITHUB_TOKEN=${fake.github}\nand again ${fake.github}`;
		const result = r.redact(text);
		expect(result.count).toBe(2);
		expect(result.text).not.toContain(fake.github);
	});

	it('finds nothing in the project\'s own fixtures', () => {
		const files = (dir: string): string[] => readdirSync(dir).flatMap((entry) => (statSync(path.join(dir, entry)).isDirectory() ? files(path.join(dir, entry)) : [path.join(dir, entry)]));
		const found = files(path.resolve('fixtures')).flatMap((file) => r.find(readFileSync(file, 'utf8')).map((finding) => `${file}: ${finding.kind}`));
		expect(found).toEqual([]);
	});

	it('stays fast on a long line of keyword-heavy text (no runaway backtracking)', () => {
		const text = `${'api_key token secret password '.repeat(20_000)}${'a'.repeat(100_000)}`;
		// Not a timing assertion: it must finish, and find nothing in words without values.
		expect(new Redactor().find(text)).toEqual([]);
	});
});

function parsedOf(texts: string[]): ParsedSource {
	return {flavor: 'conversation', facts: {title: `Deploy with ${fake.github}`, provenance: {agent: 'claude-code', session_id: 'abc'}}, root: {units: [{blocks: texts.map((text) => ({role: 'tool', kind: 'tool', text}))}], children: []}};
}

describe('redactSource', () => {
	it('masks every text of a parsed source and counts the secrets in its provenance', () => {
		const parsed = parsedOf([`export OPENAI_API_KEY=${fake.deepseek}`, 'nothing here', privateKey]);
		expect(redactSource(parsed)).toBe(3);
		expect(parsed.facts.provenance?.redactions).toBe(3);
		expect(JSON.stringify(parsed)).not.toContain(fake.github);
		expect(JSON.stringify(parsed)).not.toContain(fake.deepseek);
		expect(parsed.facts.provenance?.session_id).toBe('abc');
	});
});

describe('redactItem', () => {
	const item = (): ItemRecord => ({
		namespace: 'conversation_session',
		item_id: 'k1',
		title: 'Rotate the key',
		generated_at: '2026-11-28T14:02:00.000Z',
		source: {uri: '/logs/a.jsonl', kind: 'claude-code'},
		tldr: `Used ${fake.github.slice(0, 20)}… to push`,
		nodes: [
			{ordinal: 0, parent: null, title: 'Rotate the key', summary: `set GITHUB_TOKEN=${fake.github}`, keywords: ['rotate', fake.github.slice(4, 24).toLowerCase(), 'push'], spans: []},
			{ordinal: 1, parent: 0, title: 'Push', summary: 'pushed', keywords: ['push'], spans: [0, 1]},
		],
		spans: [
			{seq: 0, role: 'user', text: 'rotate the token and push'},
			{seq: 1, role: 'tool', text: `export GITHUB_TOKEN=${fake.github}\ngit push`},
		],
	});

	it('masks the spans, and what a summary or keyword kept of a secret (cut, lower-cased)', () => {
		const {item: clean, count} = redactItem(item());
		expect(count).toBe(1);
		expect(clean.source?.redactions).toBe(1);
		const text = JSON.stringify(clean);
		expect(text).not.toContain(fake.github);
		expect(text).not.toContain(fake.github.slice(0, 20));
		expect(text.toLowerCase()).not.toContain(fake.github.slice(4, 24).toLowerCase());
		expect(clean.nodes[0]!.keywords).toEqual(['rotate', 'push']);
		expect(clean.spans[0]).toEqual(item().spans[0]);
	});

	it('gives back the very item when it holds no secret', () => {
		const plain: ItemRecord = {...item(), tldr: 'pushed', nodes: [{ordinal: 0, parent: null, title: 't', summary: 's', keywords: ['k'], spans: [0]}], spans: [{seq: 0, role: 'user', text: 'hello there'}]};
		expect(redactItem(plain).item).toBe(plain);
	});
});
