import type {ParsedSource, SourceProblem} from '../model.js';
import {GeminiChatReader} from './gemini-chat.js';

/**
 * A Gemini CLI or Qwen Code chat shared as Markdown (`/chat share FILE.md`; followed:
 * google-gemini/gemini-cli packages/cli/src/ui/commands/chatCommand.ts, `serializeHistoryToMarkdown`,
 * which Qwen Code forked). It is the chat's history (`{role, parts}` contents, as `/chat save`
 * keeps them) written one content after another, joined by `\n\n---\n\n`:
 *
 *     ## USER 🧑‍💻            (older versions and Qwen Code: `🧑‍💻 ## USER`)
 *
 *     <the text parts, joined with nothing between them>**Tool Command**:
 *     ```json
 *     {"name": …, "args": …}      (JSON.stringify with two spaces)
 *     ```
 *
 * A function response is a `**Tool Response**:` block the same way, in a USER content. The
 * contents are rebuilt and read as a saved checkpoint is, so the context the chat opens with
 * ("This is the Qwen Code." / "This is the Gemini CLI.") says whose it is, and is context, not
 * the request. The file holds no session id, model or times.
 */

const heading = /^(?:(?:🧑\u200D?💻|✨) ## (USER|MODEL)|## (USER|MODEL) (?:🧑\u200D?💻|✨))[ \t]*$/u;
/** The separator the serializer writes between two contents, and the heading that opens the next. */
const nextContent = /\r?\n\r?\n---\r?\n\r?\n(?=(?:🧑\u200D?💻|✨) ## (?:USER|MODEL)[ \t]*\r?\n|## (?:USER|MODEL) (?:🧑\u200D?💻|✨)[ \t]*\r?\n)/u;
/** A tool block: pretty-printed JSON, whose top-level object is the only one to close at column 0. */
const toolBlock = /\*\*Tool (Command|Response)\*\*:\r?\n```json\r?\n(\{[\s\S]*?\r?\n\})\r?\n```/gu;

function roleOf(line: string): 'user' | 'model' | undefined {
	const match = heading.exec(line);
	const name = match?.[1] ?? match?.[2];
	return name === 'USER' ? 'user' : name === 'MODEL' ? 'model' : undefined;
}

/**
 * A shared chat, told by its shape: it opens with a role heading, and the other role's heading
 * follows a separator later on. A document that only mentions "## USER" is not one.
 */
export function isGeminiShare(text: string): boolean {
	const head = text.replace(/^\uFEFF/u, '').slice(0, 65_536);
	const first = roleOf(head.split(/\r?\n/u, 1)[0] ?? '');
	if (!first) return false;
	const contents = head.split(nextContent);
	return contents.length > 1 && contents.slice(1).some((content) => roleOf(content.split(/\r?\n/u, 1)[0] ?? '') !== first);
}

interface Content {
	role: 'user' | 'model';
	parts: Array<{text: string} | {functionCall: unknown} | {functionResponse: unknown}>;
}

/** The contents the file was written from. */
export function sharedContents(text: string): Content[] {
	const contents: Content[] = [];
	for (const chunk of text.replace(/^\uFEFF/u, '').split(nextContent)) {
		const [first = '', ...rest] = chunk.split(/\r?\n/u);
		const role = roleOf(first);
		if (!role) continue;
		const body = rest.join('\n').replace(/^\n/u, '');
		const parts: Content['parts'] = [];
		let at = 0;
		for (const match of body.matchAll(toolBlock)) {
			const value = parsed(match[2]!);
			if (value === undefined) continue;
			if (body.slice(at, match.index).trim()) parts.push({text: body.slice(at, match.index)});
			parts.push(match[1] === 'Command' ? {functionCall: value} : {functionResponse: value});
			at = match.index + match[0].length;
		}
		if (body.slice(at).trim()) parts.push({text: body.slice(at)});
		contents.push({role, parts});
	}
	return contents;
}

function parsed(json: string): unknown {
	try {
		return JSON.parse(json) as unknown;
	} catch {
		return undefined;
	}
}

export function readGeminiShare(text: string, file: string, problems: SourceProblem[]): ParsedSource {
	const reader = new GeminiChatReader(problems, undefined, file);
	reader.value(sharedContents(text));
	return reader.finish();
}
