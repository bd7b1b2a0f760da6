import type {ExportDocument, ExportPart} from './document.js';
import {markdownToHtml} from './markdown-html.js';

/** Every string that goes into the page: `& < > " '` as entities, nothing else is markup. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/gu, (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char]!);
}

/** One part of a section whose heading is at `level`: prose is the agent's Markdown, rendered (see markdown-html.ts). */
function part(entry: ExportPart, level: number): string {
	switch (entry.kind) {
		case 'text':
			return markdownToHtml(entry.text, level);
		case 'thinking':
			return `<details class="thinking"><summary>thinking</summary>${markdownToHtml(entry.text, level)}</details>`;
		case 'tool': {
			const input = entry.input ? `<pre class="input">${escapeHtml(entry.input)}</pre>` : '';
			const output = entry.output?.trim() ? `<pre class="output">${escapeHtml(entry.output)}</pre>` : entry.output === undefined ? '' : '<p class="empty">no output</p>';
			return `<details class="tool"><summary><b>${escapeHtml(entry.name)}</b> ${escapeHtml(entry.summary)}</summary>${input}${output}</details>`;
		}
	}
}

const style = `body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;border-top:1px solid #d0d7de;padding-top:1rem;margin-top:2rem}
.provenance{color:#59636e;font-size:.9rem;margin-top:0}.tldr{border-left:4px solid #0969da;padding:.2rem .8rem;background:#f6f8fa}
code{font-family:ui-monospace,monospace;font-size:.85em}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2rem .5rem}blockquote{margin:0;padding-left:.8rem;border-left:3px solid #d0d7de;color:#59636e}pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-word;font-size:.85rem}
details{margin:.3rem 0}summary{cursor:pointer;font-family:ui-monospace,monospace;font-size:.85rem;color:#59636e}
details.thinking{color:#59636e;font-style:italic}.empty{color:#59636e;font-size:.85rem}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}pre,.tldr{background:#161b22}h2{border-color:#30363d}}`;

/**
 * The document as one self-contained HTML page: inline style, no script, nothing loaded from
 * anywhere (the Content-Security-Policy says so to the browser too), every string of drill's
 * own escaped and the agents' Markdown rendered without raw HTML. Tool
 * calls fold into `<details>` with their input (a command, a diff) and output inside.
 */
export function renderHtml(document: ExportDocument): string {
	const body: string[] = [`<h1>${escapeHtml(document.title)}</h1>`, `<p class="provenance">${escapeHtml(document.provenance)}</p>`];
	if (document.tldr) body.push(`<p class="tldr"><b>TLDR</b> ${escapeHtml(document.tldr)}</p>`);
	for (const section of document.sections) {
		const level = Math.min(6, Math.max(2, section.level));
		if (section.heading !== undefined) body.push(`<h${level}>${escapeHtml(section.heading)}</h${level}>`);
		for (const entry of section.parts) body.push(part(entry, section.heading === undefined ? level - 1 : level));
	}
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="drill">
<title>${escapeHtml(document.title)}</title>
<style>${style}</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`;
}
