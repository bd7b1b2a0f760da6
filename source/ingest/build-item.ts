import type {FileDateOrigin} from './file-date.js';
import type {ItemRecord} from '../store/interchange.js';
import {makeSourceInert} from './inert-source.js';
import type {ParsedSource} from './model.js';
import {buildTopics} from './tree/build-topics.js';
import {ExtractiveDescriber} from './tree/describe.js';
import {graftSubagents} from './tree/subagents.js';
import {topicsToItem, type ItemFacts} from './tree/to-item.js';
import type {Topic} from './tree/topic.js';
import {Lexicon} from '../text/summary-words.js';
import type {SessionContext} from './llm/session-context.js';
import {usageBuckets} from './usage-buckets.js';

export interface DescribedSource {
	root: Topic;
	title: string;
	tldr: string;
	/** The title is the source's own (front matter, a page or conversation title, a heading). */
	titleFromSource: boolean;
	/** Subagents' warm-ups (a "Warmup" prompt, nothing done) left out of the tree. */
	warmups?: number;
	/** A session's own title, requests and final report: what the LLM summarizer is given for the root. */
	session?: SessionContext;
}

/** Segments and describes a parsed source with the extractive summarizer. */
export function describeSource(parsed: ParsedSource): DescribedSource {
	makeSourceInert(parsed);
	const lexicon = new Lexicon();
	const root = buildTopics(parsed, lexicon);
	const {title, tldr, ownTitle, mainRequest} = new ExtractiveDescriber(parsed.flavor, parsed.facts, lexicon).describe(root);
	// The agent's own title names the item; drill's stays at hand.
	const provenance = parsed.facts.provenance;
	if ((provenance?.agent_title || provenance?.user_title) && ownTitle !== title) provenance.own_title = ownTitle;
	const session = parsed.flavor === 'conversation' ? sessionContext(parsed, mainRequest) : undefined;
	const {warmups} = graftSubagents(root, parsed, describeSource);
	// A session is named by the person's first request: a summarizer does not rename it.
	return {root, title, tldr, titleFromSource: Boolean(parsed.facts.title || root.heading || parsed.flavor === 'conversation'), ...(warmups > 0 ? {warmups} : {}), ...(session ? {session} : {})};
}

/** The person's requests (the prompts that open turns), the main one, the agent's last answer and the files edited, with the session's own title. */
function sessionContext(parsed: ParsedSource, mainRequest: string | undefined): SessionContext {
	const requests: string[] = [];
	let finalReport: string | undefined;
	const visit = (section: ParsedSource['root']) => {
		for (const unit of section.units) {
			for (const block of unit.blocks) {
				if (block.role === 'user' && unit.opensTurn && block.text.trim()) requests.push(block.text.trim());
				if (block.role === 'assistant' && block.kind === 'prose' && block.text.trim()) finalReport = block.text.trim();
			}
		}
		section.children.forEach(visit);
	};
	visit(parsed.root);
	const provenance = parsed.facts.provenance;
	const agentTitle = provenance?.user_title ?? provenance?.agent_title ?? parsed.facts.title;
	const filesEdited = provenance?.files_edited;
	return {requests, ...(mainRequest ? {mainRequest} : {}), ...(agentTitle ? {agentTitle} : {}), ...(finalReport ? {finalReport} : {}), ...(filesEdited?.length ? {filesEdited} : {})};
}

/** `fallbackDate` dates an item that records no date of its own; `fallbackFrom` says where it came from (a file's name or its time). */
export type ItemIdentity = Omit<ItemFacts, 'title' | 'tldr' | 'generatedAt'> & {generatedAt?: string; fallbackDate: string; fallbackFrom?: FileDateOrigin};

/** The described tree as an item; where the source came from (agent, project, times, …) joins its `source`. */
export function describedToItem(described: DescribedSource, parsed: ParsedSource, identity: ItemIdentity): ItemRecord {
	const {fallbackDate, fallbackFrom, generatedAt, source, ...rest} = identity;
	const own = generatedAt ?? parsed.facts.generatedAt;
	const provenance = parsed.facts.provenance;
	// A session dated by its file says so: its list place and day are the file's, not its own.
	const datedFrom = own === undefined && fallbackFrom && provenance?.turns !== undefined && !provenance.started_at ? {dated_from: fallbackFrom, file_date: fallbackDate} : {};
	const usage = parsed.flavor === 'conversation' ? usageBuckets(parsed, own ?? fallbackDate) : undefined;
	return topicsToItem(described.root, {
		...rest,
		source: {...source, ...provenance, ...datedFrom, ...(usage ? {usage} : {})},
		title: described.title,
		tldr: described.tldr,
		generatedAt: own ?? fallbackDate,
	});
}
