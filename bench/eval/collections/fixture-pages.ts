import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {firstParagraph, parseMarkdownUnit, splitFrontMatter} from '../../../source/text/markdown-unit.js';
import {firstSentence, withoutSentence, withoutTitleHeading, type KnownItemPage} from './known-item.js';

function markdownFiles(folder: string): string[] {
	return readdirSync(folder)
		.sort()
		.flatMap((name) => {
			const full = path.join(folder, name);
			// Agents' session logs (a Cursor export, SpecStory chats) are read as sessions, not pages:
			// their first sentence is no query anyone searches documentation with.
			if (statSync(full).isDirectory()) return name === 'agents' ? [] : markdownFiles(full);
			return /\.md$/iu.test(name) ? [full] : [];
		});
}

/**
 * Known-item pages from the markdown in `fixtures/`: the query is a page's front-matter
 * summary/description (the front matter is dropped), else the first sentence of its first
 * paragraph, taken out of the page.
 */
export function fixturePages(root: string): KnownItemPage[] {
	return markdownFiles(root).flatMap((file) => {
		const unit = parseMarkdownUnit(readFileSync(file, 'utf8'));
		const id = path.relative(root, file).replace(/\\/gu, '/').replace(/\.md$/iu, '');
		const described = typeof unit.meta.summary === 'string' || typeof unit.meta.description === 'string';
		const title = unit.title ?? id;
		const body = withoutTitleHeading(splitFrontMatter(readFileSync(file, 'utf8')).body, title);
		const query = described ? unit.summary : firstSentence(firstParagraph(body, 10_000));
		const text = described ? body : withoutSentence(body.replace(/[*_`]+/gu, ''), query);
		return [{id, title, text: text ?? body, query: text === undefined ? undefined : query}];
	});
}
