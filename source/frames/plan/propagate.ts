import path from 'node:path';
import {sectionText, type ChildResult, type DrillDocument, type Issue, type PostDrill} from '../files/drill-file.js';
import {mergePlans} from './merge.js';
import type {PreventionAction, PropagatedAction} from './plan.js';
import {childResultBlock, mergedPlanSection, upsertChildBlock} from '../files/templates.js';
import type {DrillEntry} from '../files/tree.js';

/** The drill's own plan and issues, tagged with where they came from. */
function ownPlan(entry: DrillEntry, doc: DrillDocument): {plan: PropagatedAction[]; issues: Issue[]} {
	const plan = ((doc.meta.prevention_plan ?? []) as PreventionAction[]).map((action) => ({...action, from: entry.id, depth: entry.depth}));
	const issues = (doc.meta.issues ?? []).map((text) => ({from: entry.id, text}));
	return {plan, issues};
}

/** Everything a closed drill passes up: its plan and issues, with those its children passed it. */
export function collectPlan(entry: DrillEntry, doc: DrillDocument): {plan: PropagatedAction[]; issues: Issue[]} {
	const own = ownPlan(entry, doc);
	return {
		plan: [...own.plan, ...doc.meta.child_results.flatMap((child) => child.prevention_plan)],
		issues: [...own.issues, ...doc.meta.child_results.flatMap((child) => child.issues)],
	};
}

export function childResultOf(entry: DrillEntry, doc: DrillDocument): ChildResult {
	const {plan, issues} = collectPlan(entry, doc);
	return {id: entry.id, slug: entry.slug, name: entry.name, closed: doc.meta.closed ?? '', prevention_plan: plan, issues};
}

/**
 * Upward step 5: the parent receives only the child's compressed return and its plan — recorded
 * in the parent's front matter (for the merge) and in its Child Results section (for people).
 * Replaces an earlier record of the same child, so a repair can run it again.
 */
export function addChildResult(parent: DrillEntry, parentDoc: DrillDocument, child: DrillEntry, childDoc: DrillDocument): void {
	const result = childResultOf(child, childDoc);
	const others = parentDoc.meta.child_results.filter((existing) => existing.id !== child.id);
	parentDoc.meta.child_results = [...others, result];
	const link = path.posix.relative(parent.rel, `${child.rel}/${child.name}.md`);
	const payload = sectionText(childDoc, 'Return Payload') || '(no return payload)';
	const section = parentDoc.sections.get('Child Results') ?? '';
	parentDoc.sections.set('Child Results', upsertChildBlock(section, child.id, childResultBlock(result, payload, link)));
}

/** The post-drill merge of a closing root: every plan in the tree, deduplicated. */
export function postDrillOf(entry: DrillEntry, doc: DrillDocument, mergedAt: string): PostDrill {
	const {plan, issues} = collectPlan(entry, doc);
	const merged = mergePlans(plan);
	return {merged_at: mergedAt, merged_prevention_plan: merged, issues, plan_missed: merged.length === 0 && issues.length > 0};
}

export function applyPostDrill(doc: DrillDocument, post: PostDrill): void {
	doc.meta.post_drill = post;
	doc.sections.set('Merged Prevention Plan', mergedPlanSection(post));
}
