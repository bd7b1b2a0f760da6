/**
 * YAML front matter: a `---` line first, then the YAML, then a line of `---` or of `...` (YAML's
 * own end-of-document marker, which pandoc and Jekyll accept too). An empty block counts.
 */
const frontMatter = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/u;

/** The YAML of a text's front matter and the text after it, or undefined when it has none. */
export function frontMatterOf(text: string): {yaml: string; body: string} | undefined {
	const match = frontMatter.exec(text);
	return match ? {yaml: match[1] ?? '', body: text.slice(match[0].length)} : undefined;
}
