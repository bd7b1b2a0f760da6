import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {stringify as stringifyYaml} from 'yaml';
import type {Frames} from '../config.js';
import type {DrillMeta} from '../files/drill-file.js';
import {dedupeKey} from './merge.js';
import {slugify} from '../files/naming.js';
import type {MergedAction, PlanSink} from './plan.js';
import type {DrillEntry} from '../files/tree.js';

/**
 * Where each sink's actions go, relative to the drills root (knowledgebase: the knowledge folder).
 * `create` sinks get one new file per action; `append` sinks add a dated entry to a running file.
 */
export const sinkRoutes: Record<PlanSink, {mode: 'create' | 'append'; where: string; what: string}> = {
	backlog: {mode: 'create', where: '.agents/backlog/YYYY-MM-DD-<slug>.md', what: 'a backlog item for future work'},
	code: {mode: 'create', where: '.agents/backlog/YYYY-MM-DD-<slug>.md', what: 'a backlog item marked kind: code (a fix, test or guardrail to write; retrospect never edits code)'},
	memory: {mode: 'append', where: '.memory/mental-models/<slug>.md', what: 'a mental model: created, or a dated entry appended'},
	knowledgebase: {mode: 'create', where: '<knowledge folder>/lessons/<slug>.md', what: 'a knowledge unit (front matter title and summary), walkable in the knowledge domain'},
	'agentic-documents': {mode: 'create', where: '.agents/proposals/YYYY-MM-DD-<slug>.md', what: 'a proposed change to AGENTS.md, README, runbooks, skills or rules, for review'},
	'upstream-issue': {mode: 'create', where: 'upstream-issues/YYYY-MM-DD-<slug>.md', what: 'an issue draft to review and file by hand (no PR)'},
	workaround: {mode: 'append', where: '.agents/workarounds.md', what: 'an entry in the running log of workarounds (remove once the real fix lands)'},
};

export interface PlannedWrite {
	sink: PlanSink;
	/** Absolute path. */
	file: string;
	mode: 'create' | 'append' | 'unchanged';
	/** The whole new file (create) or the entry to add (append). */
	content: string;
	action: string;
}

export interface RouteContext {
	frames: Frames;
	root: DrillEntry;
	meta: DrillMeta;
	/** YYYY-MM-DD of the root's closing, so a re-run routes to the same names. */
	date: string;
	/** Files planned earlier in this run: create-mode names must not collide. */
	planned: Map<string, PlannedWrite>;
}

/** A stable mark of one action of one root drill: re-running retrospect finds it and writes nothing twice. */
export function actionMarker(rootId: string, action: MergedAction): string {
	return `${rootId}-${createHash('sha256').update(dedupeKey(action)).digest('hex').slice(0, 8)}`;
}

function frontMatter(fields: Record<string, unknown>): string {
	return `---\n${stringifyYaml(fields, {lineWidth: 0})}---\n`;
}

function readText(file: string): string | undefined {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
}

/** Where an action came from; the link to the root drill file is relative to the routed file. */
function provenance(context: RouteContext, action: MergedAction, file: string): string[] {
	const drillFile = encodeURI(path.relative(path.dirname(file), context.root.file).split(path.sep).join('/'));
	return [
		`- Scope: ${action.scope} · Owner: ${action.owner}`,
		`- Evidence: ${action.evidence}`,
		`- Proposed by drill${action.from.length === 1 ? '' : 's'}: ${action.from.join(', ')}`,
		`- Root drill: ${context.root.id} ${context.meta.slug} — ${context.meta.objective} ([drill file](${drillFile}))`,
	];
}

/** A fresh create-mode path: the name with -2, -3 … when taken by a file that is not this action's. */
function freeFile(context: RouteContext, folder: string, base: string, marker: string): {file: string; unchanged: boolean} {
	for (let n = 1; ; n++) {
		const file = path.join(folder, `${base}${n === 1 ? '' : `-${n}`}.md`);
		const existing = readText(file);
		if (existing?.includes(marker)) return {file, unchanged: true};
		if (existing === undefined && !context.planned.has(file)) return {file, unchanged: false};
	}
}

