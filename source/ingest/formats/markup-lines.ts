/**
 * Lines of documentation markdown that are the generator's markup, not text a person reads:
 * MDX imports and JSX tags (Docusaurus), admonition and directive fences with their options
 * (Docusaurus `:::note`, MyST `:::{tip}`, MkDocs `!!! note` and content tabs), Hugo shortcodes and
 * Liquid tags on a line of their own, MyST targets `(label)=`, attribute lines `{#id}`, link
 * reference definitions, snippet includes, badge rows; reStructuredText's explicit markup
 * (`.. code-block::` and its body, `.. _target:`, `.. |substitution|`, `:orphan:`); Nuxt's MDC
 * components (`::note`, `::`, `:read-more{…}`). They are kept as spans of role `markup`,
 * which never count toward keywords, summaries or titles.
 */

export const markupRole = 'markup';

const importLine = /^import\s+(?:[\w$*{}\s,]+\s+from\s+)?["'][^"']+["'];?\s*$/u;
const exportLine = /^export\s+(?:const|let|var|function|default|async\s+function)\b/u;
const linkDefinition = /^ {0,4}\[[^\]^][^\]]*\]:\s*\S/u;
const mystTarget = /^\([^()\s][^()]*\)=\s*$/u;
/** `{#id}`, `{.class}`, `{{< shortcode >}}`, `{% liquid %}`, alone on their line. */
const braceLine = /^\{[\s\S]*\}$/u;
const mkdocsAdmonition = /^(?:!!!|\?\?\?\+?)\s+[\w-]+/u;
const contentTab = /^===\+?\s+"/u;
const snippet = /^-{1,2}8<-{1,2}\s/u;
const githubAlert = /^>\s*\[!(?:note|tip|important|warning|caution)\]\s*$/iu;
const directiveOption = /^:[\w-]+:(?:\s|$)/u;
const bareField = /^:[\w-]+:\s*$/u;
/** reStructuredText: a directive (`.. note::`), a target (`.. _install:`), a substitution (`.. |br| raw:: html`). */
const rstExplicit = /^\.\.\s+(?:([\w:-]+)::(?:\s|$)|_[^:]*:|\|[^|]+\|\s)/u;
/** A colon fence: `:::note Title`, `::::{tab-set}`, or a bare `:::` that closes one. */
const colonFence = /^(:{3,})(.*)$/u;
/** Nuxt's MDC block components: `::note`, `::read-more{to="…"}` (their bodies are prose), a bare `::` that closes one, and `:link-example{to="…"}` alone on its line. */
const mdcComponent = /^(?:::(?:[A-Za-z][\w-]*(?:\{[^{}]*\})?)?|:[A-Za-z][\w-]*\{[^{}]*\})\s*$/u;
/** A tag, a closing tag or a comment: what is left of a line once these are gone is its text. */
const tags = /<\/?[A-Za-z][^<>]*>|<!--.*?-->/gu;
const badge = /\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)|!\[[^\]]*\]\([^)]*\)/gu;

/** MyST directives whose body is prose (admonitions, version notes, asides): read as text, not code. */
export const proseDirectives = new Set([
	'admonition', 'attention', 'caution', 'danger', 'error', 'hint', 'important', 'note', 'seealso', 'tip', 'warning',
	'versionadded', 'versionchanged', 'deprecated', 'versionremoved', 'margin', 'sidebar', 'topic', 'dropdown', 'card', 'tab-item', 'div', 'epigraph', 'rubric',
]);

/** The name of a MyST directive fence's `{name}` info string (```` ```{note} ````), if any. */
export function directiveName(info: string): string | undefined {
	const match = /^\{([\w:-]+)\}/u.exec(info.trim());
	return match?.[1];
}

type MarkupKind =
	| {kind: 'line'}
	/** A directive or admonition opens: option lines (`:class: tip`) may follow. */
	| {kind: 'open'; indentsBody?: boolean}
	/** An reStructuredText directive whose indented body is not prose (code, a toctree, raw HTML). */
	| {kind: 'open-body'}
	/** A tag left open at the end of the line (`<Tabs` with its props on the next lines), or a comment. */
	| {kind: 'open-tag'; until: RegExp; endsAtBlank?: boolean};

