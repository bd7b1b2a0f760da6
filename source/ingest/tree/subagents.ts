import type {ItemSource} from '../../store/interchange.js';
import {addTokens, isWarmup} from '../formats/session-facts.js';
import type {ParsedSource} from '../model.js';
import {newTopic, type Topic} from './topic.js';

/** What describing a source gives that a subagent's node is made of. */
interface Described {
	root: Topic;
	title: string;
	tldr: string;
}

/** What `graftSubagents` did: the nodes added and the warm-ups left out. */
export interface Grafted {
	subagents: number;
	warmups: number;
}

/**
 * Puts each subagent of a session into its tree as a child of the root, `Subagent: <its title>`
 * with its own TLDR as the summary and its own topics beneath, so no line of it is lost. A
 * warm-up (a "Warmup" prompt and nothing done) is left out and counted. What the subagents cost
 * and changed (tokens, files, commits) is added to the session's own.
 */
export function graftSubagents(root: Topic, parsed: ParsedSource, describe: (sub: ParsedSource) => Described): Grafted {
	const grafted: Grafted = {subagents: 0, warmups: 0};
	const provenance = (parsed.facts.provenance ??= {});
	for (const sub of parsed.subagents ?? []) {
		if (isWarmup(sub)) {
			grafted.warmups++;
			continue;
		}
		const described = describe(sub);
		const title = `Subagent: ${described.title}`;
		root.children.push(newTopic({
			heading: title,
			title,
			summary: described.tldr,
			keywords: described.root.keywords,
			sentences: described.root.sentences,
			sentenceTerms: described.root.sentenceTerms,
			units: described.root.units,
			children: described.root.children,
			bag: described.root.bag,
			chars: described.root.chars,
			...(described.root.best ? {best: described.root.best} : {}),
		}));
		// Its own subagents (a Codex thread's spawned threads) are in its node, and count with it.
		grafted.subagents += 1 + (sub.facts.provenance?.subagents ?? 0);
		grafted.warmups += subWarmups(sub);
		addCosts(provenance, sub.facts.provenance);
	}
	if (grafted.subagents > 0) provenance.subagents = grafted.subagents;
	return grafted;
}

const subWarmups = (sub: ParsedSource) => (sub.subagents ?? []).filter(isWarmup).length;

type Provenance = Omit<ItemSource, 'uri' | 'kind'>;

function addCosts(into: Provenance, sub: Provenance | undefined): void {
	if (!sub) return;
	const tokens = addTokens(into.tokens, sub.tokens);
	if (tokens) into.tokens = tokens;
	if (sub.files_edited?.length) into.files_edited = [...new Set([...(into.files_edited ?? []), ...sub.files_edited])].slice(0, 500);
	if (sub.commits) into.commits = (into.commits ?? 0) + sub.commits;
}
