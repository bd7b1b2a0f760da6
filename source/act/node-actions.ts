import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
// Not ./export/readable.js: its HTML renderer brings markdown-it, which the app's Markdown export does not need.
import {nodeDocument} from './export/document.js';
import {renderMarkdown} from './export/markdown.js';
import {planProblem, resumePlan, type ResumePlan} from './resume.js';
import {DrillError} from '../core/errors.js';
import {summaryNodeId} from '../core/summary-node-id.js';
import type {Runtime} from '../runtime.js';
import {forget, forgettableSource} from '../store/forgotten.js';
import {itemOfNode} from '../store/item-of-node.js';
import {itemSource} from '../store/summary-store.js';

/** What `D` would forget: the item, and the source file that ingest would then leave out. */
export interface ForgetPlan {
	id: string;
	title: string;
	source?: string;
}

/** What the app's `r`, `x` and `D` do with the node under the cursor (the CLI's resume, export and forget). */
export interface ActService {
	/** The resume command of the session the node is in (throws a DrillError saying what would work). */
	resumePlan(domain: string, nodeId: string): ResumePlan;
	/** Writes the node as Markdown to a new file in `folder`; returns its path. */
	exportNode(domain: string, nodeId: string, folder: string): string;
	forgetPlan(domain: string, nodeId: string): ForgetPlan;
	/** Forgets the item; returns what the status line says. */
	forget(domain: string, nodeId: string): string;
}

function summaryOnly(domain: string, what: string): void {
	if (domain !== 'summary') throw new DrillError('bad_node_id', `${what} acts on sessions and documents of the summary store, not on the ${domain} domain`, 'move to a node under summary');
}

/** A file name from a title: lower-case words joined by "-", at most 60 characters. */
export function slugOf(title: string): string {
	const slug = title
		.normalize('NFKD')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '-')
		.replace(/^-+|-+$/gu, '')
		.slice(0, 60)
		.replace(/-+$/u, '');
	return slug || 'export';
}

/** A path in `folder` for `name.ext` that does not exist yet (`name-2.ext`, …): an export never replaces a file. */
function freshFile(folder: string, name: string, extension: string, write: (file: string) => void): string {
	mkdirSync(folder, {recursive: true});
	for (let n = 1; ; n++) {
		const file = path.join(folder, `${name}${n === 1 ? '' : `-${n}`}.${extension}`);
		try {
			write(file);
			return file;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 999) throw new DrillError('io_error', `cannot write ${file} (${(error as Error).message})`, 'start drill in a writable folder');
		}
	}
}

export function actOver(runtime: Runtime): ActService {
	return {
		resumePlan(domain, nodeId) {
			summaryOnly(domain, 'resume');
			const {row} = itemOfNode(runtime.store(), nodeId);
			const label = `${row.namespace}:${row.item_id}`;
			const plan = resumePlan(itemSource(row), label);
			const problem = planProblem(plan, label);
			if (problem) throw problem;
			return plan;
		},
		exportNode(domain, nodeId, folder) {
			const document = nodeDocument(runtime, domain, nodeId);
			const text = renderMarkdown(document);
			return freshFile(folder, slugOf(document.title), 'md', (file) => writeFileSync(file, text, {flag: 'wx', mode: 0o644}));
		},
		forgetPlan(domain, nodeId) {
			summaryOnly(domain, 'forget');
			const {row} = itemOfNode(runtime.store(), nodeId);
			const source = forgettableSource(row.source_uri);
			return {id: summaryNodeId(row.namespace, row.item_id), title: row.title, ...(source ? {source} : {})};
		},
		forget(domain, nodeId) {
			const plan = this.forgetPlan(domain, nodeId);
			const {row} = itemOfNode(runtime.store(), nodeId);
			const store = runtime.openWritableStore();
			try {
				forget(store, [{namespace: row.namespace, item_id: row.item_id, title: row.title, source_uri: row.source_uri}], plan.source ? [plan.source] : []);
			} finally {
				store.close();
			}
			return `forgot ${plan.id}${plan.source ? `; ingest leaves out ${plan.source} (drill ingest --include-forgotten takes it back)` : ''}`;
		},
	};
}
