import {DrillError} from '../core/errors.js';
import {cliHints, hint, run} from '../core/hint.js';
import {validateItem, type ItemRecord} from '../store/interchange.js';
import type {Frames} from './config.js';
import {compressFindings} from './plan/compress.js';
import {sectionText, type DrillDocument} from './files/drill-file.js';
import {actionLine, type PreventionAction} from './plan/plan.js';
import type {DrillEntry} from './files/tree.js';

/** Closed drills live in the summary store under this namespace; the item id is the short sha. */
export const drillNamespace = 'drill';

interface NodeDraft {
	title: string;
	summary: string;
	keywords: string[];
	parent: number | null;
	text?: string;
	role?: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const words = (text: string) => text.split(/[^a-z0-9]+/iu).filter((word) => word.length > 2);

/**
 * A closed drill as a summary item: the root carries the return payload, and Findings, Return
 * Payload, Prevention Plan (one child per action), Evidence, Child Results and, on a root drill,
 * the merged plan are its topics, each owning its raw text as a span — so `find` retrieves them.
 */
export function drillItem(entry: DrillEntry, doc: DrillDocument, drillsRoot?: string): ItemRecord {
	const meta = doc.meta;
	const findings = sectionText(doc, 'Findings');
	const payload = sectionText(doc, 'Return Payload') || compressFindings(findings);
	const plan = (meta.prevention_plan ?? []) as PreventionAction[];
	const drafts: NodeDraft[] = [
		{
			title: clip(`${meta.slug}: ${meta.objective}`, 200),
			summary: payload || meta.objective,
			keywords: [...new Set([...words(meta.slug), ...meta.scope, ...plan.map((action) => action.sink)])],
			parent: null,
			text: meta.objective,
			role: 'objective',
		},
	];
	const add = (draft: NodeDraft) => drafts.push(draft) - 1;
	if (findings) add({title: 'Findings', summary: compressFindings(findings, 400), keywords: [], parent: 0, text: findings, role: 'findings'});
	if (payload) add({title: 'Return Payload', summary: payload, keywords: [], parent: 0, text: payload, role: 'payload'});
	const planNode = add({title: 'Prevention Plan', summary: plan.length ? `${plan.length} action${plan.length === 1 ? '' : 's'}: ${plan.map((action) => action.sink).join(', ')}` : 'No actions.', keywords: ['prevention plan'], parent: 0});
	for (const action of plan) add({title: clip(`${action.sink}: ${action.action}`, 200), summary: actionLine(action), keywords: [action.sink, action.scope, action.owner], parent: planNode, text: actionLine(action), role: 'action'});
	const evidence = meta.evidence?.length ? sectionText(doc, 'Evidence') : '';
	if (evidence) add({title: 'Evidence', summary: clip(evidence.replace(/\s+/gu, ' '), 400), keywords: [], parent: 0, text: evidence, role: 'evidence'});
	const children = sectionText(doc, 'Child Results');
	if (children) {
		const names = meta.child_results.map((child) => `${child.id} ${child.slug}`).join(', ');
		add({title: 'Child Results', summary: names ? `Nested drills: ${names}` : clip(children, 400), keywords: meta.child_results.map((child) => child.slug), parent: 0, text: children, role: 'child_results'});
	}
	const merged = meta.post_drill?.merged_prevention_plan ?? [];
	if (meta.post_drill) {
		const mergedNode = add({title: 'Merged Prevention Plan', summary: merged.length ? `${merged.length} action${merged.length === 1 ? '' : 's'} after the post-drill merge` : 'No actions after the post-drill merge.', keywords: ['merged plan'], parent: 0});
		for (const action of merged) add({title: clip(`${action.sink}: ${action.action}`, 200), summary: `${actionLine(action)} · from ${action.from.join(', ')}`, keywords: [action.sink, action.scope], parent: mergedNode, text: actionLine(action), role: 'merged_action'});
	}
	const spans: ItemRecord['spans'] = [];
	const nodes = drafts.map((draft, ordinal) => {
		const owned: number[] = [];
		if (draft.text) {
			owned.push(spans.length);
			spans.push({seq: spans.length, role: draft.role ?? 'text', text: draft.text});
		}
		return {ordinal, parent: draft.parent, title: draft.title, summary: draft.summary, keywords: draft.keywords, spans: owned};
	});
	return validateItem(
		{
			namespace: drillNamespace,
			item_id: entry.id,
			title: clip(`${meta.slug}: ${meta.objective}`, 200),
			generated_at: meta.closed ?? meta.created,
			// project: the drills root (real path), so that a store two frame folders share tells their drills apart.
			source: {uri: `${entry.rel}/${entry.name}.md`, kind: 'drill', ...(drillsRoot ? {project: drillsRoot} : {})},
			tldr: clip(payload.split('\n').slice(0, 3).join(' ').trim() || meta.objective, 300),
			nodes,
			spans,
		},
		`drill ${entry.id}`,
	);
}

/** Writes closed drills into the store; returns warnings instead of failing (the drills are closed on disk). */
export function indexDrills(frames: Pick<Frames, 'storePath' | 'openStore' | 'hints' | 'realRoot'>, drills: ReadonlyArray<{entry: DrillEntry; doc: DrillDocument}>): string[] {
	const {storePath, openStore} = frames;
	if (!openStore || drills.length === 0) return [];
	try {
		const store = openStore();
		try {
			for (const {entry, doc} of drills) store.guard(() => store.writeItem(drillItem(entry, doc, frames.realRoot)));
		} finally {
			store.close();
		}
		return [];
	} catch (error) {
		const surface = frames.hints ?? cliHints;
		const message = error instanceof DrillError ? error.lineFor(surface) : error instanceof Error ? error.message : String(error);
		return [hint`closed drill${drills.length === 1 ? ` ${drills[0]!.entry.id}` : 's'} not indexed in the store${storePath ? ` ${storePath}` : ''} (${message}); it is closed on disk, and ${run('status', {repair: true})} indexes it again`.render(surface)];
	}
}
