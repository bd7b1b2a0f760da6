import type {ExportDocument, ExportPart} from './document.js';
import {largest} from '../../core/arrays.js';

/**
 * Text from the store on a Markdown line of drill's own (a title, a heading, the provenance, a
 * tool's line): what Markdown would read as markup or raw HTML is escaped, so a hostile title
 * stays a title. The body (requests, answers, documents) is Markdown as written.
 */
export function escapeMarkdownLine(text: string): string {
	// `&` is markup only where it starts an entity (`&amp;`, `&#60;`): `a && b` stays as it is.
	return text.replace(/[\\`*[\]<>]|&(?=#?\w+;)/gu, (char) => (char === '<' ? '&lt;' : char === '>' ? '&gt;' : char === '&' ? '&amp;' : `\\${char}`));
}

/** Text as a Markdown code span, whatever backquotes it holds: `npm test && npm run build`. */
function codeSpan(text: string): string {
	const longest = largest(Array.from(text.matchAll(/`+/gu), (run) => run[0].length), 0);
	const fence = '`'.repeat(longest + 1);
	const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
	return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * The text's own headings put below the section they are in (`## Run locally` in an answer under a
 * `##` request becomes `####`), code blocks left alone; past level 6 a heading is a bold line.
 */
export function nestHeadings(text: string, level: number): string {
	let fence: string | undefined;
	return text
		.split('\n')
		.map((line) => {
			const opens = /^\s{0,3}(`{3,}|~{3,})/u.exec(line)?.[1];
			if (opens && (fence === undefined || (opens[0] === fence[0] && opens.length >= fence.length))) {
				fence = fence === undefined ? opens : undefined;
				return line;
			}
			if (fence !== undefined) return line;
			const heading = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/u.exec(line);
			if (!heading) return line;
			const depth = heading[1]!.length + level;
			return depth <= 6 ? `${'#'.repeat(depth)} ${heading[2]}` : `**${heading[2]}**`;
		})
		.join('\n');
}

function lineCount(text: string): string {
	const count = text.replace(/\n+$/u, '').split('\n').length;
	return `${count} line${count === 1 ? '' : 's'}`;
}

function part(entry: ExportPart, level: number): string {
	switch (entry.kind) {
		case 'text':
			return `${nestHeadings(entry.text, level)}\n`;
		case 'thinking':
			return `${nestHeadings(entry.text, level)
				.split('\n')
				.map((text) => `> ${text}`.trimEnd())
				.join('\n')}\n>\n> *(thinking)*\n`;
		case 'tool': {
			// One line per tool call: its name, what it was given, how much came back.
			const what = entry.summary ? ` ${codeSpan(entry.summary)}` : '';
			const output = entry.output === undefined ? '' : ` → ${entry.output.trim() ? lineCount(entry.output) : 'no output'}`;
			return `- **${escapeMarkdownLine(entry.name)}**${what}${output}\n`;
		}
	}
}

/** The document as Markdown: `# title`, the provenance, the TLDR as a quote, then `##` per request or topic. */
export function renderMarkdown(document: ExportDocument): string {
	const out = [`# ${escapeMarkdownLine(document.title)}\n`, `*${escapeMarkdownLine(document.provenance)}*\n`];
	if (document.tldr) out.push(`> **TLDR** ${escapeMarkdownLine(document.tldr)}\n`);
	for (const section of document.sections) {
		if (section.heading !== undefined) out.push(`${'#'.repeat(section.level)} ${escapeMarkdownLine(section.heading)}\n`);
		const level = section.heading === undefined ? section.level - 1 : section.level;
		let tools = false;
		for (const entry of section.parts) {
			// Consecutive tool lines make one list; anything else is a paragraph of its own.
			if (entry.kind === 'tool') {
				out.push(tools ? out.pop()! + part(entry, level) : part(entry, level));
				tools = true;
			} else {
				out.push(part(entry, level));
				tools = false;
			}
		}
	}
	return `${out.join('\n').trimEnd()}\n`;
}
