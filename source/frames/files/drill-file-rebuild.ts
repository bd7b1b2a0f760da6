import {parse as parseYaml} from 'yaml';
import {normalizeMeta, splitSections, type DrillDocument} from './drill-file.js';
import type {DrillEntry} from './tree.js';

export interface RebuiltDrill {
	doc: DrillDocument;
	/** Front-matter keys read back from the broken YAML. */
	recovered: string[];
	/** Keys whose lines could not be read: they take their defaults. */
	lost: string[];
}

const opening = /^\uFEFF?---[ \t]*\r?\n/u;
const closing = /^(?:---|\.\.\.)[ \t]*$/mu;
const topLevelKey = /^([A-Za-z_][\w-]*)[ \t]*:/u;

/** `2026-07-11-132105` → `2026-07-11T13:21:05.000Z`. */
function stampTime(stamp: string): string {
	const [date, time] = [stamp.slice(0, 10), stamp.slice(11)];
	return `${date}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}.000Z`;
}

/** The objective as the template writes it: the first paragraph under the `# slug` title. */
function objectiveOf(preamble: string): string {
	const paragraphs = preamble.split(/\r?\n\s*\r?\n/u).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph && !paragraph.startsWith('#') && !paragraph.startsWith('<!--'));
	return paragraphs[0]?.replace(/^>\s?/gmu, '').replace(/\s+/gu, ' ').trim() ?? '';
}

/**
 * A drill file whose front matter does not parse, rebuilt: each top-level key of the broken YAML
 * is read on its own, so one bad line costs only its own field; the folder (its name and its
 * place in the tree) gives id, name, slug, parent, depth and creation time; a lost objective is
 * taken from the text under the title. The sections below the front matter are kept as they are.
 */
export function rebuildDrillDocument(text: string, entry: DrillEntry): RebuiltDrill {
	let yaml = '';
	let body = text.replace(/^\uFEFF/u, '');
	const open = opening.exec(text);
	if (open) {
		const rest = text.slice(open[0].length);
		const close = closing.exec(rest);
		yaml = close ? rest.slice(0, close.index) : rest;
		body = close ? rest.slice(close.index + close[0].length).replace(/^\r?\n/u, '') : '';
	}
	const groups: Array<{key: string; lines: string[]}> = [];
	for (const line of yaml.split(/\r?\n/u)) {
		const key = topLevelKey.exec(line)?.[1];
		if (key) groups.push({key, lines: [line]});
		else groups.at(-1)?.lines.push(line);
	}
	const raw: Record<string, unknown> = {};
	const recovered: string[] = [];
	const lost: string[] = [];
	for (const {key, lines} of groups) {
		try {
			const value = parseYaml(lines.join('\n'), {maxAliasCount: 50}) as Record<string, unknown> | null;
			if (value && typeof value === 'object' && key in value) {
				raw[key] = value[key];
				recovered.push(key);
			} else lost.push(key);
		} catch {
			lost.push(key);
		}
	}
	const {preamble, sections} = splitSections(body);
	const meta = normalizeMeta(raw, {id: entry.id, name: entry.name, slug: entry.slug});
	// Where the folder is in the tree is the truth about these, whatever the file said.
	Object.assign(meta, {id: entry.id, name: entry.name, slug: entry.slug, parent: entry.parentId, depth: entry.depth});
	if (!meta.created) meta.created = stampTime(entry.stamp);
	if (!meta.objective) meta.objective = objectiveOf(preamble) || '(lost with the front matter: write the objective here)';
	return {doc: {meta, extra: {}, preamble, sections}, recovered, lost};
}
