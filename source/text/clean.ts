import {cutAtWord} from './cjk-words.js';

/** Markup and layout removed from a line, so a title or a summary sentence reads as plain words. */

const image = /!\[([^\]]*)\]\([^)]*\)/gu;
const link = /\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/gu;
/** `[text][label]`, `[text][]`, one level of brackets inside the text (`[fn([cb])][]`); never a signature's `[, option]`. */
const referenceLink = /\[((?:[^[\]]|\[[^[\]]*\])+)\]\[(?![,\s])[^\]]*\]/gu;
const emphasis = /(\*\*|__)(?=\S)([^*_]+?)(?<=\S)\1/gu;
const italic = /(^|[\s(])([*_])(?=\S)([^*_\n]+?)(?<=\S)\2(?=[\s).,;:!?]|$)/gu;
const code = /`+([^`]+)`+/gu;
/** An HTML tag; an opening one only where a word does not run into it (`Box<SomeType>` is a generic type, not a tag). */
const tag = /<\/[a-zA-Z][^<>]{0,200}>|(?<![\w$])<[a-zA-Z][^<>]{0,200}>/gu;
const comment = /<!--[\s\S]*?(?:-->|$)/gu;
/** Hugo shortcodes and Liquid tags: `{{< alert >}}`, `{{% /note %}}`, `{% include x %}`. */
const templateTag = /\{\{[<%][\s\S]*?[>%]\}\}|\{%[\s\S]*?%\}/gu;
/** Attribute lists: `{: #icon }`, `{#target}`, `{.external}`. */
const attributes = /\{:?\s*[#.][^{}]*\}/gu;
/** A MyST role: its text, without the role's name or an explicit target (`{ref}\`Text <target>\``). */
const role = /\{[\w:+-]+\}`([^`]*?)(?:\s*<[^<>`]*>)?`/gu;
/** MkDocs Material icons: `:octicons-file-code-24:`, `:fontawesome-brands-github:`. */
const icon = /:(?:octicons|fontawesome|material|simple)-[\w-]+:/gu;
/** reStructuredText roles and links, read as their text: :doc:`install`, :ref:`Text <target>`, `Text <url>`_. */
const rstRole = /:[\w:+-]+:`([^`]*?)(?:\s*<[^<>`]*>)?`/gu;
const rstLink = /`([^`<]+?)(?:\s*<[^<>`]*>)?`__?/gu;
const escaped = /\\([!-/:-@[-`{-~])/gu;
const linePrefix = /^\s*(?:#{1,6}\s+|>\s?|[-*+•]\s+|\d{1,3}[.)]\s+|\[[ xX]\]\s+)+/u;

export function plainText(text: string): string {
	// Each pattern runs only when its marker is there: this is called for every candidate sentence.
	let clean = text;
	if (clean.includes('{')) clean = clean.replace(templateTag, ' ').replace(attributes, '').replace(role, '$1');
	if (clean.includes('-') && clean.includes(':')) clean = clean.replace(icon, '');
	if (clean.includes(':`')) clean = clean.replace(rstRole, '$1');
	if (clean.includes('`_')) clean = clean.replace(rstLink, '$1');
	if (clean.includes('\\')) clean = clean.replace(escaped, '$1');
	if (clean.includes('[')) clean = clean.replace(image, '$1').replace(link, '$1').replace(referenceLink, '$1');
	// A tag written as code (`<NuxtImg>`) is a name the sentence is about: only bare tags go.
	if (clean.includes('<')) clean = clean.replace(comment, ' ').replace(tag, (found, at: number, whole: string) => (whole[at - 1] === '`' ? found : ' '));
	if (clean.includes('`')) clean = clean.replace(code, '$1');
	if (clean.includes('*') || clean.includes('_')) clean = strayBold(clean.replace(emphasis, '$2').replace(italic, '$1$3'));
	clean = clean.includes('\n') ? clean.split('\n').map((line) => line.replace(linePrefix, '')).join(' ') : clean.replace(linePrefix, '');
	// A heading marker quoted inside a sentence ("no ### Fixed section yet").
	if (clean.includes('##')) clean = clean.replace(/(^|\s)#{2,6}(?=\s)/gu, '$1');
	return clean.replace(/\s+/gu, ' ').trim();
}

/**
 * A bold run cut by a sentence's end ("**Fixed the race. It held up**") leaves one `**` in each
 * half: a lone marker at the text's start, or closing a word, goes. Paired ones were read above.
 */
function strayBold(text: string): string {
	if ((text.match(/\*\*|__/gu)?.length ?? 0) % 2 === 0) return text;
	return text.replace(/^\s*(?:\*\*|__)(?=\S)/u, '').replace(/(?<=\S)(?:\*\*|__)(?=[\s.,;:!?)]|$)/u, '');
}

/** Words that announce what follows them: a cut right after one leaves it pointing at nothing. */
const leadIn = /(?:^|\s)(?:e\.g|i\.e|cf|viz|such as|for example|for instance|including)\.?$/iu;

/**
 * Cuts `text` to at most `max` characters, marking the cut with "…": at a word boundary when one
 * is in the second half (else inside the long word, never inside a character), and never right
 * after "e.g." or "such as".
 */
export function clip(text: string, max: number): string {
	if (text.length <= max) return text;
	// At a word boundary in any script (a space, else where the segmenter says a word ends).
	let kept = cutAtWord(text, max - 1).replace(/[\s,;:.\u2014-]+$/u, '');
	const dangling = kept.replace(leadIn, '').replace(/[\s,;:.\u2014-]+$/u, '');
	if (dangling !== kept && dangling.length > max * 0.5) kept = dangling;
	return `${kept}…`;
}

/** A title's first letter in upper case, as titles are written. */
export function capitalize(text: string): string {
	const first = text.codePointAt(0);
	if (first === undefined) return text;
	const letter = String.fromCodePoint(first);
	return letter.toUpperCase() + text.slice(letter.length);
}
