import {describe, expect, it} from 'vitest';
import {Redactor, redactor} from '../../../source/ingest/secrets/redactor.js';

/**
 * Issue 39, point 2: the cases the fourth hostile round found leaking, each written plain,
 * JSON-escaped, URL-encoded and base64-encoded. Every one must be masked (zero misses, counted per
 * kind); the ordinary text after them must come through as it is. Secrets are made up for this
 * test in each provider's published shape (none is a real key).
 */

const letters = 'QmZxLpRtVwYbNcKdJfHgSaEuIoPyTrWqXzBv';
const hf = `hf_${letters.slice(0, 34)}`;
const github = 'ghp_R8nX2pQ7vL4mK9sT1wZ6yB3cD5fH0jN2aE7u';
const anthropic = `sk-ant-api03-${'Xq7Lm2Np9Rs4Tv6Wx8Yz1Ab3Cd5Ef7Gh9Ij0Kl2Mn4Op6Qr8St1Uv3Wx5Yz7Ab9Cd2Ef4Gh6Ij8Kl0Mn2Op4Qr6St8Uv1Wx3'.slice(0, 93)}AA`;
const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJBbmEiLCJpYXQiOjE3MDAwMDAwMDB9.Qm7Lp2Rt9Vw4Xy6Za1Bc3De5Fg7Hi9Jk0Lm2No4Pq6';
const pemBody = ['b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'QyNTUxOQAAACDx9Qm2Lp4Rt6Vw8Yz1Ab3Cd5Ef7Gh9Ij0Kl2Mn4Op6QAAAJg7Hi9Jk0Lm2N', 'Rt6Vw8Yz1Ab3Cd5Ef7Gh9Ij0Kl2Mn4Op6QAAAAtzc2gtZWQyNTUxOQAAACDx9Qm2Lp4R'];
const slackPath = 'T0AB12CD3/B0EF45GH6/Qm7Lp2Rt9Vw4Xy6Za1Bc3De5';
const envFile = `DB_PASSWORD=Tr0ub4dor-3x\nGITHUB_TOKEN=${github}\nLOG_LEVEL=debug\n`;

/** [kind of case (the issue's words), text, the secret that must not survive]. */
const cases: Array<[string, string, string]> = [
	['hf token', `export HF_TOKEN=${hf}`, hf],
	['hf token', `login with ${hf}.`, hf],
	['hf token', `huggingface-cli login --token ${hf}`, hf],
	['hf token', `https://huggingface.co/api/models?token=${hf}&full=1`, hf],
	['hf token', `token: "${hf}"`, hf],
	['hf token', `hf_${letters.slice(0, 34).toLowerCase()} in the notebook`, `hf_${letters.slice(0, 34).toLowerCase()}`],
	['mysql -pPW', 'mysql -u root -pS3cretPw ledger', 'S3cretPw'],
	['mysql -pPW', "mysqldump -uroot -p'Pa55w0rd!' ledger > dump.sql", 'Pa55w0rd!'],
	['mysql -pPW', 'mariadb -h db.internal -pHunter22 -e "show tables"', 'Hunter22'],
	['--password PW', 'mysql --password=Tr0ub4dor ledger', 'Tr0ub4dor'],
	['--password PW', "vault login -method=userpass username=ana --password 'c0rrect-h0rse'", 'c0rrect-h0rse'],
	['--password PW', 'redis-cli -h cache --pass s3cr3tPw ping', 's3cr3tPw'],
	['--password PW', 'ansible-vault view secrets.yml --vault-password Bl4ckCat9', 'Bl4ckCat9'],
	['sshpass -p PW', "sshpass -p 'Sup3rS3cret' ssh ana@10.0.0.5", 'Sup3rS3cret'],
	['sshpass -p PW', 'sshpass -pHunter22x scp dump.sql ana@backup:/srv', 'Hunter22x'],
	['YAML password: PW', 'database:\n  host: db.internal\n  password: Sup3rS3cret!\n  port: 5432', 'Sup3rS3cret!'],
	['YAML password: PW', 'db_password: hunter22x', 'hunter22x'],
	['YAML password: PW', '- api_key: 9f8e7d6c5b4aQz', '9f8e7d6c5b4aQz'],
	['JWT then & or .', `https://app.example.com/cb?id_token=${jwt}&state=xyz`, jwt],
	['JWT then & or .', `The session cookie was ${jwt}.`, jwt],
	['URL password with $ or @', 'postgres://ana:p@ss$w0rd@db.internal:5432/ledger', 'p@ss$w0rd'],
	['URL password with $ or @', 'mysql://root:Pa$$w0rd@localhost/shop', 'Pa$$w0rd'],
	['URL password with $ or @', 'git clone https://ana:My@Pass99@git.example.com/team/api.git', 'My@Pass99'],
	['redis://:PW@', 'REDIS_URL=redis://:Hunter22x@cache:6379/0', 'Hunter22x'],
	['redis://:PW@', 'rediss://:Zq8Lm2Np@redis.example.com:6380', 'Zq8Lm2Np'],
	['PEM with no END line', `$ head -4 ~/.ssh/id_rsa\n-----BEGIN OPENSSH PRIVATE KEY-----\n${pemBody.join('\n')}`, pemBody[1]!],
	['PEM with no END line', `-----BEGIN RSA PRIVATE KEY-----\n${pemBody[0]}\n${pemBody[2]}\n`, pemBody[2]!],
	['key wrapped over two lines', `export GITHUB_TOKEN=${github.slice(0, 22)}\n${github.slice(22)}`, github.slice(4, 22)],
	['key wrapped over two lines', `ANTHROPIC_API_KEY=${anthropic.slice(0, 60)}\n${anthropic.slice(60)}`, anthropic.slice(14, 60)],
	['key wrapped over two lines', `token ${hf.slice(0, 20)}\n${hf.slice(20)} expired`, hf.slice(3, 20)],
	['URL-encoded Slack webhook', `curl "https://proxy.example.com/relay?to=https%3A%2F%2Fhooks.slack.com%2Fservices%2F${slackPath.replaceAll('/', '%2F')}&x=1"`, slackPath.split('/')[2]!],
	['base64 of a .env', `$ base64 .env\n${Buffer.from(envFile).toString('base64').replace(/.{76}/gu, '$&\n')}`, Buffer.from(envFile).toString('base64').slice(0, 40)],
	['base64 of a .env', `echo ${Buffer.from(`API_KEY=${anthropic}\n`).toString('base64')} | base64 -d > .env`, Buffer.from(`API_KEY=${anthropic}\n`).toString('base64').slice(8, 48)],
	['PGPASSWORD= ordinary', 'PGPASSWORD=sunshine psql -h db.internal -U ana ledger', 'sunshine'],
	['PGPASSWORD= ordinary', 'export PGPASSWORD=letmein', 'letmein'],
	['PGPASSWORD= ordinary', 'MYSQL_ROOT_PASSWORD=dragon42 docker compose up', 'dragon42'],
];

/** Text that must come through every encoding as it is: prose, hashes, ids, paths, ordinary base64. */
const ordinary: string[] = [
	'The password reset flow sends a token by mail; the token expires after an hour.',
	'Run mysql -u root -p ledger and type the password when asked.',
	'sshpass reads the password from SSHPASS when given -e.',
	'password: required\ntoken: ${GITHUB_TOKEN}\nsecret: /run/secrets/db\napi_key: null',
	'--password-stdin reads it from standard input: echo "$PW" | docker login --password-stdin',
	'commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b\nsha256:58cd2187c01e70e6e26505bca751777aa9f2ee0b7f4300988b709f44e013003f',
	'"integrity": "sha512-9NET910DNaIPngYnLLPeg+Ogzqsi9uM4mSboU5y6p8S5DzMTVEsJZrawi+BoDNUVBa2DhJqQYUFvMDfgU062LQ=="',
	'session 4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408 and request 0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7',
	'/home/ana/src/payments/services/billing/invoice_renderer_test.py\nC:\\Users\\ana\\src\\api\\main.rs',
	'https://github.com/ana/api/blob/main/src/auth/token_store.ts#L42',
	'postgres://ana@db.internal:5432/ledger and redis://cache:6379/0',
	'secret_data = "postgres://app:${random_password.db.result}@localhost/db" and mysql://u:{{ .Values.pw }}@db/x and redis://:$REDIS_PASS@cache',
	`SGVsbG8sIHRoaXMgaXMgYW4gb3JkaW5hcnkgc2VudGVuY2UgaW4gYmFzZTY0Lg== is "${Buffer.from('SGVsbG8sIHRoaXMgaXMgYW4gb3JkaW5hcnkgc2VudGVuY2UgaW4gYmFzZTY0Lg==', 'base64').toString()}"`,
	'export HF_HOME=/data/hf_cache\nmodel = "hf_internal_testing_model"\nYOUR_HF_TOKEN and my_api_key_here',
	'a line that ends in a long identifier such_as_this_long_name\nand_the_next_line_starts_with_one',
];

const encodings: Record<string, (text: string) => string> = {
	plain: (text) => text,
	'JSON-escaped': (text) => JSON.stringify({output: text}),
	'URL-encoded': (text) => encodeURIComponent(text),
	base64: (text) => Buffer.from(text).toString('base64'),
};

/** What of `secret` must not be in the redacted text, in the encoding the text was written in. */
function leaked(redacted: string, secret: string, encoding: string): boolean {
	if (redacted.includes(secret)) return true;
	if (encoding === 'JSON-escaped' && redacted.includes(JSON.stringify(secret).slice(1, -1))) return true;
	if (encoding === 'URL-encoded' && redacted.includes(encodeURIComponent(secret))) return true;
	// A base64 run that was kept decodes to text: the secret must not be in it.
	if (encoding === 'base64') for (const run of redacted.match(/[A-Za-z0-9+/=]{16,}/gu) ?? []) if (Buffer.from(run, 'base64').toString('latin1').includes(secret)) return true;
	return false;
}

describe('the redaction corpus of issue 39', () => {
	it('masks every case in every encoding: counts per kind, zero misses', () => {
		const r = redactor();
		const counts: Record<string, number> = {};
		const misses: string[] = [];
		for (const [kind, text, secret] of cases) {
			for (const [encoding, encode] of Object.entries(encodings)) {
				const result = r.redact(encode(text));
				counts[kind] = (counts[kind] ?? 0) + 1;
				if (result.count === 0 || leaked(result.text, secret, encoding)) misses.push(`${kind} (${encoding}): ${JSON.stringify(text).slice(0, 80)} → ${JSON.stringify(result.text).slice(0, 160)}`);
			}
		}
		expect(misses).toEqual([]);
		expect(counts).toEqual({
			'hf token': 24,
			'mysql -pPW': 12,
			'--password PW': 16,
			'sshpass -p PW': 8,
			'YAML password: PW': 12,
			'JWT then & or .': 8,
			'URL password with $ or @': 12,
			'redis://:PW@': 8,
			'PEM with no END line': 8,
			'key wrapped over two lines': 12,
			'URL-encoded Slack webhook': 4,
			'base64 of a .env': 8,
			'PGPASSWORD= ordinary': 12,
		});
	});

	it('leaves ordinary text as it is in every encoding (false positives: none in this set)', () => {
		const r = redactor();
		const changed: string[] = [];
		for (const text of ordinary) {
			for (const [encoding, encode] of Object.entries(encodings)) {
				const input = encode(text);
				const result = r.redact(input);
				if (result.count > 0 || result.text !== input) changed.push(`${encoding}: ${JSON.stringify(text).slice(0, 80)} → ${JSON.stringify(result.text).slice(0, 200)}`);
			}
		}
		expect(changed).toEqual([]);
	});

	it('names the kind it masked as', () => {
		const r = redactor();
		expect(r.redact(`export HF_TOKEN=${hf}`).text).toBe('export HF_TOKEN=[redacted:huggingface-access-token]');
		expect(r.redact('mysql -u root -pS3cretPw ledger').text).toBe('mysql -u root -p[redacted:cli-password] ledger');
		expect(r.redact('REDIS_URL=redis://:Hunter22x@cache:6379/0').text).toBe('REDIS_URL=redis://:[redacted:url-password]@cache:6379/0');
		expect(r.redact('postgres://ana:p@ss$w0rd@db.internal:5432/ledger').text).toBe('postgres://ana:[redacted:url-password]@db.internal:5432/ledger');
		expect(r.redact('PGPASSWORD=sunshine psql').text).toBe('PGPASSWORD=[redacted:secret-assignment] psql');
		expect(r.redact(`?id_token=${jwt}&state=xyz`).text).toBe('?id_token=[redacted:jwt]&state=xyz');
	});
});

describe('the rules on hostile lines', () => {
	const size = 1_000_000;
	const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
	/** 1 MB lines made to make each new rule and view backtrack: a regex that did would not finish in the test's time. */
	const lines: Record<string, string> = {
		'mysql -p': `mysql ${fill(' -pab')}`,
		'sshpass -p': `sshpass ${fill(' -p ab')}`,
		'--password': fill('--a-b-c-pass '),
		'YAML keys': fill('password: abc\n'),
		'YAML value': `password: ${fill('x')}`,
		'JWT parts': fill('eyA.'),
		'JWT run': `ey${fill('A')}`,
		'URL users': fill('://a:'),
		'URL @s': `postgres://u:${fill('@')}`,
		'PEM body': `-----BEGIN RSA PRIVATE KEY-----${fill('\nAAAA')}`,
		'hf_ runs': fill('hf_'),
		'wrapped lines': fill('ABCDEFGHIJKLMNOPQ\n'),
		base64: fill('QUJD'),
		'percent escapes': fill('%41'),
		'JSON escapes': fill('\\n'),
		'env passwords': fill('PASSWORD=ab '),
	};
	it.each(Object.entries(lines))('a 1 MB line of %s finishes (no catastrophic backtracking)', (_name, line) => {
		// Not a timing assertion: the test's own time-out is the bound. It must finish and give findings in order.
		const findings = new Redactor().find(line);
		for (let index = 1; index < findings.length; index++) expect(findings[index]!.start).toBeGreaterThanOrEqual(findings[index - 1]!.end);
	}, 60_000);
});
