import type {RuleSet} from './rule-set.js';

/** Values that stand for a secret in docs and templates, not one. */
const placeholder = String.raw`^(?:(?:your|my|example|sample|dummy|fake|test|placeholder|insert|enter|put|replace|redacted|secret|token|password|passwd|pass|pwd|key|api[_-]?key|string|str|none|null|nil|true|false|yes|no|undefined|required|optional|changeme|hidden|masked|xxx+|\*+|\.{3,}|-+)(?:[_-](?:your|my|own|api|access|secret|token|key|here|value|password|goes|in|name|id))*|.*[_-]here|(?:your|my|the|some)[-_][\w.-]*)$`;

/**
 * A name in snake case standing for a value (`my_api_key`, `YOUR_HF_TOKEN`): short words of one
 * case, so never a token's shape (`hf_` and 34 mixed-case letters was taken for one, issue 39).
 * Tried with case (not in an ignoreCase list).
 */
export const snakePlaceholder = String.raw`^(?:[a-z]{1,12}(?:_[a-z]{1,12}){1,5}|[A-Z]{1,12}(?:_[A-Z]{1,12}){1,5})$`;

/** The characters a command-line value stops at (a shell's separators and quotes); `$` too: `$VAR` is a reference, not a value. */
const cliValue = String.raw`[^\s'"$\x60;|&<>()]`;
const cliEnd = String.raw`(?=$|[\s;|&)'"]|\\[nrt])`;

/** A value that is a path or a URL, not a secret (`secret: /run/secrets/db`, `token: https://…/token`). */
const pathOrUrl = String.raw`^(?:\/|~\/|\.\.?\/|[a-z][a-z0-9+.-]*:\/\/)`;

/** A letters-only word shorter than a generated secret (`laravel`, `masterKey`): a stand-in in docs, not a key. */
const plainWord = String.raw`^[A-Za-z]{1,15}$`;

/** A list of validation rules (`required|confirmed|min:8`, Laravel's and others'), not a password. */
const ruleList = String.raw`^[a-z_]+(?::[\w,.]+)?(?:\|[a-z_]+(?::[\w,.]+)?)*$`;

/**
 * drill's own rules, for what gitleaks leaves to its generic rule (which wants ten characters of
 * entropy above 3.5): passwords in URLs, `NAME=value` assignments of secret-looking names (env
 * files, shell exports, configs), bearer and basic credentials in headers, and `sk-` keys of the
 * providers gitleaks has no rule for. Each is tested with the cases that must survive
 * (test/ingest/secrets/redact.test.ts).
 */
