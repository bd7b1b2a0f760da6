import type {Unit} from '../model.js';
import {isName, knownExtension} from './request-names.js';

/**
 * The names the agent's answers keep coming back to (the files, classes and functions they quote):
 * what the work was on, when the log does not record the files it edited (a Markdown export such
 * as SpecStory's or Cursor's writes its edits as bare diffs). Code in fences is left out: it is the
 * work itself, not what the answer says it was about.
 */

/** A name must be quoted in at least this many answers: one answer's list of names is detail. */
const leastAnswers = 2;

const codeSpan = /`([^`\n]{2,60})`/gu;
const fence = /^(?:`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^(?:`{3,}|~{3,})\s*$|(?![\s\S]))/gmu;
const cleaned = (name: string) => name.replace(/^[./]+|[.:,;]+$|\(\)$/gu, '').trim();

/** A file with a known extension, or an identifier no one would write as a word (snake_case, camelCase, PascalCase with an inner capital). */
const codeLike = (name: string) => knownExtension.test(name) || /^[A-Za-z_][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z0-9]*$|^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/u.test(name);

/** The names quoted in most answers, the most quoted first (then in the order first quoted); at most `most`. */
export function answerNames(units: Iterable<Unit>, most: number): string[] {
	const answers = new Map<string, {name: string; count: number; order: number}>();
	for (const unit of units) {
		for (const block of unit.blocks) {
			if (block.role !== 'assistant') continue;
			const quoted = new Map<string, string>();
			for (const match of block.text.replace(fence, ' ').matchAll(codeSpan)) {
				const name = cleaned(match[1]!);
				if (isName(name) && codeLike(name)) quoted.set(name.toLowerCase(), name);
			}
			for (const [key, name] of quoted) {
				const entry = answers.get(key) ?? {name, count: 0, order: answers.size};
				entry.count++;
				answers.set(key, entry);
			}
		}
	}
	const ranked = [...answers.values()].filter((entry) => entry.count >= leastAnswers).sort((a, b) => b.count - a.count || a.order - b.order);
	const names: string[] = [];
	for (const {name} of ranked) {
		const lower = name.toLowerCase();
		if (names.some((kept) => kept.toLowerCase().includes(lower) || lower.includes(kept.toLowerCase()))) continue;
		names.push(name);
		if (names.length >= most) break;
	}
	return names;
}
