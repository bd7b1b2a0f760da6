import type {RuleSet} from './rule-set.js';

/** Values that stand for a secret in docs and templates, not one. */
const placeholder = String.raw`^(?:(?:your|my|example|sample|dummy|fake|test|placeholder|insert|enter|put|replace|redacted|secret|token|password|passwd|pass|pwd|key|api[_-]?key|string|str|none|null|nil|true|false|yes|no|undefined|required|optional|changeme|hidden|masked|xxx+|\*+|\.{3,}|-+)(?:[_-](?:your|my|own|api|access|secret|token|key|here|value|password|goes|in|name|id))*|.*[_-]here|[a-z]+(?:_[a-z]+)+|(?:your|my|the|some)[-_][\w.-]*)$`;

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
			regex: String.raw`:\/\/[^\s:\/@'"<>()\[\]]{1,100}:([^\s:\/@'"<>()\[\]{}$]{3,200})@[A-Za-z0-9\[]`,
			keywords: ['://'],
			// A port after `$HOST:` in a sed expression is no password.
			allowlists: [{regexes: [placeholder, String.raw`^\d{1,5}$`], ignoreCase: true}],
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
			allowlists: [{regexes: [placeholder, String.raw`^[a-z]+(?:[._-][a-z]+)*$`, String.raw`^\d+$`, plainWord], ignoreCase: true}, {regexes: [String.raw`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`, ruleList]}],
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
	allow: {regexes: [placeholder, String.raw`^msg_(?:bdrk_|vrtx_)?01[0-9A-Za-z]{20,30}$`], ignoreCase: true, stopwords: []},
};
