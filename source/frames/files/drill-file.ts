import {parse as parseYaml, stringify as stringifyYaml} from 'yaml';
import {DrillError} from '../../core/errors.js';
import {hint, run} from '../../core/hint.js';
import {frontMatterOf} from '../../text/front-matter.js';
import {readInsideRoot} from './confined-read.js';
import type {MergedAction, PreventionAction, PropagatedAction} from '../plan/plan.js';

/** A document copied into a drill as context: its path inside the drill folder and where it came from. */
export interface ContextDoc {
	document: string;
	origin: string;
}

export interface Issue {
	from: string;
	text: string;
}

/** What a closed child hands its parent: only its plan (with its own children's) and its issues. */
export interface ChildResult {
	id: string;
	slug: string;
	name: string;
	closed: string;
	prevention_plan: PropagatedAction[];
	issues: Issue[];
}

export interface PostDrill {
	merged_at: string;
	merged_prevention_plan: MergedAction[];
	issues: Issue[];
	plan_missed: boolean;
}

export interface RetrospectRecord {
	applied_at: string;
	routed: Array<{sink: string; path: string}>;
}

export type DrillStatus = 'open' | 'closed';

/** The drill file's front matter. */
export interface DrillMeta {
	id: string;
	name: string;
	slug: string;
	parent: string | null;
	/** 1 for a root drill. */
	depth: number;
	status: DrillStatus;
	objective: string;
	scope: string[];
	created: string;
	closed: string | null;
	delegation: string[];
	context: ContextDoc[];
	refs: string[];
	prevention_plan?: PreventionAction[];
	/** Errors, surprises or gaps the drill ran into (a plan is expected when there are any). */
	issues?: string[];
	evidence?: string[];
	child_results: ChildResult[];
	post_drill?: PostDrill;
	retrospect?: RetrospectRecord;
}

/** The drill file's sections, in the order they are written. */
export const sectionNames = ['Scope', 'Context', 'Delegation', 'Findings', 'Return Payload', 'Prevention Plan', 'Evidence', 'Child Results', 'Merged Prevention Plan', 'Retrospect'] as const;
export type SectionName = (typeof sectionNames)[number];

export interface DrillDocument {
	meta: DrillMeta;
	/** Front-matter keys we do not know, kept as they were. */
	extra: Record<string, unknown>;
	/** Text before the first section (the title and objective). */
	preamble: string;
	sections: Map<SectionName, string>;
}

const repairsFrontMatter = hint`${run('status', {repair: true})} sets the file aside and rebuilds its front matter from what can still be read`;
const frontMatterFix = hint`fix the YAML between the --- lines (or ${repairsFrontMatter})`;

const headingLine = new RegExp(`^## (${sectionNames.join('|')})[ \\t]*$`, 'u');
const knownKeys = ['id', 'name', 'slug', 'parent', 'depth', 'status', 'objective', 'scope', 'created', 'closed', 'delegation', 'context', 'refs', 'prevention_plan', 'issues', 'evidence', 'child_results', 'post_drill', 'retrospect'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asText = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : value instanceof Date ? value.toISOString() : fallback);
const asTexts = (value: unknown): string[] => (Array.isArray(value) ? value.map((item) => asText(item)).filter(Boolean) : typeof value === 'string' && value ? [value] : []);
const asObjects = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter(isObject) : []);

/** Actions as stored: taken as written (validation happens when a plan is given, at drill up). */
function storedActions(value: unknown): PreventionAction[] {
	return asObjects(value).map((item) => ({
		action: asText(item.action),
		scope: asText(item.scope) as PreventionAction['scope'],
		sink: asText(item.sink) as PreventionAction['sink'],
		owner: asText(item.owner),
		evidence: asText(item.evidence),
	}));
}

function storedIssues(value: unknown): Issue[] {
	return asObjects(value).map((item) => ({from: asText(item.from), text: asText(item.text)}));
}

export function normalizeMeta(raw: Record<string, unknown>, fallback: {id: string; name: string; slug: string}): DrillMeta {
	const meta: DrillMeta = {
		id: asText(raw.id, fallback.id) || fallback.id,
		name: asText(raw.name, fallback.name) || fallback.name,
		slug: asText(raw.slug, fallback.slug) || fallback.slug,
		parent: raw.parent === null || raw.parent === undefined || raw.parent === '' ? null : asText(raw.parent),
		depth: typeof raw.depth === 'number' && Number.isInteger(raw.depth) && raw.depth > 0 ? raw.depth : 1,
		status: raw.status === 'closed' ? 'closed' : 'open',
		objective: asText(raw.objective),
		scope: asTexts(raw.scope),
		created: asText(raw.created),
		closed: raw.closed === null || raw.closed === undefined ? null : asText(raw.closed),
		delegation: asTexts(raw.delegation),
		context: asObjects(raw.context).map((item) => ({document: asText(item.document), origin: asText(item.origin)})),
		refs: asTexts(raw.refs),
		child_results: asObjects(raw.child_results).map((item) => ({
			id: asText(item.id),
			slug: asText(item.slug),
			name: asText(item.name),
			closed: asText(item.closed),
			prevention_plan: asObjects(item.prevention_plan).map((action) => ({
				...storedActions([action])[0]!,
				from: asText(action.from, asText(item.id)),
				depth: typeof action.depth === 'number' ? action.depth : 0,
			})),
			issues: storedIssues(item.issues),
		})),
	};
	if (raw.prevention_plan !== undefined && raw.prevention_plan !== null) meta.prevention_plan = raw.prevention_plan as PreventionAction[];
	if (raw.issues !== undefined) meta.issues = asTexts(raw.issues);
	if (raw.evidence !== undefined) meta.evidence = asTexts(raw.evidence);
	if (isObject(raw.post_drill)) {
		const post = raw.post_drill;
		meta.post_drill = {
			merged_at: asText(post.merged_at),
			merged_prevention_plan: asObjects(post.merged_prevention_plan).map((action) => ({...storedActions([action])[0]!, from: asTexts(action.from)})),
			issues: storedIssues(post.issues),
			plan_missed: post.plan_missed === true,
		};
	}
	if (isObject(raw.retrospect)) {
		meta.retrospect = {
			applied_at: asText(raw.retrospect.applied_at),
			routed: asObjects(raw.retrospect.routed).map((item) => ({sink: asText(item.sink), path: asText(item.path)})),
		};
	}
	return meta;
}

