export const payloadBudget = 600;

/**
 * A parent-consumable digest of findings: the lead paragraphs (up to the first heading that
 * follows them) within `budget` characters, cut at the last sentence that fits, never mid-word.
 */
export function compressFindings(findings: string, budget = payloadBudget): string {
	const paragraphs: string[] = [];
	for (const block of findings.replace(/<!--[\s\S]*?-->/gu, '').split(/\n\s*\n/u)) {
		const paragraph = block.trim();
		if (!paragraph || /^(```|~~~)/u.test(paragraph)) continue;
		// The lead (before the first heading) is the digest; the sections after it are detail.
		if (/^#{1,6}\s/u.test(paragraph)) {
			if (paragraphs.length > 0) break;
			continue;
		}
		paragraphs.push(paragraph);
	}
	let out = '';
	for (const paragraph of paragraphs) {
		const next = out ? `${out}\n\n${paragraph}` : paragraph;
		if (next.length <= budget) {
			out = next;
			continue;
		}
		const room = budget - (out ? out.length + 2 : 0);
		if (room > 80) {
			const head = paragraph.slice(0, room);
			const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '), head.lastIndexOf('.\n'));
			const cut = sentenceEnd > room / 3 ? head.slice(0, sentenceEnd + 1) : `${head.slice(0, Math.max(head.lastIndexOf(' '), room / 2)).trimEnd()}…`;
			out = out ? `${out}\n\n${cut}` : cut;
		} else if (!out) {
			out = `${paragraph.slice(0, Math.max(paragraph.lastIndexOf(' ', budget - 1), budget / 2)).trimEnd()}…`;
		}
		break;
	}
	return out;
}

/** Words in findings that say a drill met an error or a surprise (so an empty plan is suspicious). */
const issueWords = /\b(errors?|exceptions?|fail(?:s|ed|ure|ures|ing)?|bugs?|crash(?:es|ed)?|surpris(?:e|es|ed|ing)|unexpected(?:ly)?|regressions?|broken|wrong|incorrect|misleading|gaps?|flaky|timeouts?|outages?|leaks?)\b/iu;

export function detectIssue(findings: string): string | undefined {
	const match = issueWords.exec(findings);
	return match ? `findings mention "${match[0].toLowerCase()}"` : undefined;
}
