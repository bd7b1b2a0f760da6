import {DrillError} from '../core/errors.js';
import {give, hint, run} from '../core/hint.js';
import type {DrillMeta} from './files/drill-file.js';

/** Scope entries compare by their segments: `services/api` covers `services/api/db.ts#pool`. */
function segments(scope: string): string[] {
	return scope
		.trim()
		.replace(/^\.\/+/u, '')
		.split(/[/#:\\]+/u)
		.map((part) => part.trim().toLowerCase())
		.filter((part) => part !== '' && part !== '.');
}

export function scopeCovers(parent: string, child: string): boolean {
	const outer = segments(parent);
	if (outer.length === 0 || outer[0] === '*') return true;
	const inner = segments(child);
	return outer.length <= inner.length && outer.every((part, index) => inner[index] === part);
}

export function normalizeObjective(text: string): string {
	return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export interface NarrowerInput {
	slug: string;
	objective: string;
	scope: string[];
}

/**
 * Step 1 of the downward drill: the new frame must be strictly narrower than the current one.
 * Its slug and objective differ from every ancestor's, its scope (when both have one) lies inside
 * the current frame's, and the tree stays within `maxDepth`. Returns the child's effective scope
 * (the parent's when it gives none).
 */
export function checkNarrower(chain: readonly DrillMeta[], child: NarrowerInput, maxDepth: number): string[] {
	const depth = chain.length + 1;
	if (depth > maxDepth) {
		throw new DrillError('frame_too_deep', `a drill here would be ${depth} levels deep, deeper than the limit of ${maxDepth}`, hint`close a frame with ${run('up')} first, or raise the limit with ${give('down', 'max_depth')}`);
	}
	for (const ancestor of chain) {
		if (ancestor.slug === child.slug) {
			throw new DrillError('frame_not_narrower', `slug "${child.slug}" is already used by the enclosing drill ${ancestor.id}`, 'name the narrower question with its own slug');
		}
		if (normalizeObjective(ancestor.objective) === normalizeObjective(child.objective)) {
			throw new DrillError('frame_not_narrower', `the objective repeats the one of the enclosing drill ${ancestor.id} (${JSON.stringify(ancestor.objective)})`, 'a child frame asks a narrower question: state it');
		}
	}
	const current = chain.at(-1);
	if (!current || current.scope.length === 0) return child.scope;
	if (child.scope.length === 0) return [...current.scope];
	for (const entry of child.scope) {
		if (!current.scope.some((outer) => scopeCovers(outer, entry))) {
			throw new DrillError('frame_not_narrower', `scope ${JSON.stringify(entry)} is not inside the current drill's scope (${current.scope.join(', ')})`, `give a scope within ${current.scope.join(' or ')}, or close this drill first`);
		}
	}
	return child.scope;
}