/** Splits the body into the preamble and the known sections; a fenced block never splits. */
export function splitSections(body: string): {preamble: string; sections: Map<SectionName, string>} {
	const preamble: string[] = [];
	const lines = new Map<SectionName, string[]>();
	let current = preamble;
	let fence: string | undefined;
	for (const line of body.split(/\r?\n/u)) {
		const marker = /^\s{0,3}(`{3,}|~{3,})/u.exec(line)?.[1];
		if (marker) {
			if (!fence) fence = marker;
			else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
		} else if (!fence) {
			const heading = headingLine.exec(line);
			if (heading) {
				const name = heading[1] as SectionName;
				current = lines.get(name) ?? [];
				lines.set(name, current);
				continue;
			}
		}
		current.push(line);
	}
	const sections = new Map<SectionName, string>();
	for (const [name, body] of lines) sections.set(name, body.join('\n').trim());
	return {preamble: preamble.join('\n').trim(), sections};
}

export function parseDrillText(text: string, fallback: {id: string; name: string; slug: string}, file = 'the drill file'): DrillDocument {
	const found = frontMatterOf(text);
	if (!found) throw new DrillError('frame_error', `${file} has no front matter`, hint`a drill file starts with a --- YAML block holding id, parent, status, objective \u2026; ${repairsFrontMatter}`);
	let raw: unknown;
	try {
		raw = parseYaml(found.yaml, {maxAliasCount: 50});
	} catch (error) {
		// The YAML starts on the file's second line, after the opening ---.
		const at = (error as {linePos?: Array<{line: number}>}).linePos?.[0]?.line;
		const reason = /Maximum call stack size exceeded/u.test(String((error as Error).message)) ? 'it nests deeper than drill reads' : (error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/u, '');
		throw new DrillError('frame_error', `${file} has malformed front matter (${at ? `line ${at + 1}: ` : ''}${reason})`, frontMatterFix);
	}
	if (!isObject(raw)) throw new DrillError('frame_error', `${file} front matter is not a YAML mapping`, frontMatterFix);
	const extra: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(raw)) if (!(knownKeys as readonly string[]).includes(key)) extra[key] = value;
	const {preamble, sections} = splitSections(found.body);
	return {meta: normalizeMeta(raw, fallback), extra, preamble, sections};
}

/** Reads and parses a drill file, which must really lie inside the drills `root` (see readInsideRoot). */
export function readDrillFile(file: string, fallback: {id: string; name: string; slug: string}, root: string): DrillDocument {
	let text: string;
	try {
		text = readInsideRoot(root, file);
	} catch (error) {
		if (error instanceof DrillError) throw error;
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT') throw new DrillError('frame_error', `the drill file ${file} is missing`, 'every drill folder holds a same-named .md file; restore it or remove the folder');
		throw new DrillError('io_error', `cannot read ${file} (${(error as Error).message})`, 'check its permissions');
	}
	return parseDrillText(text, fallback, file);
}

function orderedMeta(meta: DrillMeta, extra: Record<string, unknown>): Record<string, unknown> {
	const ordered: Record<string, unknown> = {};
	for (const key of knownKeys) {
		const value = (meta as unknown as Record<string, unknown>)[key];
		if (value !== undefined) ordered[key] = value;
	}
	return {...ordered, ...extra};
}

/** The section text with its HTML comments (the template's instructions) removed. */
export function sectionText(doc: DrillDocument, name: SectionName): string {
	return (doc.sections.get(name) ?? '').replace(/<!--[\s\S]*?-->/gu, '').trim();
}

export function renderDrillDocument(doc: DrillDocument): string {
	const yaml = stringifyYaml(orderedMeta(doc.meta, doc.extra), {lineWidth: 0});
	const parts = [`---\n${yaml}---\n`, doc.preamble ? `${doc.preamble}\n` : ''];
	for (const name of sectionNames) {
		const body = doc.sections.get(name);
		if (body === undefined) continue;
		parts.push(`## ${name}\n\n${body.trim() ? `${body.trim()}\n` : ''}`);
	}
	return `${parts.filter(Boolean).join('\n').trimEnd()}\n`;
}

/**
 * Text we put into a section must not open a section of its own: a line that reads like one of
 * our `## Section` headings is demoted to `###`.
 */
export function containHeadings(text: string): string {
	return text.replace(new RegExp(headingLine.source, 'gmu'), (line) => `#${line}`);
}
