import {drillRules} from './drill-rules.js';
import {base64Views, jsonUnescaped, percentDecoded, unwrappedViews, type View} from './encoded-views.js';
import {gitleaksRules} from './gitleaks-rules.js';
import type {RuleSet, SecretRule} from './rule-set.js';

interface Allow {
	target: 'secret' | 'match' | 'line';
	all: boolean;
	regexes: RegExp[];
	stopwords: string[];
}

interface Compiled {
	id: string;
	regex: RegExp;
	/** How far the match may reach left of where the regex starts (see `withoutLeadingRun`). */
	lead: number;
	before?: RegExp;
	secretGroup?: number;
	entropy?: number;
	keywords: string[];
	allow: Allow[];
}

/** One secret found in a text: where it is (the secret itself, not the words around it) and its kind. */
export interface Finding {
	start: number;
	end: number;
	kind: string;
}

/** Shannon entropy in bits per character, as gitleaks computes it (over bytes; the secrets are ASCII). */
export function shannonEntropy(text: string): number {
	const counts = new Map<string, number>();
	for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
	let entropy = 0;
	for (const count of counts.values()) {
		const p = count / text.length;
		entropy -= p * Math.log2(p);
	}
	return entropy;
}

/** gitleaks' keyword rules open with this: any name characters before the keyword. */
const leadingRun = String.raw`[\w.-]{0,50}?`;

/**
 * The regex without its leading `[\w.-]{0,50}?` runs. They only move where a match starts (never
 * whether there is one, nor its secret), but a backtracking engine tries each length at every
 * position: on 2 MB of docs, dropping them takes the keyword rules from ~400 ms each to a few.
 * A rule's `match` allowlist still sees them: the match is widened back over name characters.
 */
function withoutLeadingRun(source: string): {source: string; lead: number} {
	let lead = 0;
	let at = 0;
	for (;;) {
		if (source.startsWith(leadingRun, at)) {
			source = source.slice(0, at) + source.slice(at + leadingRun.length);
			lead += 50;
		} else if (source.startsWith('(?:', at)) at += 3;
		else return {source, lead};
	}
}

function compile(rule: SecretRule): Compiled {
	const {source, lead} = withoutLeadingRun(rule.regex);
	return {
		id: rule.id,
		regex: new RegExp(source, `gd${rule.ignoreCase ? 'i' : ''}`),
		lead,
		...(rule.before ? {before: new RegExp(rule.before)} : {}),
		...(rule.secretGroup ? {secretGroup: rule.secretGroup} : {}),
		...(rule.entropy ? {entropy: rule.entropy} : {}),
		keywords: rule.keywords,
		allow: (rule.allowlists ?? []).map((list) => ({
			target: list.target ?? 'secret',
			all: Boolean(list.all),
			regexes: (list.regexes ?? []).map((source) => new RegExp(source, list.ignoreCase ? 'i' : '')),
			stopwords: list.stopwords ?? [],
		})),
	};
}

function lineAround(text: string, start: number, end: number): string {
	const from = text.lastIndexOf('\n', start - 1) + 1;
	const to = text.indexOf('\n', end);
	return text.slice(from, to === -1 ? text.length : to);
}

function allowedBy(list: Allow, secret: string, match: string, line: () => string): boolean {
	const target = list.target === 'secret' ? secret : list.target === 'match' ? match : line();
	const checks: boolean[] = [];
	if (list.regexes.length > 0) checks.push(list.regexes.some((regex) => regex.test(target)));
	if (list.stopwords.length > 0) {
		const lower = secret.toLowerCase();
		checks.push(list.stopwords.some((word) => lower.includes(word)));
	}
	return checks.length > 0 && (list.all ? checks.every(Boolean) : checks.some(Boolean));
}

/** Rules that find a secret by the name it is given, not by its shape: a shape's rule names it better. */
const genericKinds = new Set(['generic-api-key', 'secret-assignment', 'curl-auth-header', 'curl-auth-user', 'bearer-token', 'basic-auth', 'sk-api-key']);

/** Rules that know a secret by the name written before it, not by its own shape. */
const byName = new Set([...genericKinds, 'url-password', 'cli-password']);

/** Findings in order, overlaps merged into one (named by a provider's rule over a generic one). */
function merged(findings: Finding[]): Finding[] {
	if (findings.length < 2) return findings;
	findings.sort((a, b) => a.start - b.start || b.end - a.end);
	const result: Finding[] = [{...findings[0]!}];
	for (const finding of findings.slice(1)) {
		const last = result.at(-1)!;
		if (finding.start >= last.end) {
			result.push({...finding});
			continue;
		}
		last.end = Math.max(last.end, finding.end);
		if (genericKinds.has(last.kind) && !genericKinds.has(finding.kind)) last.kind = finding.kind;
	}
	return result;
}

/** A match longer than this is not a secret but a runaway pattern on odd text. */
const longestSecret = 16_384;

/**
 * Finds and masks secrets with gitleaks' published rules and drill's own (drill-rules.ts), as
 * gitleaks decides: a rule runs only on text holding one of its keywords, its secret is the
 * capture group, it must have the rule's entropy, and neither the global allowlist nor the
 * rule's own may allow it.
 */
