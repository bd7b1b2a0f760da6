import {topicStopwords} from '../../text/stopwords.js';

/**
 * The names a request gives (files, paths, code identifiers, link hosts, ticket keys, editor
 * mentions such as `#file:dev-to-git.json`), in the order it gives them. A request's gist is its first sentence
 * and often says only "implement this TO-DO" or "run pytest and help me solve"; the names in the
 * text it goes on with are what a reader would search for, so the TLDR carries the first few.
 */

/** Only the opening of a request is read: its names are the subject, later ones are detail. */
const readWords = 80;
/** A name longer than this is a snippet of code, not a name. */
const longestName = 40;

/** `code`, #file:name / #sym:name (editor mentions), @path. */
const quoted = /`([^`\n]{2,60})`|#(?:file|sym|folder):([^\s`'"(),;]+)|(?:^|\s)@([\w.-]+\/[\w./-]+|[\w-]+\.\w{1,6})/gu;
/** A file name or path: "dev-to-git.json", "src/app.ts". */
const fileName = /(?:^|[\s(["'])((?:[\w.-]+\/)*[\w-]+\.(?:[a-z]{1,5}\d?))(?=$|[\s)\]"',;:!?]|\.(?:\s|$))/gu;
/**
 * An identifier a person would not write as a word: snake_case, camelCase, PascalCase with an inner
 * capital; written bare or as a call (`transfer_matrix(alpha_I, …)`: the function is named too).
 */
const identifier = /(?:^|[\s("'])([A-Za-z_][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)(?=$|[\s()\]"',;:.!?])/gu;

/** A single word in double quotes ("Verify", “staging”, «prod»): a name the request gives, a label, a button's or a branch's. */
const quotedWord = /(?<![\p{L}\p{N}_])["“«]([A-Za-z][\w.-]{1,38}[A-Za-z0-9])["”»](?![\p{L}\p{N}_])/gu;

/** A link's host ("hrcloud.atlassian.net"): where the request points. */
const linkHost = /https?:\/\/(?:www\.)?([\w-]+(?:\.[\w-]+)+)/gu;
/** A ticket's key ("CHR-48347", "JIRA-12"). */
const ticketKey = /(?<![\w-])([A-Z][A-Z0-9]{1,9}-\d{1,7})(?![\w-])/gu;

/** Common extensions and words that look like file names but are prose ("e.g", "i.e", "etc."). */
const notAFile = /^(?:e\.g|i\.e|etc|vs|a\.m|p\.m)$/iu;
/** File names are only kept with a known kind of extension, so "Mr.Smith" or "v1.2" are not taken. */
export const knownExtension = /\.(?:[cm]?[jt]sx?|json[c5]?|ya?ml|toml|md|mdx|txt|py|rb|go|rs|java|kt|swift|c|cc|cpp|h|hpp|cs|php|sh|zsh|bash|fish|ps1|sql|html?|css|scss|sass|less|vue|svelte|xml|csv|ini|conf|cfg|env|lock|gradle|dart|lua|ex|exs|erl|hs|ml|r|jl|scala|clj|nix|tf|proto|graphql|ipynb|pdf|png|svg|mmd|bundle|dockerfile|mk|cmake|log)$/iu;

const cleaned = (name: string) => name.replace(/^[./]+|[.:,;]+$/gu, '').trim();

export function isName(name: string): boolean {
	if (name.length < 3 || name.length > longestName) return false;
	// A code span that is a sentence or an expression ("pa.DataFrameSchema(…)" stays, "x = 1" does not).
	if (/\s/u.test(name)) return false;
	if (!/\p{L}/u.test(name)) return false;
	// Code is written in ASCII; a quoted phrase of another script is prose, not a name.
	if (!/^[\x21-\x7e]+$/u.test(name)) return false;
	// A template's placeholder ("[PROJECT_NAME]", "$ARGUMENTS", "{{input}}") names nothing yet.
	if (/^(?:\[.*\]|\$\w+|\{.*\})$/u.test(name)) return false;
	return !notAFile.test(name);
}

/** A word written with a capital inside a sentence ("a program in Python using Tkinter and SQLite"): a product's, library's or place's name; not a run of random capitals (a key, base64). */
const properName = /(?<![\p{L}\p{N}_.\/@#-])(\p{Lu}[\p{Script=Latin}\p{Script=Cyrillic}]*\p{Ll}[\p{Script=Latin}\p{Script=Cyrillic}]*\d*)(?![\p{L}\p{N}_\/-]|\.\p{L})/gu;
/** Where a sentence, a line or a list item starts, a capital says nothing. */
const sentenceStart = /(?:(?:^|\n)[^\p{L}\p{N}\n]*(?:\d+[.)]\s*)?|[.!?。！？:]\s*["'“«(]?)$/u;
/** A name the request gives in passing is the subject when the agent's answers repeat it: at least this many of them. */
const leastAnswers = 2;
const capitals = /\p{Lu}/gu;

/** Whether the agent's answers write `name` as a name: in at least `leastAnswers` of them, and never in lower case (so "User" or "Image" is a word, "Tkinter" a name). */
function isNameInAnswers(name: string, answers: readonly string[]): boolean {
	const word = new RegExp(`(?<![\\p{L}\\p{N}_])${name}(?![\\p{L}\\p{N}_])`, 'giu');
	let count = 0;
	for (const answer of answers) {
		let found = false;
		for (const match of answer.matchAll(word)) {
			if (match[0] !== name) return false;
			found = true;
		}
		if (found) count++;
	}
	return count >= leastAnswers;
}

/** The capitalized names the opening of `request` gives inside its sentences that the answers write as names, with where each is. */
function properNames(request: string, answers: readonly string[]): Array<{name: string; at: number}> {
	const opening = request.slice(0, readWords * 8);
	const found: Array<{name: string; at: number}> = [];
	for (const match of opening.matchAll(properName)) {
		const name = match[1]!;
		if (name.length < 3 || (name.match(capitals)?.length ?? 0) > 3 || topicStopwords.has(name.toLowerCase()) || sentenceStart.test(opening.slice(0, match.index))) continue;
		if (isNameInAnswers(name, answers)) found.push({name, at: match.index});
	}
	return found;
}

/**
 * The distinct names in the opening of `request`, in order (a name inside an earlier one is left out).
 * With the agent's `answers`, the capitalized names the request gives inside a sentence that the answers repeat count too.
 */
export function requestNames(request: string, answers: readonly string[] = [], files: readonly string[] = []): string[] {
	const opening = request.split(/\s+/u).filter(Boolean).slice(0, readWords).join(' ');
	const found: {name: string; at: number}[] = [];
	// After the names written as code: those are what the work was on, a product's or place's name is where.
	if (answers.length >= leastAnswers) for (const {name, at} of properNames(request, answers)) found.push({name, at: request.length + at});
	for (const match of opening.matchAll(quoted)) {
		const name = cleaned(match[1] ?? match[2] ?? match[3] ?? '');
		if (isName(name)) found.push({name, at: match.index});
	}
	// A quoted word a file of the session holds ("config" beside config.yaml) says no more than that file.
	const fileNames = files.map((file) => (file.split(/[\\/]/u).at(-1) ?? file).toLowerCase());
	for (const match of opening.matchAll(quotedWord)) {
		const name = cleaned(match[1]!);
		const lower = name.toLowerCase();
		if (isName(name) && !topicStopwords.has(lower) && !fileNames.some((file) => file.includes(lower))) found.push({name, at: match.index});
	}
	for (const match of opening.matchAll(fileName)) {
		const name = cleaned(match[1]!);
		if (isName(name) && knownExtension.test(name)) found.push({name, at: match.index});
	}
	for (const match of opening.matchAll(identifier)) {
		const name = cleaned(match[1]!);
		if (isName(name)) found.push({name, at: match.index});
	}
	for (const pattern of [linkHost, ticketKey]) {
		for (const match of opening.matchAll(pattern)) {
			const name = match[1]!;
			if (isName(name)) found.push({name, at: match.index});
		}
	}
	const names: string[] = [];
	for (const {name} of found.sort((a, b) => a.at - b.at)) {
		const lower = name.toLowerCase();
		if (names.some((kept) => kept.toLowerCase().includes(lower) || lower.includes(kept.toLowerCase()))) continue;
		names.push(name);
	}
	return names;
}

/** At most this many names are added to a gist. */
const namedInGist = 3;

/** `gist` with the first names of `request` that `said` (the title and the gist, lower-cased) does not hold: "Implement this TO-DO (mermaid-to-png.js, …)". */
export function gistWithNames(gist: string, request: string, said: string, answers: readonly string[] = [], files: readonly string[] = []): string {
	const unsaid = requestNames(request, answers, files).filter((name) => !said.includes(name.toLowerCase()));
	if (unsaid.length === 0) return gist;
	return `${gist.replace(/[\s.。!！?？…:：;；]+$/u, '')} (${unsaid.slice(0, namedInGist).join(', ')})`;
}
