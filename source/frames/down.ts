import {mkdirSync, renameSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {blank, give, hint} from '../core/hint.js';
import {commitStaged, discardStaged, diskHint, removeQuietly, stageFile, tempName, writeFileAtomic, type StagedFile} from './files/atomic.js';
import {resolveFrames, type FramesTarget} from './config.js';
import {cursorPath} from './files/cursor.js';
import {checkSourceFile, writeDocuments} from './files/documents.js';
import {renderDrillDocument, type ContextDoc, type DrillMeta} from './files/drill-file.js';
import {frameSummary, type FrameSummary} from './frame-summary.js';
import {withFrameLock} from './files/lock.js';
import {drillFolderName, drillSha, slugify} from './files/naming.js';
import {checkNarrower} from './narrower.js';
import {FrameState, frameToActOn} from './state.js';
import {newDrillDocument} from './files/templates.js';
import {lines, oneLine} from './text-input.js';
import {drillsDir, drillsFolderName} from './files/tree.js';

export interface DownOptions {
	/** The frame's short name; any text (it is made a safe folder name). Default: from the objective. */
	slug?: string;
	/** The narrower question this frame answers. */
	objective: string;
	/** Paths or topics the frame is limited to; inside the current frame's scope when it has one. */
	scope?: string[];
	/** Files copied into the drill as documents: only the minimum the frame needs. */
	context?: string[];
	/** References recorded but not copied: node ids, URLs, issue numbers. */
	refs?: string[];
	/** Tasks for subagents, each with a fresh, isolated context. */
	delegate?: string[];
	/**
	 * The frame to descend from (its short sha): the current one, or an open one set aside by
	 * another top-level frame; refused when it is closed or has an open frame below it. 'root':
	 * only while no frame is open. Default: the current frame.
	 */
	from?: string;
	/** Open a top-level frame even while others are open: they stay open, set aside, and the cursor moves to the new one. */
	newRoot?: boolean;
	/** The cursor the caller last saw (an MCP session keeps it): a refusal says another command moved the cursor only when it did. */
	seen?: string | null;
	/** Where relative context paths are resolved (default: the process's folder). */
	cwd?: string;
}

export interface DownResult {
	drill: FrameSummary;
	cursor: string;
	/** The frames from the root to the new one. */
	path: FrameSummary[];
	/** With `newRoot`: the frames that stay open beside the new one. */
	set_aside?: FrameSummary[];
	context: ContextDoc[];
	refs: string[];
	delegation: string[];
}

const maxObjective = 500;
const shaTries = 32;

/**
 * The downward drill: checks the new frame is strictly narrower, creates
 * `YYYY-MM-DD-HHMMSS-sha-slug/` with its same-named drill file under the current frame's
 * `.drills/` (built in a temporary folder and renamed into place), copies in only the given
 * context, and points the cursor at it — all under the tree's lock.
 */
export async function drillDown(target: FramesTarget, options: DownOptions): Promise<DownResult> {
	const frames = resolveFrames(target);
	if (!options || typeof options !== 'object') throw new DrillError('bad_argument', 'drill down needs options', 'give at least {objective}');
	const objective = oneLine(options.objective ?? '', 'the objective', maxObjective);
	if (!objective) throw new DrillError('bad_argument', 'drill down needs an objective', hint`give ${give('down', 'objective', blank('TEXT'))}: the narrower question this frame answers`);
	const slug = slugify(options.slug === undefined || options.slug === '' ? objective : options.slug);
	const scope = lines(options.scope, 'a scope', 300);
	const refs = lines(options.refs, 'a reference', 300);
	const delegation = lines(options.delegate, 'a delegated task', 1000);
	const cwd = options.cwd ?? process.cwd();
	const top = drillsDir(frames.root);
	if (options.newRoot && options.from !== undefined) throw new DrillError('bad_argument', 'a new top-level frame descends from no frame, so it takes no from', hint`leave out ${give('down', 'from')} with ${give('down', 'new_root', true)}`);

	return withFrameLock(
		top,
		() => {
			const state = new FrameState(frames);
			const acting = frameToActOn(state, options.from, 'down', options.seen);
			const current = options.newRoot ? undefined : acting;
			const setAside = options.newRoot ? state.openDrills() : [];
			const chain = state.chain(current);
			const chainMeta = chain.map((entry) => state.doc(entry).meta);
			const effectiveScope = checkNarrower(chainMeta, {slug, objective, scope}, frames.maxDepth);
			const sources = (options.context ?? []).map((file) => checkSourceFile(frames, String(file), cwd, 'context'));

			const now = frames.now();
			let sha = '';
			for (let attempt = 0; attempt < shaTries; attempt++) {
				const candidate = drillSha(now, slug, current?.id ?? null, frames.randomBytes(16));
				if (state.tree.byId(candidate).length === 0) {
					sha = candidate;
					break;
				}
			}
			if (!sha) throw new DrillError('frame_error', `could not find a free drill sha after ${shaTries} tries`, 'try again');
			const name = drillFolderName(now, sha, slug);
			const parentDrills = current ? path.join(current.dir, drillsFolderName) : top;
			mkdirSync(parentDrills, {recursive: true});
			const created = now.toISOString();
			const building = path.join(parentDrills, tempName(name));
			const final = path.join(parentDrills, name);
			let meta: DrillMeta;
			const cursor: StagedFile[] = [];
			try {
				mkdirSync(building);
				const context = writeDocuments(sources, building, created).docs;
				meta = {
					id: sha,
					name,
					slug,
					parent: current?.id ?? null,
					depth: chain.length + 1,
					status: 'open',
					objective,
					scope: effectiveScope,
					created,
					closed: null,
					delegation,
					context,
					refs,
					child_results: [],
				};
				const doc = newDrillDocument(meta, scope.length === 0 && effectiveScope.length > 0);
				writeFileAtomic(path.join(building, `${name}.md`), renderDrillDocument(doc), building);
				// The cursor's new line is written before the drill appears: a full disk stops the
				// command here, with nothing changed.
				cursor.push(stageFile(cursorPath(frames.root), `${sha}\n`, frames.root));
				renameSync(building, final);
			} catch (error) {
				removeQuietly(building);
				discardStaged(cursor);
				if (error instanceof DrillError) throw error;
				throw new DrillError('io_error', `cannot create the drill folder ${final} (${(error as Error).message})`, diskHint(error));
			}
			try {
				commitStaged(cursor);
			} catch (error) {
				removeQuietly(final);
				throw error;
			}

			const after = new FrameState(frames);
			const entry = after.tree.byId(sha)[0]!;
			return {
				drill: frameSummary(entry, meta),
				cursor: sha,
				path: after.chain(entry).map((link) => frameSummary(link, after.doc(link).meta)),
				...(options.newRoot ? {set_aside: setAside.map((link) => frameSummary(link, after.doc(link).meta))} : {}),
				context: meta.context,
				refs,
				delegation,
			};
		},
		{waitMs: frames.lockWaitMs},
	);
}
