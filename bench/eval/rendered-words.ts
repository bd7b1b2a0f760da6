/**
 * The words a reader sees of a documentation page's markdown body, in order: the baseline the
 * docs eval sets a TLDR beside ("its first 30 words"). It strips the syntax a site generator never
 * shows — MDX imports and exports, JSX and HTML tags with their props, comments, link targets,
 * images, shortcodes, admonition and tab openers (their titles kept), attribute lists, link
 * reference definitions, code fence lines — and keeps every word that is shown: headings, list
 * items, admonition bodies, code. It is written apart from the ingest reader on purpose: the
 * baseline must not share the code it judges.
 */
export function renderedText(body: string): string {
	const kept: string[] = [];
	let fence: string | undefined;
	for (const line of body.replace(/<!--[\s\S]*?-->/gu, ' ').replace(/\{\/\*[\s\S]*?\*\/\}/gu, ' ').split('\n')) {
		const trimmed = line.trim();
		const marker = /^(`{3,}|~{3,})/u.exec(trimmed)?.[1];
		if (fence) {
			if (marker && marker[0] === fence[0] && marker.length >= fence.length && trimmed === marker) fence = undefined;
			else kept.push(line);
			continue;
		}
		if (marker) {
			fence = marker;
			continue;
		}
		if (/^(?:import|export)\s/u.test(trimmed)) continue;
		if (/^\[[^\]]+\]:\s*\S/u.test(trimmed)) continue;
		// `:::tip[Title]`, `::note{icon=x}`, `!!! note "Title"`, `=== "Tab"`: the title is shown.
		const opener = /^(?::{2,}[\w-]*(?:\{[^}]*\})?|(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+[\w-]+)*|===\+?)\s*(.*)$/u.exec(trimmed);
		if (opener) {
			kept.push((opener[1] ?? '').replace(/^\[|\]$|^"|"$/gu, ''));
			continue;
		}
		kept.push(line);
	}
	return kept
		.join('\n')
		.replace(/\{\{[<%][\s\S]*?[%>]\}\}|\{\{[^}]*\}\}|\{%[\s\S]*?%\}/gu, ' ')
		.replace(/<\/?[A-Za-z][^<>]*>/gu, ' ')
		.replace(/!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]/gu, ' ')
		.replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
		.replace(/\[([^\]]*)\]\[[^\]]*\]/gu, '$1')
		.replace(/\{:?\s*[#.][^}]*\}/gu, ' ')
		.replace(/[#*`>[\]()_|-]/gu, ' ');
}

/** The first `count` words a reader sees of a page's body. */
export function firstRenderedWords(body: string, count: number): string {
	return renderedText(body).split(/\s+/u).filter(Boolean).slice(0, count).join(' ');
}
