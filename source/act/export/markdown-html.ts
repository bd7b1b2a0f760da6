import markdownIt, {type Env, type MarkdownIt, type Token} from 'markdown-it';

/**
 * An agent's Markdown (headings, lists, emphasis, code, links) as HTML for the export page, and
 * nothing more: raw HTML in it is escaped text (`html: false`), links are markdown-it's safe ones
 * (no `javascript:`, `vbscript:`, `file:` or `data:` but images), and an image becomes a link to
 * it, never loaded (the page's Content-Security-Policy forbids that too). The text's own headings
 * sit below the section they are in: `## Run locally` in an answer under a `<h2>` request is an `<h4>`.
 */
let parser: MarkdownIt | undefined;

function markdown(): MarkdownIt {
	if (parser) return parser;
	const md = markdownIt({html: false, linkify: true, breaks: true});
	md.renderer.rules.image = (tokens, index, _options, _env, self) => {
		const token = tokens[index]!;
		const alt = self.renderInlineAsText(token.children ?? [], _options, _env) || 'image';
		return `<a href="${md.utils.escapeHtml(String(token.attrGet('src') ?? ''))}" rel="noopener noreferrer nofollow">[image: ${md.utils.escapeHtml(alt)}]</a>`;
	};
	const linkOpen = md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
	md.renderer.rules.link_open = (tokens, index, options, env, self) => {
		tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
		return linkOpen(tokens, index, options, env, self);
	};
	const shifted = (tokens: Token[], index: number, env: Env | undefined) => {
		const token = tokens[index]!;
		const level = Math.min(6, Number(token.tag.slice(1)) + (Number((env as {headingBase?: number} | undefined)?.headingBase) || 0));
		return `<${token.nesting === 1 ? '' : '/'}h${level}>${token.nesting === 1 ? '' : '\n'}`;
	};
	md.renderer.rules.heading_open = (tokens, index, _options, env) => shifted(tokens, index, env);
	md.renderer.rules.heading_close = (tokens, index, _options, env) => shifted(tokens, index, env);
	parser = md;
	return md;
}

/** `text` as HTML whose headings start below a heading of `level` (`## x` under an `<h2>` is an `<h4>`). */
export function markdownToHtml(text: string, level: number): string {
	return markdown().render(text, {headingBase: level});
}