function created(context: RouteContext, sink: PlanSink, folder: string, base: string, action: MergedAction, body: (marker: string, file: string) => string): PlannedWrite {
	const marker = actionMarker(context.root.id, action);
	const {file, unchanged} = freeFile(context, folder, base, marker);
	return {sink, file, mode: unchanged ? 'unchanged' : 'create', content: unchanged ? '' : body(marker, file), action: action.action};
}

function appended(context: RouteContext, sink: PlanSink, file: string, action: MergedAction, header: string, entry: (file: string) => string): PlannedWrite {
	const marker = actionMarker(context.root.id, action);
	const existing = readText(file);
	if (existing?.includes(marker)) return {sink, file, mode: 'unchanged', content: '', action: action.action};
	const planned = context.planned.get(file);
	const fresh = existing === undefined && !planned;
	return {sink, file, mode: fresh ? 'create' : 'append', content: `${fresh ? header : ''}\n<!-- drill-action: ${marker} -->\n${entry(file)}`, action: action.action};
}

/** Plans the write that routes one merged action to its sink. Nothing is written here. */
export function routeAction(context: RouteContext, action: MergedAction): PlannedWrite {
	const {frames, date, root, meta} = context;
	const slug = slugify(action.action, 'action');
	const title = action.action;
	const common = (marker: string) => ({title, created: date, sink: action.sink, scope: action.scope, owner: action.owner, evidence: action.evidence, drill: root.id, from: action.from, drill_action: marker});
	const at = (...parts: string[]) => path.join(frames.root, ...parts);
	switch (action.sink) {
		case 'backlog':
		case 'code':
			return created(context, action.sink, at('.agents', 'backlog'), `${date}-${slug}`, action, (marker, file) =>
				[frontMatter({...common(marker), status: 'open', ...(action.sink === 'code' ? {kind: 'code'} : {})}), `# ${title}`, '', action.sink === 'code' ? 'A code change (a fix, a test or a guardrail) proposed by a drill\'s prevention plan.' : 'Follow-up work from a drill\'s prevention plan.', '', ...provenance(context, action, file), ''].join('\n'),
			);
		case 'agentic-documents':
			return created(context, action.sink, at('.agents', 'proposals'), `${date}-${slug}`, action, (marker, file) =>
				[frontMatter({...common(marker), status: 'proposed'}), `# ${title}`, '', 'A proposed change to an agentic document (AGENTS.md, README, a runbook, a skill or a rule). Review it, then make the edit.', '', ...provenance(context, action, file), ''].join('\n'),
			);
		case 'upstream-issue':
			return created(context, action.sink, at('upstream-issues'), `${date}-${slug}`, action, (marker, file) =>
				[
					frontMatter({...common(marker), status: 'draft'}),
					`# ${title}`,
					'',
					'> Draft of an upstream issue. Review it, add versions and a minimal reproduction, and file it by hand; a pull request is out of scope unless asked for.',
					'',
					'## What happened',
					'',
					meta.objective,
					'',
					'## Evidence',
					'',
					action.evidence,
					'',
					'## Proposed change',
					'',
					title,
					'',
					...provenance(context, action, file),
					'',
				].join('\n'),
			);
		case 'knowledgebase':
			return created(context, action.sink, path.join(frames.knowledgeDir, 'lessons'), slug, action, (marker, file) =>
				[frontMatter({...common(marker), summary: `${title} (evidence: ${action.evidence})`}), `# ${title}`, '', `A lesson from the drill ${meta.slug}: ${meta.objective}`, '', ...provenance(context, action, file), ''].join('\n'),
			);
		case 'memory':
			return appended(context, action.sink, at('.memory', 'mental-models', `${slug}.md`), action, frontMatter({title, summary: title, scope: action.scope, created: date}) + `\n# ${title}\n`, (file) =>
				[`## ${date} — from drill ${meta.slug} (${root.id})`, '', title, '', ...provenance(context, action, file), ''].join('\n'),
			);
		case 'workaround':
			return appended(context, action.sink, at('.agents', 'workarounds.md'), action, '# Workarounds\n\nImmediate fixes applied during drills. Remove each one once its real fix has landed.\n', (file) =>
				[`## ${date} — ${title}`, '', ...provenance(context, action, file), ''].join('\n'),
			);
	}
}

export function relativeToRoot(frames: Frames, file: string): string {
	const rel = path.relative(frames.root, file);
	return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}
