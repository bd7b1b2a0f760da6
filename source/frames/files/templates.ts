import path from 'node:path';
import type {ChildResult, DrillDocument, DrillMeta, Issue, PostDrill, SectionName} from './drill-file.js';
import {isUrl} from './documents.js';
import type {MergedAction, PreventionAction, PropagatedAction} from '../plan/plan.js';

/** What each open section asks for; the comments are dropped from anything read back. */
export const placeholders: Record<'Findings' | 'Return Payload' | 'Prevention Plan' | 'Evidence' | 'Child Results', string> = {
	Findings: '<!-- What this drill found. Write it here while the drill is open, or pass drill up --findings. -->',
	'Return Payload': '<!-- Written by drill up: the compressed result the parent receives (--payload, else the findings compressed). -->',
	'Prevention Plan': '<!-- Written by drill up from --plan (or the prevention_plan in the front matter): actions with action, scope, sink, owner, evidence. -->',
	Evidence: '<!-- Written by drill up from --evidence: links to the evidence and artifacts. -->',
	'Child Results': '<!-- Each nested drill appends its return payload and prevention plan here when it closes; never its history. -->',
};

const bullet = (lines: readonly string[], empty: string) => (lines.length ? lines.map((line) => `- ${line}`).join('\n') : empty);

/** The drill file of a new, open drill: front matter plus the sections drill up fills in. */
export function newDrillDocument(meta: DrillMeta, scopeInherited: boolean): DrillDocument {
	const sections = new Map<SectionName, string>();
	const scope = meta.scope.length ? bullet(meta.scope, '') + (scopeInherited ? '\n\n(inherited from the enclosing drill)' : '') : 'The whole project (no scope given).';
	sections.set('Scope', scope);
	const context = [
		...meta.context.map((doc) => `[${doc.document.split('/')[0]}](${encodeURI(doc.document)}) — from \`${doc.origin}\``),
		...meta.refs.map((ref) => `\`${ref}\``),
	];
	sections.set('Context', bullet(context, 'None: this frame starts from its objective alone.'));
	sections.set('Delegation', meta.delegation.length ? meta.delegation.map((task) => `- [ ] ${task}`).join('\n') : 'None.');
	for (const name of ['Findings', 'Return Payload', 'Prevention Plan', 'Evidence', 'Child Results'] as const) sections.set(name, placeholders[name]);
	return {meta, extra: {}, preamble: `# ${meta.slug}\n\n> ${meta.objective}`, sections};
}

function actionItem(action: PreventionAction, suffix = ''): string {
	return `**${action.sink}** (${action.scope}; owner: ${action.owner}) — ${action.action}\n  Evidence: ${action.evidence}${suffix}`;
}

export function planSection(plan: readonly PreventionAction[]): string {
	if (plan.length === 0) return 'No actions: this drill met no error, gap or reusable lesson.';
	return plan.map((action) => `- ${actionItem(action)}`).join('\n');
}

export function mergedPlanSection(post: PostDrill): string {
	const lines = post.merged_prevention_plan.map((action: MergedAction) => `- ${actionItem(action, ` · from: ${action.from.join(', ')}`)}`);
	const intro = `Merged at ${post.merged_at} from this drill and every nested drill (deduplicated by sink and action; the most specific evidence kept). Run drill retrospect to route each action to its sink.`;
	if (post.plan_missed) {
		const issues = post.issues.map((issue: Issue) => `- ${issue.from}: ${issue.text}`).join('\n');
		return `${intro}\n\nThe merged plan is empty, but the drills recorded issues. Retrospect why the plan was missed:\n\n${issues}`;
	}
	return lines.length ? `${intro}\n\n${lines.join('\n')}` : `${intro}\n\nNo actions.`;
}

/** Evidence links in the Evidence section: paths relative to the drill file, URLs as they are. */
export function evidenceSection(evidence: readonly string[], drillRel: string): string {
	if (evidence.length === 0) return 'None linked.';
	return evidence
		.map((item) => {
			if (isUrl(item)) return `- <${item}>`;
			const link = path.posix.relative(drillRel, item) || '.';
			return `- [${item}](${encodeURI(link)})`;
		})
		.join('\n');
}

const childStart = (id: string) => `<!-- child:${id} -->`;
const childEnd = (id: string) => `<!-- /child:${id} -->`;

/** One child's block in its parent's Child Results: its payload and its plan, nothing else. */
export function childResultBlock(result: ChildResult, payload: string, link: string): string {
	const plan = result.prevention_plan;
	const planText = plan.length
		? `Prevention plan (${plan.length} action${plan.length === 1 ? '' : 's'}, nested drills' included):\n${plan.map((action: PropagatedAction) => `- ${actionItem(action, action.from === result.id ? '' : ` · from: ${action.from}`)}`).join('\n')}`
		: 'Prevention plan: no actions.';
	const issues = result.issues.length ? `\n\nIssues: ${result.issues.map((issue) => `${issue.text} (${issue.from})`).join('; ')}` : '';
	return `${childStart(result.id)}\n### ${result.id} ${result.slug} — closed ${result.closed}\n\n[${result.name}.md](${encodeURI(link)})\n\n${payload}\n\n${planText}${issues}\n${childEnd(result.id)}`;
}

/** Adds or replaces (by id, so a repair can redo it) one child's block. */
export function upsertChildBlock(section: string, id: string, block: string): string {
	const start = section.indexOf(childStart(id));
	const end = section.indexOf(childEnd(id));
	if (start !== -1 && end > start) return `${section.slice(0, start)}${block}${section.slice(end + childEnd(id).length)}`;
	const kept = section.replace(placeholders['Child Results'], '').trim();
	return kept ? `${kept}\n\n${block}` : block;
}