/**
 * What a line outside code is, when it is markup; undefined when it is text. `paragraphOpen` says a
 * paragraph is being read (a link definition cannot interrupt one); `afterOpen` that the line
 * before opened a directive (so `:name: value` is one of its options).
 */
export function markupLine(line: string, paragraphOpen: boolean, afterOpen: boolean): MarkupKind | undefined {
	const text = line.trimStart();
	if (line.length - text.length > 4 || text === '') return undefined;
	switch (text.charCodeAt(0)) {
		case 0x3c: // <
			return tagLine(text);
		case 0x69: // i
		case 0x65: // e
			return !paragraphOpen && (importLine.test(text) || exportLine.test(text)) ? {kind: 'line'} : undefined;
		case 0x5b: // [
			if (!paragraphOpen && linkDefinition.test(line)) return {kind: 'line'};
			return text.startsWith('[![') && text.replace(badge, '').trim() === '' ? {kind: 'line'} : undefined;
		case 0x21: // !
		case 0x3f: // ?
			return mkdocsAdmonition.test(text) ? {kind: 'open', indentsBody: true} : undefined;
		case 0x3d: // =
			return contentTab.test(text) ? {kind: 'open', indentsBody: true} : undefined;
		case 0x28: // (
			return mystTarget.test(text) ? {kind: 'line'} : undefined;
		case 0x7b: // {
			return braceLine.test(text.trimEnd()) ? {kind: 'line'} : undefined;
		case 0x2d: // -
			return snippet.test(text) ? {kind: 'line'} : undefined;
		case 0x2e: {
			// .
			const explicit = rstExplicit.exec(text);
			if (!explicit) return undefined;
			return explicit[1] !== undefined && proseDirectives.has(explicit[1].toLowerCase()) ? {kind: 'open'} : {kind: 'open-body'};
		}
		case 0x3e: // >
			return githubAlert.test(text) ? {kind: 'line'} : undefined;
		case 0x3a: {
			// :
			if ((afterOpen && directiveOption.test(text)) || bareField.test(text)) return {kind: 'open'};
			if (mdcComponent.test(text.trimEnd())) return {kind: 'line'};
			const fence = colonFence.exec(text.trimEnd());
			if (!fence) return undefined;
			return fence[2]!.trim() === '' ? {kind: 'line'} : {kind: 'open'};
		}
		default:
			return undefined;
	}
}

const htmlTags = new Set(['a', 'audio', 'button', 'center', 'details', 'div', 'figure', 'iframe', 'img', 'input', 'p', 'picture', 'section', 'source', 'span', 'summary', 'table', 'td', 'th', 'tr', 'video']);

/** A line that starts with a tag: markup when nothing but tags is on it, or when a tag stays open. */
function tagLine(text: string): MarkupKind | undefined {
	if (text.startsWith('<!--')) return text.includes('-->', 4) ? (text.replace(tags, '').trim() === '' ? {kind: 'line'} : undefined) : {kind: 'open-tag', until: /-->/u};
	const name = /^<\/?([A-Za-z][\w.:-]*)/u.exec(text)?.[1];
	if (!name) return undefined;
	const lower = name.toLowerCase();
	// Code written as a component: kept aside like the rest (its words are not the page's prose).
	if (name === 'CodeBlock' || lower === 'pre') return {kind: 'line'};
	if ((lower === 'script' || lower === 'style') && !text.includes(`</${name}>`)) return {kind: 'open-tag', until: new RegExp(`</${name}>`, 'iu')};
	// `<Tabs` with its props on the lines after: markup until a line ends the tag (a component's
	// name is capitalized; "<foo is…" in a sentence is not a tag).
	if (!text.includes('>')) return /^<[A-Z]/u.test(text) || htmlTags.has(lower) ? {kind: 'open-tag', until: />\s*$/u, endsAtBlank: true} : undefined;
	return text.replace(tags, '').trim() === '' ? {kind: 'line'} : undefined;
}
