import {extname} from 'node:path';
import {parse as parseYaml} from 'yaml';
import {DrillError} from '../../core/errors.js';

export const planScopes = ['universal', 'project', 'user', 'agent', 'session'] as const;
export const planSinks = ['backlog', 'memory', 'knowledgebase', 'agentic-documents', 'upstream-issue', 'code', 'workaround'] as const;
export const actionFields = ['action', 'scope', 'sink', 'owner', 'evidence'] as const;

export type PlanScope = (typeof planScopes)[number];
export type PlanSink = (typeof planSinks)[number];

/** One prevention-plan action, exactly the seed's five fields. */
export interface PreventionAction {
	action: string;
	scope: PlanScope;
	sink: PlanSink;
	owner: string;
	evidence: string;
}

/** An action on its way up: which drill produced it, and how deep that drill was (root = 1). */
export interface PropagatedAction extends PreventionAction {
	from: string;
	depth: number;
}

/** An action after the post-drill merge: every drill that proposed it. */
export interface MergedAction extends PreventionAction {
	from: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldHint = `each action needs ${actionFields.join(', ')}; scope is one of ${planScopes.join(', ')}; sink is one of ${planSinks.join(', ')}`;

function invalid(message: string, hint = fieldHint): DrillError {
	return new DrillError('plan_invalid', message, hint);
}

function textField(where: string, item: Record<string, unknown>, field: string): string {
	let value = item[field];
	if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string')) value = value.join('; ');
	if (value === undefined || value === null) throw invalid(`${where}: "${field}" is missing`);
	if (typeof value !== 'string') throw invalid(`${where}: "${field}" must be text, got ${Array.isArray(value) ? 'an array' : typeof value}`);
	const text = value.replace(/\s+/gu, ' ').trim();
	if (text === '') throw invalid(`${where}: "${field}" is empty`);
	return text;
}

function vocabulary<T extends string>(where: string, item: Record<string, unknown>, field: string, words: readonly T[]): T {
	const text = textField(where, item, field).toLowerCase();
	if (!(words as readonly string[]).includes(text)) {
		throw invalid(`${where}: "${field}" is ${JSON.stringify(item[field])}, not one of: ${words.join(', ')}`, `use one of: ${words.join(', ')}`);
	}
	return text as T;
}

/**
 * Checks a prevention plan: an array of actions, or an object holding one as `prevention_plan`.
 * An empty array is a valid plan. Refusals name the action, the field and the allowed words.
 */
export function validatePlan(value: unknown, label = 'prevention_plan'): PreventionAction[] {
	let list = value;
	if (isObject(value)) {
		if (!('prevention_plan' in value)) throw invalid(`${label} is an object without a "prevention_plan" array`, 'give an array of actions ([] when there are none), or {"prevention_plan": [...]}');
		list = value.prevention_plan;
	}
	if (list === null || list === undefined) list = [];
	if (!Array.isArray(list)) throw invalid(`${label} must be an array of actions, got ${typeof list}`, 'give an array of actions ([] when there are none)');
	return list.map((item, index) => {
		const where = `${label}[${index}]`;
		if (!isObject(item)) throw invalid(`${where} is not an object`);
		return {
			action: textField(where, item, 'action'),
			scope: vocabulary(where, item, 'scope', planScopes),
			sink: vocabulary(where, item, 'sink', planSinks),
			owner: textField(where, item, 'owner'),
			evidence: textField(where, item, 'evidence'),
		};
	});
}

/** Parses plan text as JSON or YAML (by the file's extension, else JSON first). */
/** Deeper than any plan nests (a list of actions, each a mapping, an evidence list in it). */
const maxPlanNesting = 64;

/**
 * Whether the text opens more than `maxPlanNesting` lists or mappings at once, as JSON or YAML
 * flow brackets or YAML block dashes, judged before a parser is let near it: the YAML parser
 * takes seconds and hundreds of MB over `[[[[…` 100,000 deep, and then runs out of stack.
 */
function nestsTooDeep(text: string): boolean {
	let depth = 0;
	let quote: string | undefined;
	for (let i = 0; i < text.length; i++) {
		const c = text[i]!;
		if (quote) {
			if (c === '\\' && quote === '"') i++;
			else if (c === quote) quote = undefined;
			continue;
		}
		if (c === '"' || c === "'") quote = c;
		else if (c === '[' || c === '{') {
			if (++depth > maxPlanNesting) return true;
		} else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
	}
	// YAML block sequences: `- - - x` opens one list per dash on a line.
	return text.split('\n').some((line) => (/^(?:\s*-(?:\s+|$))+/u.exec(line)?.[0].split('-').length ?? 1) - 1 > maxPlanNesting);
}

export function parsePlanText(text: string, name = 'the plan'): unknown {
	const body = text.replace(/^\uFEFF/u, '').trim();
	if (body === '') throw invalid(`${name} is empty`, 'write [] for a plan with no actions');
	const ext = extname(name).toLowerCase();
	if (nestsTooDeep(body)) throw invalid(`${name} nests deeper than any plan (more than ${maxPlanNesting} levels of lists or mappings)`, 'a plan is a list of actions, each a mapping of action, scope, sink, owner and evidence');
	const asJson = () => JSON.parse(body) as unknown;
	const asYaml = () => parseYaml(body, {maxAliasCount: 50}) as unknown;
	try {
		if (ext === '.json') return asJson();
		if (ext === '.yaml' || ext === '.yml') return asYaml();
		try {
			return asJson();
		} catch {
			return asYaml();
		}
	} catch (error) {
		const kind = ext === '.json' ? 'JSON' : ext === '.yaml' || ext === '.yml' ? 'YAML' : 'JSON or YAML';
		// A parser out of stack (a plan nested thousands of levels deep) says only "Maximum call stack size exceeded".
		const reason = /Maximum call stack size exceeded/u.test(String((error as Error).message)) ? 'it nests deeper than any plan: a plan is a list of actions, each a mapping of words' : (error as Error).message.split('\n')[0];
		throw invalid(`${name} is not valid ${kind} (${reason})`, 'a plan file is a JSON or YAML array of actions, or an object with a prevention_plan array');
	}
}

/** One line per action, for files and terminals: `sink · scope · owner — action (evidence: …)`. */
export function actionLine(action: PreventionAction): string {
	return `${action.sink} · ${action.scope} · ${action.owner} — ${action.action} (evidence: ${action.evidence})`;
}

export function countBySink(actions: readonly PreventionAction[]): Partial<Record<PlanSink, number>> {
	const counts: Partial<Record<PlanSink, number>> = {};
	for (const action of actions) counts[action.sink] = (counts[action.sink] ?? 0) + 1;
	return counts;
}
