/**
 * A list of secret patterns as data, in the shape of gitleaks' rules: a regex whose secret is a
 * capture group (or the whole match), the keywords one of which the text must hold for the regex
 * to be tried at all, a least Shannon entropy of the secret, and allowlists of what is not one.
 */
export interface AllowList {
	/** What the regexes are tried on: the secret (default), the whole match, or its line. */
	target?: 'match' | 'line';
	/** Every check must allow (AND); otherwise any one does. */
	all?: boolean;
	regexes?: string[];
	/** The regexes ignore case (drill's own rules; gitleaks' spell cases out). */
	ignoreCase?: boolean;
	/** Lower-case words: a secret holding one is not a secret. */
	stopwords?: string[];
}

export interface SecretRule {
	/** The kind in `[redacted:kind]`. */
	id: string;
	/** A JavaScript regex source, without flags. */
	regex: string;
	ignoreCase?: boolean;
	/** What the text just before the match must end with (a regex ending in `$`): lets the regex open with its keyword. */
	before?: string;
	secretGroup?: number;
	/** The secret's Shannon entropy (bits per character) must be above this. */
	entropy?: number;
	/** Lower-case: the regex runs only on text holding one of these. */
	keywords: string[];
	allowlists?: AllowList[];
}

export interface RuleSet {
	version: string;
	rules: SecretRule[];
	/** What no rule reports (gitleaks' global allowlist: placeholders, `${VAR}`, paths, …). */
	allow: {
		regexes: string[];
		stopwords: string[];
		ignoreCase?: boolean;
		/** Regexes tried with case even when `ignoreCase` is set (a placeholder shape that must not take a token's). */
		caseRegexes?: string[];
	};
}
