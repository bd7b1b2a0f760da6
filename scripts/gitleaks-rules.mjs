#!/usr/bin/env node
/**
 * Turns gitleaks' published rule list (config/gitleaks.toml, MIT licence) into
 * source/ingest/secrets/gitleaks-rules.ts: the patterns drill's ingest redacts, kept as data.
 *
 *   node scripts/gitleaks-rules.mjs PATH/TO/gitleaks.toml "v8.30.0-27-gb58d3f10 (b58d3f1)" > source/ingest/secrets/gitleaks-rules.ts
 *
 * To update: fetch gitleaks, run this on its config/gitleaks.toml with the version it is (git
 * describe), run the secrets tests. Go's RE2 syntax is rewritten for JavaScript: `(?i)` part-way
 * through a pattern and `(?-i:…)` have no JavaScript form, so case-insensitive stretches are
 * spelled out (`a` → `[aA]`), POSIX classes expanded, `\z` → `$`. Rules that match paths only
 * (no regex) are left out: drill redacts text, not file names.
 */
import {readFileSync} from 'node:fs';

const [file, version] = process.argv.slice(2);
if (!file || !version) {
	process.stderr.write('usage: node scripts/gitleaks-rules.mjs gitleaks.toml VERSION > gitleaks-rules.ts\n');
	process.exit(2);
}

/** The subset of TOML gitleaks.toml is written in: tables, arrays of tables, strings, numbers, arrays. */
function parseToml(text) {
	const root = {};
	let table = root;
	let i = 0;
	const skipSpace = () => {
		for (;;) {
			while (i < text.length && /[ \t\r\n,]/u.test(text[i])) i++;
			if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++;
			else return;
		}
	};
	const value = () => {
		skipSpace();
		if (text.startsWith("'''", i)) {
			const end = text.indexOf("'''", i + 3);
			const raw = text.slice(i + 3, end);
			i = end + 3;
			return raw;
		}
		if (text[i] === '"') {
			let out = '';
			i++;
			while (text[i] !== '"') {
				if (text[i] === '\\') {
					i++;
					out += {n: '\n', t: '\t', '"': '"', '\\': '\\'}[text[i]] ?? text[i];
				} else out += text[i];
				i++;
			}
			i++;
			return out;
		}
		if (text[i] === "'") {
			const end = text.indexOf("'", i + 1);
			const raw = text.slice(i + 1, end);
			i = end + 1;
			return raw;
		}
		if (text[i] === '[') {
			i++;
			const list = [];
			for (;;) {
				skipSpace();
				if (text[i] === ']') {
					i++;
					return list;
				}
				list.push(value());
			}
		}
		const match = /^[^\s,\]]+/u.exec(text.slice(i));
		i += match[0].length;
		return match[0] === 'true' ? true : match[0] === 'false' ? false : Number(match[0]);
	};
	for (;;) {
		skipSpace();
		if (i >= text.length) return root;
		if (text.startsWith('[[', i)) {
			const end = text.indexOf(']]', i);
			const path = text.slice(i + 2, end).trim().split('.');
			i = end + 2;
			let parent = root;
			for (const key of path.slice(0, -1)) parent = parent[key].at(-1);
			const last = path.at(-1);
			parent[last] ??= [];
			table = {};
			parent[last].push(table);
			continue;
		}
		if (text[i] === '[') {
			const end = text.indexOf(']', i);
			const key = text.slice(i + 1, end).trim();
			i = end + 1;
			table = root[key] = {};
			continue;
		}
		const eq = text.indexOf('=', i);
		const key = text.slice(i, eq).trim();
		i = eq + 1;
		table[key] = value();
	}
}