export class Redactor {
	private readonly rules: Compiled[];
	private readonly globalAllow: Allow;
	/** Every rule's keywords in one pattern: one pass over a text tells which rules to try. */
	private readonly keywordPattern: RegExp;
	private readonly rulesByKeyword = new Map<string, Compiled[]>();

	constructor(sets: readonly RuleSet[] = [gitleaksRules, drillRules]) {
		this.rules = sets.flatMap((set) => set.rules.map(compile));
		this.globalAllow = {
			target: 'secret',
			all: false,
			regexes: sets.flatMap((set) => [...set.allow.regexes.map((source) => new RegExp(source, set.allow.ignoreCase ? 'i' : '')), ...(set.allow.caseRegexes ?? []).map((source) => new RegExp(source))]),
			stopwords: sets.flatMap((set) => set.allow.stopwords),
		};
		const keywords = [...new Set(this.rules.flatMap((rule) => rule.keywords))];
		for (const keyword of keywords) {
			// A keyword's rules, and the rules of every keyword inside it.
			this.rulesByKeyword.set(keyword, this.rules.filter((rule) => rule.keywords.some((inner) => keyword.includes(inner))));
		}
		const escaped = keywords.sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\/-]/gu, '\\$&'));
		this.keywordPattern = new RegExp(escaped.join('|'), 'gi');
	}

	/**
	 * The rules whose keywords the text holds. The pattern finds the longest keyword at each place
	 * one starts; the keywords inside it (`key` in `apikey`) are there too, so their rules come with it.
	 */
	private candidates(text: string): Set<Compiled> {
		const found = new Set<Compiled>();
		const pattern = this.keywordPattern;
		pattern.lastIndex = 0;
		for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
			for (const rule of this.rulesByKeyword.get(match[0].toLowerCase()) ?? []) found.add(rule);
			pattern.lastIndex = match.index + 1;
		}
		return found;
	}

	/**
	 * The secrets in a text, in order, overlaps merged (named by a provider's rule over a generic
	 * one): those written out, and those the text holds JSON-escaped, URL-encoded, base64-encoded
	 * or wrapped over two lines (encoded-views.ts), masked where they stand in the text.
	 */
	find(text: string): Finding[] {
		return merged(this.findWithViews(text, 0));
	}

	private findWithViews(text: string, depth: number): Finding[] {
		const findings = this.findWritten(text);
		if (depth >= 2 || text.length < 16) return findings;
		const views: View[] = [...jsonUnescaped(text), ...percentDecoded(text), ...base64Views(text), ...unwrappedViews(text)];
		for (const view of views) {
			for (const found of this.findWithViews(view.text, depth + 1)) {
				if (view.shapesOnly && byName.has(found.kind)) continue;
				if (view.whole) findings.push({...view.whole, kind: found.kind});
				else findings.push({start: view.from[found.start]!, end: view.from[found.end]!, kind: found.kind});
			}
		}
		return findings;
	}

	/** The secrets written out in a text, as each rule finds them (not merged). */
	private findWritten(text: string): Finding[] {
		if (text.length < 8) return [];
		const findings: Finding[] = [];
		for (const rule of this.candidates(text)) {
			const {regex} = rule;
			regex.lastIndex = 0;
			for (let match = regex.exec(text); match; match = regex.exec(text)) {
				if (match[0].length === 0) regex.lastIndex++;
				const finding = this.judge(rule, match, text);
				if (finding) findings.push(finding);
			}
		}
		return findings;
	}

	private judge(rule: Compiled, match: RegExpExecArray, text: string): Finding | undefined {
		if (rule.before && !rule.before.test(text.slice(Math.max(0, match.index - 200), match.index))) return undefined;
		const indices = match.indices!;
		let group = 0;
		if (rule.secretGroup) group = rule.secretGroup;
		else for (let index = 1; index < match.length; index++) if (match[index]) {
			group = index;
			break;
		}
		const secret = match[group];
		const at = indices[group];
		if (!secret || !at || secret.length > longestSecret) return undefined;
		if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) return undefined;
		const line = () => lineAround(text, at[0], at[1]);
		let whole = match[0];
		if (rule.lead > 0) {
			let from = match.index;
			while (from > 0 && match.index - from < rule.lead && /[\w.-]/u.test(text[from - 1]!)) from--;
			whole = text.slice(from, match.index) + whole;
		}
		if (allowedBy(this.globalAllow, secret, whole, line)) return undefined;
		if (rule.allow.some((list) => allowedBy(list, secret, whole, line))) return undefined;
		return {start: at[0], end: at[1], kind: rule.id};
	}

	/** The text with each secret replaced by `[redacted:kind]`, and how many were. */
	redact(text: string): {text: string; count: number} {
		const findings = this.find(text);
		if (findings.length === 0) return {text, count: 0};
		let out = '';
		let from = 0;
		for (const finding of findings) {
			out += `${text.slice(from, finding.start)}[redacted:${finding.kind}]`;
			from = finding.end;
		}
		return {text: out + text.slice(from), count: findings.length};
	}
}

let shared: Redactor | undefined;

/** The redactor with every rule (compiled once per thread). */
export function redactor(): Redactor {
	return (shared ??= new Redactor());
}

/** The versions of the rule lists, for reports and docs. */
export const ruleVersions = `gitleaks ${gitleaksRules.version} (${gitleaksRules.rules.length} rules) + ${drillRules.version} (${drillRules.rules.length} rules)`;
