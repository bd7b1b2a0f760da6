import {existsSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {blank, give, hint, run} from '../core/hint.js';
import {checkWriteTarget, writeFilesAtomic} from './files/atomic.js';
import {resolveFrames, type FramesTarget} from './config.js';
import {compressFindings, detectIssue} from './plan/compress.js';
import {cursorPath, writeCursor} from './files/cursor.js';
import {checkSourceFile, isUrl, writeDocuments, type SourceFile} from './files/documents.js';
import {containHeadings, renderDrillDocument, sectionText, type PostDrill} from './files/drill-file.js';
import {frameSummary, type FrameSummary} from './frame-summary.js';
import {withFrameLock} from './files/lock.js';
import {validatePlan, type PreventionAction} from './plan/plan.js';
import {addChildResult, applyPostDrill, postDrillOf} from './plan/propagate.js';
import {deepestOpen, FrameState, frameToActOn} from './state.js';
import {indexDrills} from './store-index.js';
import {evidenceSection, planSection} from './files/templates.js';
import {block, lines} from './text-input.js';
import {descendantsOf, drillsDir, parentOf, type DrillEntry} from './files/tree.js';
import {append} from '../core/arrays.js';

export interface UpOptions {
	/** What the drill found (else the drill file's Findings section as written). */
	findings?: string;
	/** The compressed result for the parent (else the findings, compressed). */
	payload?: string;
	/**
	 * The prevention plan: an array of actions ([] when there are none), or an object with a
	 * `prevention_plan` array. Else the `prevention_plan` in the drill file's front matter.
	 */
	plan?: unknown;
	/** Files or URLs that back the findings; files outside the drills root are copied in. */
	evidence?: string[];
	/** Errors, surprises or gaps met (an empty merged plan with issues is a missed plan). */
	issues?: string[];
	/**
	 * The frame to close (its short sha): the current one, or an open one set aside by another
	 * top-level frame; refused when it is closed or has an open frame below it. Default: the current one.
	 */
	from?: string;
	/** The cursor the caller last saw (an MCP session keeps it): a refusal says another command moved the cursor only when it did. */
	seen?: string | null;
	/** Where relative evidence paths are resolved (default: the process's folder). */
	cwd?: string;
}

export interface UpResult {
	closed: FrameSummary;
	payload: string;
	prevention_plan: PreventionAction[];
	evidence: string[];
	issues: string[];
	/** The frame control returns to; null when the root closed. */
	parent: FrameSummary | null;
	cursor: string | null;
	/** The frames from the root to the new current one (a frame set aside earlier, when a root closed while it was open). */
	path: FrameSummary[];
	/** Set when the root closed: the merged plan of the whole tree (the post-drill phase). */
	post_drill: PostDrill | null;
	/** Things that went wrong without stopping the drill from closing (e.g. the store was not writable). */
	warnings: string[];
}

const sectionReference = /^(?:see\s+)?(?:the\s+)?#?(findings|return[ -]payload|prevention[ -]plan|evidence|child[ -]results)(?:\s+section)?$/iu;

/**
 * Evidence that says "findings" or names a document of this drill only makes sense inside it;
 * on its way up it becomes a path from the drills root (with the section as an anchor).
 */
function anchorEvidence(evidence: string, entry: DrillEntry): string {
	const drillFile = `${entry.rel}/${entry.name}.md`;
	const section = sectionReference.exec(evidence.trim());
	if (section) return `${drillFile}#${section[1]!.toLowerCase().replace(/ /gu, '-')}`;
	if (!/\s/u.test(evidence) && !evidence.startsWith('/') && !evidence.split(/[/\\]/u).includes('..')) {
		const [file, anchor] = evidence.split('#', 2) as [string, string | undefined];
		if (file && existsSync(path.join(entry.dir, file))) return `${entry.rel}/${file}${anchor === undefined ? '' : `#${anchor}`}`;
	}
	return evidence;
}

const noFindings = hint`say what the drill found: ${give('up', 'findings', blank('TEXT|FILE'))}, ${give('up', 'payload', blank('FILE'))}, or write it in the Findings section of the drill file`;
const noPlan = hint`give ${give('up', 'prevention_plan', blank('FILE'))} (a JSON or YAML array of actions, each with action, scope, sink, owner, evidence; [] when there are none), or a prevention_plan in the drill file front matter`;
const startOne = hint`start one with ${run('down', {slug: blank('SLUG'), objective: blank('TEXT')})}`;

/**
 * The upward drill (also /undrill): finalizes the current drill file with Findings, Return
 * Payload, Prevention Plan and Evidence, passes only the payload and the plan to the parent's
 * Child Results, and moves the cursor up. When the root closes, the post-drill merge of every
 * plan in the tree is written into it. The closed drill is then indexed in the summary store.
 */
export async function drillUp(target: FramesTarget, options: UpOptions = {}): Promise<UpResult> {
	const frames = resolveFrames(target);
	if (!options || typeof options !== 'object') throw new DrillError('bad_argument', 'drill up takes an options object', 'give {findings, plan, …}');
	const givenFindings = block(options.findings, 'the findings');
	const givenPayload = block(options.payload, 'the payload');
	const issuesGiven = lines(options.issues, 'an issue', 1000);
	const evidenceGiven = (options.evidence ?? []).map(String).filter((item) => item.trim() !== '');
	const cwd = options.cwd ?? process.cwd();
	if (!existsSync(drillsDir(frames.root))) throw new DrillError('frame_none_open', `no drill is open: there is no ${drillsDir(frames.root)}`, startOne);

	const outcome = await withFrameLock(
		drillsDir(frames.root),
		() => {
			const state = new FrameState(frames);
			const current = frameToActOn(state, options.from, 'up', options.seen);
			if (!current) throw new DrillError('frame_none_open', 'no drill is open: there is nothing to close', startOne);
			const stillOpen = descendantsOf(state.tree, current).filter((entry) => state.isOpen(entry));
			if (stillOpen.length > 0) {
				throw new DrillError('frame_open', `drill ${current.id} still has open drills below it: ${stillOpen.map((entry) => `${entry.id} (${entry.slug})`).join(', ')}`, hint`close them first, or run ${run('status', {repair: true})} to point the cursor at them`);
			}
			const doc = state.doc(current);
			const parent = parentOf(state.tree, current);
			// Read the parent before writing anything: an unreadable parent must not leave half an up behind.
			const parentDoc = parent ? state.doc(parent) : undefined;
			const findings = givenFindings || sectionText(doc, 'Findings');
			const payload = givenPayload || sectionText(doc, 'Return Payload') || compressFindings(findings);
			if (!findings && !payload) throw new DrillError('bad_argument', `drill ${current.id} has no findings to return`, noFindings);
			let plan: PreventionAction[];
			if (options.plan !== undefined) plan = validatePlan(options.plan);
			else if (doc.meta.prevention_plan !== undefined) plan = validatePlan(doc.meta.prevention_plan, `the prevention_plan in ${current.name}.md`);
			else throw new DrillError('plan_invalid', `drill ${current.id} has no prevention_plan`, noPlan);
			plan = plan.map((action) => ({...action, evidence: anchorEvidence(action.evidence, current)}));

			const links: string[] = [];
			const copies: SourceFile[] = [];
			for (const item of evidenceGiven) {
				if (isUrl(item)) {
					links.push(item);
					continue;
				}
				const source = checkSourceFile(frames, item, cwd, 'evidence', current.dir);
				if (source.origin.startsWith('outside: ')) copies.push(source);
				else links.push(source.origin);
			}
			const issues = [...issuesGiven];
			const detected = findings ? detectIssue(findings) : undefined;
			if (issues.length === 0 && detected && plan.length === 0) issues.push(detected);

			// Every file this writes is checked before any is written (as retrospect --apply does): a
			// parent drill file that is a link, say, must not leave this drill closed under it.
			const cursorFile = cursorPath(frames.root);
			for (const file of [current.file, ...(parent ? [parent.file] : []), cursorFile]) checkWriteTarget(file, frames.root);

			const closed = frames.now().toISOString();
			const taken = new Set<string>();
			const documents = writeDocuments(copies, current.dir, closed, taken);
			const copied = documents.docs.map((doc) => `${current.rel}/${doc.document}`);
			const evidence = [...new Set([...(doc.meta.evidence ?? []), ...links, ...copied])];

			doc.meta.status = 'closed';
			doc.meta.closed = closed;
			doc.meta.prevention_plan = plan;
			doc.meta.issues = issues;
			doc.meta.evidence = evidence;
			if (givenFindings) doc.sections.set('Findings', containHeadings(givenFindings));
			else if (!findings) doc.sections.set('Findings', 'None written; see the Return Payload.');
			doc.sections.set('Return Payload', containHeadings(payload));
			doc.sections.set('Prevention Plan', planSection(plan));
			doc.sections.set('Evidence', evidenceSection(evidence, current.rel));
			let post: PostDrill | null = null;
			if (!parent) {
				post = postDrillOf(current, doc, closed);
				applyPostDrill(doc, post);
			}
			const writes = [{file: current.file, content: renderDrillDocument(doc)}];
			if (parent && parentDoc) {
				addChildResult(parent, parentDoc, current, doc);
				writes.push({file: parent.file, content: renderDrillDocument(parentDoc)}, {file: cursorFile, content: `${parent.id}\n`});
			}
			try {
				// The drill file, the parent's and the cursor change together or not at all (a full disk).
				writeFilesAtomic(writes, frames.root);
			} catch (error) {
				documents.undo();
				throw error;
			}
			// A closed root hands the cursor to a frame set aside while it was open, if one is.
			const next = parent ?? deepestOpen(state, current);
			if (!parent) writeCursor(frames.root, next?.id);
			return {
				result: {
					closed: frameSummary(current, doc.meta),
					payload,
					prevention_plan: plan,
					evidence,
					issues,
					parent: parent ? frameSummary(parent, state.doc(parent).meta) : null,
					cursor: next?.id ?? null,
					path: next ? state.chain(next).map((link) => frameSummary(link, state.doc(link).meta)) : [],
					post_drill: post,
					warnings: [] as string[],
				},
				indexed: {entry: current, doc},
			};
		},
		{waitMs: frames.lockWaitMs},
	);
	append(outcome.result.warnings, indexDrills(frames, [outcome.indexed]));
	return outcome.result;
}
