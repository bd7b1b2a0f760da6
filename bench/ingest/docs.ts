import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {Prose, random, topics} from './prose.js';

/**
 * A documentation site for the ingest benchmark, shaped as Hugo / Docusaurus sources are: sections
 * and subsections of markdown pages of 2–10 KB, each with YAML front matter (title, description,
 * weight, tags, date), an intro, `##`/`###` headings, lists, fenced code (shell, YAML, TypeScript),
 * tables, links between pages, admonitions and shortcodes; each section has an `_index.md` (some
 * only front matter). Seeded, so every run reads the same bytes; generated, never committed.
 */

const sections = ['getting-started', 'concepts', 'tasks', 'reference', 'tutorials', 'operations', 'security', 'contributing'];
const kinds = ['overview', 'guide', 'howto', 'api', 'faq', 'troubleshooting', 'migration', 'release-notes'];

function slug(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9]+/gu, '-')
		.replace(/^-|-$/gu, '');
}

/** A heading of three to six words. */
function title(prose: Prose, topic: number): string {
	const words = prose.sentence(topic).replace(/[.?]$/u, '').split(' ');
	return words.slice(0, Math.min(words.length, 3 + (words.length % 4))).join(' ');
}

/** One page's body of about `targetBytes` (front matter excluded). */
function pageBody(prose: Prose, next: () => number, topic: number, targetBytes: number, links: readonly string[]): string {
	const out: string[] = [];
	let bytes = 0;
	const push = (line: string) => {
		out.push(line);
		bytes += Buffer.byteLength(line) + 1;
	};
	push(prose.paragraph(topic, 2 + Math.floor(next() * 3)));
	push('');
	let current = topic;
	while (bytes < targetBytes) {
		if (next() < 0.3) current = Math.floor(next() * topics.length);
		const level = next() < 0.7 ? '##' : '###';
		push(`${level} ${title(prose, current)}`);
		push('');
		const blocks = 1 + Math.floor(next() * 3);
		for (let i = 0; i < blocks && bytes < targetBytes; i++) {
			const roll = next();
			const vocabulary = topics[current]!;
			if (roll < 0.12) {
				push('```sh');
				for (let k = 0; k < 2 + Math.floor(next() * 4); k++) push(`$ tool ${prose.pick(vocabulary)} --${prose.pick(vocabulary)}=${Math.floor(next() * 100)} ./${prose.pick(vocabulary)}`);
				push('```');
			} else if (roll < 0.2) {
				push('```yaml');
				push(`${prose.pick(vocabulary)}:`);
				for (let k = 0; k < 3 + Math.floor(next() * 5); k++) push(`  ${prose.pick(vocabulary)}_${k}: ${next() < 0.5 ? Math.floor(next() * 1000) : prose.pick(vocabulary)}`);
				push('```');
			} else if (roll < 0.27) {
				push('```ts');
				push(`export async function ${prose.pick(vocabulary)}${Math.floor(next() * 9)}(options: Options): Promise<void> {`);
				for (let k = 0; k < 3 + Math.floor(next() * 5); k++) push(`  const ${prose.pick(vocabulary)}${k} = await client.${prose.pick(vocabulary)}(options.${prose.pick(vocabulary)});`);
				push('}');
				push('```');
			} else if (roll < 0.37) {
				for (let k = 0; k < 3 + Math.floor(next() * 4); k++) push(`- **${prose.pick(vocabulary)}**: ${prose.sentence(current)}`);
			} else if (roll < 0.43) {
				push('| option | default | description |');
				push('|---|---|---|');
				for (let k = 0; k < 3 + Math.floor(next() * 5); k++) push(`| \`${prose.pick(vocabulary)}\` | \`${Math.floor(next() * 100)}\` | ${prose.sentence(current)} |`);
			} else if (roll < 0.48) {
				push(`> **Note:** ${prose.sentence(current)} See [${prose.pick(vocabulary)}](${prose.pick(links)}).`);
			} else if (roll < 0.52) {
				push('{{< warning >}}');
				push(prose.sentence(current));
				push('{{< /warning >}}');
			} else {
				// Docs are often written one paragraph per line; a link now and then.
				const link = next() < 0.3 ? ` Read [the ${prose.pick(vocabulary)} page](${prose.pick(links)}) for more.` : '';
				push(`${prose.paragraph(current)}${link}`);
			}
			push('');
		}
	}
	return out.join('\n');
}

export interface DocsSite {
	folder: string;
	pages: number;
	bytes: number;
}

/** Writes `pages` pages of 2–10 KB (front matter included) under `folder`. */
export function writeDocsSite(folder: string, pages: number, seed = 7): DocsSite {
	const next = random(seed);
	const prose = new Prose(next);
	let bytes = 0;
	const write = (file: string, text: string) => {
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, text);
		bytes += Buffer.byteLength(text);
	};
	const plan: string[] = [];
	for (let i = 0; i < pages; i++) {
		const section = sections[i % sections.length]!;
		const sub = kinds[Math.floor(next() * kinds.length)]!;
		plan.push(`${section}/${sub}`);
	}
	const links = plan.slice(0, 50).map((where, i) => `/docs/${where}/page-${i}/`);
	let written = 0;
	for (const section of sections) {
		if (written >= pages) break;
		// A section's index: some hold only front matter (as Hugo's `_index.md` often does).
		const topic = Math.floor(next() * topics.length);
		const front = `---\ntitle: ${title(prose, topic)}\ndescription: ${prose.sentence(topic)}\nweight: ${sections.indexOf(section) * 10}\n---\n`;
		write(path.join(folder, 'content', 'docs', section, '_index.md'), next() < 0.5 ? front : `${front}\n${prose.paragraph(topic)}\n`);
		written++;
	}
	for (let i = 0; written < pages; i++, written++) {
		const topic = Math.floor(next() * topics.length);
		const name = title(prose, topic);
		const size = 2048 + Math.floor(next() * 8192);
		const front = [
			'---',
			`title: "${name}"`,
			`description: "${prose.sentence(topic)}"`,
			`weight: ${Math.floor(next() * 100)}`,
			`date: 2026-0${1 + Math.floor(next() * 9)}-${String(10 + Math.floor(next() * 18))}`,
			`tags: [${topics[topic]!.slice(0, 3).join(', ')}]`,
			`aliases: ["/${slug(name)}/"]`,
			'---',
			'',
		].join('\n');
		const body = pageBody(prose, next, topic, size - Buffer.byteLength(front), links);
		write(path.join(folder, 'content', 'docs', plan[i % plan.length]!, `${slug(name)}-${i}.md`), `${front}${body}\n`);
	}
	return {folder, pages: written, bytes};
}
