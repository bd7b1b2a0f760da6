import type {ExportDocument, ExportPart} from './document.js';

/**
 * Text from the store on a Markdown line of drill's own (a title, a heading, the provenance, a
 * tool's line): what Markdown would read as markup or raw HTML is escaped, so a hostile title
 * stays a title. The body (requests, answers, documents) is Markdown as written.
 */
export function escapeMarkdownLine(text: string): string {
	return text.replace(/[\\`*[\]<>&]/gu, (char) => (char === '<' ? '&lt;' : char === '>' ? '&gt;' : char === '&' ? '&amp;' : `\\${char}`));
}

function lineCount(text: string): string {
	const count = text.replace(/\n+$/u, '').split('\n').length;
	return `${count} line${count === 1 ? '' : 's'}`;
}

function part(entry: ExportPart): string {
	switch (entry.kind) {
		case 'text':
			return `${entry.text}\n`;
		case 'thinking':
			return `${entry.text
				.split('\n')
				.map((text) => `> ${text}`.trimEnd())
				.join('\n')}\n>\n> *(thinking)*\n`;
		case 'tool': {
			// One line per tool call: its name, what it was given, how much came back.
			const what = entry.summary ? ` ${escapeMarkdownLine(entry.summary)}` : '';
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
		let tools = false;
		for (const entry of section.parts) {
			// Consecutive tool lines make one list; anything else is a paragraph of its own.
			if (entry.kind === 'tool') {
				out.push(tools ? out.pop()! + part(entry) : part(entry));
				tools = true;
			} else {
				out.push(part(entry));
				tools = false;
			}
		}
	}
	return `${out.join('\n').trimEnd()}\n`;
}
