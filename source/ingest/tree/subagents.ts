import type {ItemSource} from '../../store/interchange.js';
import {addTokens, isWarmup} from '../formats/session-facts.js';
import type {ParsedSource} from '../model.js';
import {newTopic, type Topic} from './topic.js';
import {messagesOf} from '../usage-buckets.js';
import type {MessageUsage} from '../../core/usage.js';
import {append} from '../../core/arrays.js';

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
	// The session's own messages (or its totals at its start) before the subagents' tokens join them.
	let usage: MessageUsage[] | undefined;
	for (const spawned of parsed.subagents ?? []) {
		if (isWarmup(spawned)) {
			grafted.warmups++;
			continue;
		}
		const sub = spawned.forked?.from !== undefined && spawned.forked.from === provenance.session_id ? withoutParentHistory(spawned, parsed) : spawned;
		if (sub.root.units.length === 0 && sub.root.children.length === 0) continue;
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
		usage ??= [...messagesOf(parsed)];
		append(usage, messagesOf(sub));
		addCosts(provenance, sub.facts.provenance);
	}
	if (usage) parsed.usage = usage;
	if (grafted.subagents > 0) provenance.subagents = grafted.subagents;
	return grafted;
}

/**
 * A thread forked from its parent (Codex's `spawn_agent` with `fork_context`) begins with the
 * parent's history copied into its log (the requests, final answers and context;
 * `keep_forked_rollout_item` in codex-rs/core/src/agent/control/spawn.rs): those leading units
 * are the parent's, already in its tree, and are left out up to the first one of the thread's
 * own. Its running token total was seeded with the parent's (`last_token_info_from_rollout` on a
 * fork): the total the copy ended with is taken off, so only the thread's own are added.
 */
function withoutParentHistory(sub: ParsedSource, parent: ParsedSource): ParsedSource {
	const parentTexts = new Set(parent.root.units.flatMap((unit) => unit.blocks.map((block) => block.text.trim())));
	const copied = (unit: ParsedSource['root']['units'][number]) => unit.blocks.every((block) => block.role === 'system' || block.text.trim() === '' || parentTexts.has(block.text.trim()));
	let start = 0;
	while (start < sub.root.units.length && copied(sub.root.units[start]!)) start++;
	const seeded = sub.forked?.tokens.filter((mark) => mark.units <= start).at(-1)?.tokens;
	const own = sub.facts.provenance?.tokens;
	const tokens = own && seeded ? Object.fromEntries(Object.entries(own).map(([key, value]) => [key, Math.max(0, value - (seeded[key as keyof typeof seeded] ?? 0))])) : own;
	// The counts made while the copy was read are the parent's too.
	const usage = sub.usage?.filter((message) => message.units === undefined || message.units > start);
	return {...sub, ...(usage ? {usage} : {}), facts: {...sub.facts, provenance: {...sub.facts.provenance, ...(tokens ? {tokens} : {})}}, root: {...sub.root, units: sub.root.units.slice(start)}};
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