const posix = {alnum: 'A-Za-z0-9', alpha: 'A-Za-z', digit: '0-9', lower: 'a-z', upper: 'A-Z', space: '\\s', xdigit: '0-9A-Fa-f', word: '\\w', punct: '!-\\/:-@\\[-`{-~'};
const isLetter = (c) => /^[A-Za-z]$/u.test(c);
const swap = (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/** A character class body; with `fold`, every letter and letter range gains its other case. */
function convertClass(body, fold) {
	let negate = '';
	let out = '';
	let j = 0;
	if (body[0] === '^') {
		negate = '^';
		j = 1;
	}
	const extra = [];
	while (j < body.length) {
		if (body.startsWith('[:', j)) {
			const end = body.indexOf(':]', j);
			const name = body.slice(j + 2, end);
			if (!posix[name]) throw new Error(`unknown POSIX class ${name}`);
			out += posix[name];
			j = end + 2;
			continue;
		}
		if (body[j] === '\\') {
			out += body.slice(j, j + 2);
			if (body[j + 1] === 'x') {
				out += body.slice(j + 2, j + 4);
				j += 4;
			} else j += 2;
			continue;
		}
		const c = body[j];
		if (body[j + 1] === '-' && j + 2 < body.length && body[j + 2] !== ']') {
			const to = body[j + 2];
			out += `${c}-${to}`;
			if (fold && isLetter(c) && isLetter(to) && (c === c.toLowerCase()) === (to === to.toLowerCase())) extra.push(`${swap(c)}-${swap(to)}`);
			j += 3;
			continue;
		}
		out += c === '/' ? '\\/' : c;
		if (fold && isLetter(c)) extra.push(swap(c));
		j++;
	}
	// The other cases go first: after a trailing `-` they would make a range of it.
	return negate + extra.join('') + out;
}

/** A Go RE2 pattern as a JavaScript one (no flags: case-insensitivity is spelled out). */
export function convert(pattern) {
	let out = '';
	const stack = [];
	let state = {fold: false, dotAll: false};
	let i = 0;
	while (i < pattern.length) {
		const c = pattern[i];
		const flags = /^\(\?([is]*)(?:-([is]*))?([:)])/u.exec(pattern.slice(i));
		if (flags && (flags[1] || flags[2])) {
			const next = {...state};
			for (const flag of flags[1]) next[flag === 'i' ? 'fold' : 'dotAll'] = true;
			for (const flag of flags[2] ?? '') next[flag === 'i' ? 'fold' : 'dotAll'] = false;
			if (flags[3] === ':') {
				stack.push(state);
				out += '(?:';
			}
			state = next;
			i += flags[0].length;
			continue;
		}
		const fold = state.fold;
		if (pattern.startsWith('(?P<', i)) {
			stack.push(state);
			out += '(?<';
			i += 4;
			continue;
		}
		if (c === '(') {
			stack.push(state);
			if (pattern.startsWith('(?:', i)) {
				out += '(?:';
				i += 3;
			} else {
				out += '(';
				i++;
			}
			continue;
		}
		if (c === ')') {
			state = stack.pop();
			out += ')';
			i++;
			continue;
		}
		if (c === '.' && state.dotAll) {
			out += '[\\s\\S]';
			i++;
			continue;
		}
		if (c === '\\') {
			const next = pattern[i + 1];
			if (next === 'z') out += '$';
			else if (next === 'A') out += '^';
			else if (next === 'x') {
				out += pattern.slice(i, i + 4);
				i += 4;
				continue;
			} else if (fold && isLetter(next) && !/[dDwWsSbBnrtfv]/u.test(next)) throw new Error(`escape \\${next} in ${pattern}`);
			else out += `\\${next}`;
			i += 2;
			continue;
		}
		if (c === '[') {
			let j = i + 1;
			if (pattern[j] === '^') j++;
			if (pattern[j] === ']') j++;
			while (pattern[j] !== ']') {
				if (pattern[j] === '\\') j += 2;
				else if (pattern.startsWith('[:', j)) j = pattern.indexOf(':]', j) + 2;
				else j++;
			}
			out += `[${convertClass(pattern.slice(i + 1, j), fold)}]`;
			i = j + 1;
			continue;
		}
		if (c === '{') {
			const quantifier = /^\{\d*(?:,\d*)?\}/u.exec(pattern.slice(i));
			if (quantifier) {
				out += quantifier[0];
				i += quantifier[0].length;
				continue;
			}
			out += '\\{';
			i++;
			continue;
		}
		if (c === '}') {
			out += '\\}';
			i++;
			continue;
		}
		if (c === '/') {
			out += '\\/';
			i++;
			continue;
		}
		out += fold && isLetter(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c;
		i++;
	}
	new RegExp(out, 'g');
	return out;
}

const config = parseToml(readFileSync(file, 'utf8'));
const allowlist = (list) => ({
	...(list.regexTarget && list.regexTarget !== 'secret' ? {target: list.regexTarget} : {}),
	...(list.condition === 'AND' ? {all: true} : {}),
	...(list.regexes ? {regexes: list.regexes.map(convert)} : {}),
	...(list.stopwords ? {stopwords: list.stopwords.map((word) => word.toLowerCase())} : {}),
	...(list.paths ? {paths: true} : {}),
});
const rules = [];
let skipped = 0;
for (const rule of config.rules) {
	if (!rule.regex) {
		skipped++;
		continue;
	}
	const lists = (rule.allowlists ?? []).map(allowlist).filter((list) => (list.regexes || list.stopwords) && !(list.paths && list.all));
	for (const list of lists) delete list.paths;
	rules.push({
		id: rule.id,
		regex: convert(rule.regex),
		...(rule.secretGroup ? {secretGroup: rule.secretGroup} : {}),
		...(rule.entropy ? {entropy: rule.entropy} : {}),
		keywords: (rule.keywords ?? []).map((word) => word.toLowerCase()),
		...(lists.length > 0 ? {allowlists: lists} : {}),
	});
}
const global = config.allowlist;
const data = {version, rules, allow: {regexes: global.regexes.map(convert), stopwords: global.stopwords.map((word) => word.toLowerCase())}};
process.stdout.write(`// Generated by scripts/gitleaks-rules.mjs from gitleaks ${version}, config/gitleaks.toml
// (https://github.com/gitleaks/gitleaks, MIT licence, Copyright (c) 2019 Zachary Rice).
// ${rules.length} rules (${skipped} that match file paths only are left out). Do not edit: regenerate.
import type {RuleSet} from './rule-set.js';

export const gitleaksRules: RuleSet = ${JSON.stringify(data, null, '\t')};
`);
