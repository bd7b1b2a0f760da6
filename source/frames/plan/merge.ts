import type {MergedAction, PropagatedAction} from './plan.js';

/** The dedupe key's action part: its words, with case, punctuation, markup and spacing ignored. */
export function normalizeAction(text: string): string {
	return text
		.normalize('NFKC')
		.toLowerCase()
		.replace(/['\u2018\u2019]/gu, '')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim();
}

export function dedupeKey(action: {sink: string; action: string}): string {
	return `${action.sink}\u0000${normalizeAction(action.action)}`;
}

/**
 * How precisely evidence points at something: 2 for a location inside an artifact (an anchor,
 * a line number), 1 for an artifact (a path or URL), 0 for prose.
 */
export function evidenceSpecificity(evidence: string): number {
	if (/(#[\w-]+|:\d+(?:[-:]\d+)?\b|\bL\d+\b|\blines? \d+)/u.test(evidence)) return 2;
	if (/([a-z][a-z0-9+.-]*:\/\/|\/|\.[a-z0-9]{1,6}\b)/iu.test(evidence)) return 1;
	return 0;
}

function moreSpecific(a: PropagatedAction, b: PropagatedAction): boolean {
	const sa = evidenceSpecificity(a.evidence);
	const sb = evidenceSpecificity(b.evidence);
	if (sa !== sb) return sa > sb;
	if (a.depth !== b.depth) return a.depth > b.depth;
	return a.evidence.length > b.evidence.length;
}

/**
 * The post-drill merge: dedupe by sink + normalized action, keep the entry with the most specific
 * evidence (then the deeper drill, then the longer evidence), and list every drill that proposed
 * it. Actions keep the order in which they were first proposed.
 */
export function mergePlans(entries: readonly PropagatedAction[]): MergedAction[] {
	const groups = new Map<string, {best: PropagatedAction; from: string[]}>();
	for (const entry of entries) {
		const key = dedupeKey(entry);
		const group = groups.get(key);
		if (!group) {
			groups.set(key, {best: entry, from: [entry.from]});
			continue;
		}
		if (!group.from.includes(entry.from)) group.from.push(entry.from);
		if (moreSpecific(entry, group.best)) group.best = entry;
	}
	return [...groups.values()].map(({best, from}) => ({action: best.action, scope: best.scope, sink: best.sink, owner: best.owner, evidence: best.evidence, from}));
}
