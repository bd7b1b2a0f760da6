/**
 * aider's edit blocks (`<<<<<<< SEARCH`, `=======`, `>>>>>>> REPLACE`, and git's conflict markers
 * of the same shape) are code: the lines between them are the file's text, never prose to quote in
 * a title or a TLDR, whether or not a fence is around them (a README's own fences inside one would
 * turn a reader's fence count inside out).
 */

const opening = /^[ \t]*<{7}[ \t]*(?:SEARCH|HEAD|ORIGINAL)?[ \t]*$/u;
const closing = /^[ \t]*>{7}[ \t]*(?:REPLACE|UPDATED|[\w./-]+)?[ \t]*$/u;
const marker = /^[ \t]*(?:<{7}|>{7})/mu;

/** `text` with each edit block (markers and the lines between them) left out; a lone closing marker goes too. A `=====` line outside one (a setext heading's rule) stays. */
export function withoutEditBlocks(text: string): string {
	if (!marker.test(text)) return text;
	const kept: string[] = [];
	let inside = false;
	for (const line of text.split('\n')) {
		if (opening.test(line)) {
			inside = true;
			continue;
		}
		if (closing.test(line)) {
			inside = false;
			continue;
		}
		if (inside) continue;
		kept.push(line);
	}
	return kept.join('\n');
}