export const drillRules: RuleSet = {
	version: 'drill-1',
	rules: [
		{
			id: 'url-password',
			// Anchored on `://`, the scheme checked before it: a pattern that opens with a class is tried at every word.
			before: String.raw`\b[A-Za-z][A-Za-z0-9+.-]{1,20}$`,
			// The user may be empty (`redis://:PW@`); the password runs to the last `@` before the host, so it may hold `@`, `:` and `$`.
			regex: String.raw`:\/\/[^\s:\/@'"<>()\[\]]{0,100}:([^\s\/'"<>()\[\]]{3,200})@[A-Za-z0-9\[]`,
			keywords: ['://'],
			// A port after `$HOST:` in a sed expression is no password; `${REDIS_PASSWORD}` is a reference (the global list).
			// A template's reference (`${random_password.db.result}`, `{{ .Values.pw }}`, `$DB_PASS`) is no password either.
			allowlists: [{regexes: [placeholder, String.raw`^\d{1,5}$`], ignoreCase: true}, {regexes: [snakePlaceholder, String.raw`^\$\{[^{}]{1,100}\}$`, String.raw`^\{\{[^{}]{1,100}\}\}$`, String.raw`^\$[A-Za-z_][\w.]*$`]}],
		},
		{
			// A password variable, whatever comes before its name (`PGPASSWORD`, `MYSQL_ROOT_PASSWORD`): an ordinary word is a password here.
			id: 'secret-assignment',
			before: String.raw`(?:^|[\s;'"(\[{,]|\\n)[A-Z0-9_]*$`,
			regex: String.raw`(?:PASSWORD|PASSWD|PASSPHRASE)(?:_(?:BASE|B64|VALUE|\d+))?=(["']?)([^\s"'\x60$<>{}()\[\];,|&\\]{3,300})\1(?=$|[\s;'"&|,)\]}]|\\[nrt])`,
			secretGroup: 2,
			keywords: ['password', 'passwd', 'passphrase'],
			allowlists: [{regexes: [placeholder], ignoreCase: true}, {regexes: [snakePlaceholder]}],
		},
		{
			// Environment style: an upper-case name, `=` with nothing around it, a literal value.
			id: 'secret-assignment',
			before: String.raw`(?:^|[\s;'"(\[{,]|\\n)(?:[A-Z0-9]+_)*$`,
			regex: String.raw`(?:PASSWORD|PASSWD|PASSPHRASE|PWD|PASS|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|SECRET_?KEY|PRIVATE_?KEY|AUTH_?KEY|CLIENT_?SECRET|CREDENTIALS?|AUTH)(?:_(?:BASE|B64|VALUE|\d+))?=(["']?)([^\s"'\x60$<>{}()\[\];,|&\\]{4,300})\1(?=$|[\s;'"&|,)\]}]|\\[nrt])`,
			secretGroup: 2,
			keywords: ['password', 'passwd', 'passphrase', 'pwd', 'pass', 'secret', 'token', 'key', 'credential', 'auth'],
			allowlists: [{regexes: [placeholder, plainWord], ignoreCase: true}],
		},
		{
			// Code, JSON and YAML style: a name ending in a secret word (whatever comes before the word), a quoted literal of some entropy.
			id: 'secret-assignment',
			regex: String.raw`(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)["']?\s{0,3}(?:=|:|=>|:=)\s{0,3}(["'])([^"'\s$<>{}\\]{6,200})\1`,
			ignoreCase: true,
			secretGroup: 2,
			entropy: 2.5,
			keywords: ['password', 'passwd', 'passphrase', 'secret', 'token', 'key', 'credential'],
			allowlists: [{regexes: [placeholder, String.raw`^[a-z]{1,15}(?:[._-][a-z]{1,15})*$`, String.raw`^\d+$`, plainWord], ignoreCase: true}, {regexes: [String.raw`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`, ruleList, snakePlaceholder]}],
		},
		{
			// YAML style, unquoted: `password: PW` alone on its line after a key (`db_password:`, `- token:`).
			// A value holding `(`, `)`, `;` or `,` is code (`password: string;`, `secret: read(env),`), not a YAML value.
			id: 'secret-assignment',
			// A line starts at a line break, an escaped one (`\n` in JSON) or a string's opening quote (a one-line document in JSON).
			before: String.raw`(?:^|\n|\\n|["'])[ \t]*(?:-[ \t]+)?[\w.-]{0,60}$`,
			regex: String.raw`(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)[ \t]{0,3}:[ \t]{1,3}([^\s'"#&*!|>{}\[\],$%@\x60\\][^\s"\\();,]{2,200})[ \t]*(?=\r?\n|$|\\[nr]|")`,
			ignoreCase: true,
			keywords: ['password', 'passwd', 'passphrase', 'secret', 'token', 'key', 'credential'],
			allowlists: [{regexes: [placeholder, String.raw`^\d+$`, pathOrUrl], ignoreCase: true}, {regexes: [snakePlaceholder, ruleList, String.raw`^[a-z]{1,15}$`, String.raw`^[a-z]+(?:-[a-z]+)+$`, String.raw`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`]}],
		},
		{
			// `mysql -pPW` (and mysqldump, mysqladmin, mariadb…): the password glued to -p.
			id: 'cli-password',
			before: String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlsh|mariadb|mariadb-dump)\b[^\n]{0,160}\s$`,
			regex: String.raw`-p(['"]?)(${cliValue}{2,128})\1${cliEnd}`,
			secretGroup: 2,
			keywords: ['mysql', 'mariadb'],
			allowlists: [{regexes: [placeholder], ignoreCase: true}, {regexes: [snakePlaceholder]}],
		},
		{
			// `sshpass -p PW` and `sshpass -pPW`.
			id: 'cli-password',
			before: String.raw`\bsshpass\b[^\n]{0,160}\s$`,
			regex: String.raw`-p[ \t]*(['"]?)(${cliValue}{2,128})\1${cliEnd}`,
			secretGroup: 2,
			keywords: ['sshpass'],
			allowlists: [{regexes: [placeholder], ignoreCase: true}, {regexes: [snakePlaceholder]}],
		},
		{
			// `--password PW`, `--password=PW`, `--db-password 'PW'` of any command.
			id: 'cli-password',
			regex: String.raw`--(?:[a-z0-9]+-)*(?:password|passwd|passphrase|pass)(?:=|[ \t]+)(['"]?)((?!-)${cliValue}{2,128})\1${cliEnd}`,
			secretGroup: 2,
			keywords: ['pass'],
			allowlists: [{regexes: [placeholder], ignoreCase: true}, {regexes: [snakePlaceholder, String.raw`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$`]}],
		},
		{
			// gitleaks' rule wants a quote, a space or the end after the token: this one takes `&`, `.`, `,` too.
			id: 'jwt',
			regex: String.raw`(?<![A-Za-z0-9_-])(ey[A-Za-z0-9_-]{17,}\.ey[A-Za-z0-9_-]{17,}\.(?:[A-Za-z0-9_-]{10,})?)`,
			entropy: 3,
			keywords: ['ey'],
		},
		{
			// A private key cut before its END line (`head id_rsa`): the body lines after BEGIN.
			id: 'private-key',
			regex: String.raw`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----((?:[ \t]*\r?\n[ \t]*[A-Za-z0-9+\/=]{1,100})+)`,
			keywords: ['-----begin'],
		},
		{
			// gitleaks' rule wants a quote, a space or the end after the token.
			id: 'huggingface-access-token',
			regex: String.raw`(?<![A-Za-z0-9_])(hf_[A-Za-z0-9]{30,40})(?![A-Za-z0-9_])`,
			entropy: 3,
			keywords: ['hf_'],
		},
		{
			id: 'bearer-token',
			regex: String.raw`\b(?:[Bb]earer|BEARER)\s+([A-Za-z0-9._~+\/-]{20,}=*)`,
			entropy: 3,
			keywords: ['bearer'],
			allowlists: [{regexes: [placeholder], ignoreCase: true}],
		},
		{
			id: 'basic-auth',
			regex: String.raw`\b[Aa]uthorization["']?\s*[:=]\s*["']?[Bb]asic\s+([A-Za-z0-9+\/]{12,}={0,2})`,
			keywords: ['basic'],
		},
		{
			// OpenAI-style `sk-` keys of providers gitleaks has no rule for (DeepSeek, OpenRouter, older OpenAI keys).
			id: 'sk-api-key',
			regex: String.raw`\b(sk-[A-Za-z0-9_-]{20,200})\b`,
			entropy: 3.5,
			keywords: ['sk-'],
			allowlists: [{regexes: [String.raw`^[^0-9]*$`, String.raw`^[^A-Za-z]*$`]}],
		},
	],
	// Placeholders are no secret whichever rule finds them (`Bearer YOUR_ACCESS_TOKEN` in a curl example).
	// An Anthropic message id (`msg_01…`, `msg_bdrk_01…` on Bedrock, `msg_vrtx_01…` on Vertex) is in
	// every Claude agent's log beside names like `apiCallId`: an id, never a credential.
	allow: {regexes: [placeholder, String.raw`^msg_(?:bdrk_|vrtx_)?01[0-9A-Za-z]{20,30}$`], ignoreCase: true, caseRegexes: [snakePlaceholder], stopwords: []},
};
