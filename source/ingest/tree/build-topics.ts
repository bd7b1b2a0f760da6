import type {ParsedSource, Section, SourceFlavor, Unit} from '../model.js';
import {segmentBagSize, segmentUnits, type SegmentLimits} from '../segment/texttiling.js';
import {capBag, cosine, mergeBag, type Bag, type Lexicon} from '../../text/summary-words.js';
import {markupRole} from '../formats/markup-lines.js';
import {conversationTree} from './conversation-tree.js';
import {newTopic, type Topic} from './topic.js';
import {blockDigest, unitTerms} from './unit-terms.js';
import {append, prepend} from '../../core/arrays.js';

/**
 * Turns a parsed source into a tree of topics: headings where the source has them, topics found
 * by lexical cohesion where it does not, and groups of neighbouring topics wherever a node would
 * otherwise have more than `fanOut` children.
 */

export const fanOut = 12;

export const segmentLimits: Record<SourceFlavor, SegmentLimits> = {
	// Paragraphs: a topic is a few paragraphs, from about a screen to a few pages.
	document: {span: 2, minUnits: 2, maxUnits: 48, minChars: 3500, maxChars: 20_000},
	// Conversation steps: a prompt, or an answer with its tool calls and results.
	conversation: {span: 2, minUnits: 3, maxUnits: 30, minChars: 500, maxChars: 16_000},
};

/** Section text up to this size stays with its heading instead of becoming subtopics. */
const introChars = 4000;

function bagOfUnits(units: readonly Unit[], lexicon?: Lexicon): {bag: Bag; chars: number} {
	const bag: Bag = new Map();
	let chars = 0;
	for (const unit of units) chars += unitTerms(unit, bag, lexicon).chars;
	return {bag: capBag(bag, segmentBagSize), chars};
}

function subtreeBag(own: Bag, children: readonly Topic[]): Bag {
	const bag = new Map(own);
	for (const child of children) mergeBag(bag, child.bag);
	return capBag(bag, segmentBagSize);
}

class TopicBuilder {
	constructor(
		private readonly limits: SegmentLimits,
		private readonly endTitles?: ReadonlySet<string>,
		private readonly lexicon?: Lexicon,
	) {}

	/** Topics for a run of units: one when short or cohesive, else one per segment. */
	segments(units: Unit[], underHeading: boolean): Topic[] {
		if (units.length === 0) return [];
		const roughChars = units.reduce((sum, unit) => sum + unit.blocks.reduce((size, block) => size + blockDigest(block).length, 0), 0);
		// A whole short text may still change topic: its topics may be smaller, down to a quarter of
		// the usual minimum. Under a heading the author already named the topic: only a long section
		// is split further.
		const minChars = underHeading ? this.limits.minChars * 1.5 : Math.max(this.limits.minChars / 4, Math.min(this.limits.minChars, roughChars / 5));
		const limits = {...this.limits, minChars};
		if (units.length < limits.minUnits * 2 || roughChars < limits.minChars * 2) {
			const {bag, chars} = bagOfUnits(units, this.lexicon);
			return [newTopic({units, bag, chars, ...(units[0]?.heading ? {heading: units[0].heading} : {})})];
		}
		return segmentUnits(units, {limits, ...(this.endTitles ? {endTitles: this.endTitles} : {}), ...(this.lexicon ? {lexicon: this.lexicon} : {})}).map((segment) => {
			const segmentUnitsList = units.slice(segment.start, segment.end);
			const heading = segmentUnitsList[0]?.heading;
			return newTopic({units: segmentUnitsList, bag: segment.bag, chars: segment.chars, ...(heading ? {heading} : {})});
		});
	}

	section(section: Section): Topic {
		const children = section.children.map((child) => this.section(child));
		let units = section.units;
		let own: {bag: Bag; chars: number};
		if (children.length === 0) {
			const parts = this.segments(units, Boolean(section.heading));
			if (parts.length === 1) {
				const only = parts[0]!;
				return newTopic({units, bag: only.bag, chars: only.chars, ...(section.heading ? {heading: section.heading} : only.heading ? {heading: only.heading} : {})});
			}
			own = {bag: new Map(), chars: 0};
			units = [];
			append(children, parts);
		} else {
			own = bagOfUnits(units, this.lexicon);
			if (own.chars > introChars && units.length >= this.limits.minUnits * 2) {
				const parts = this.segments(units, true);
				if (parts.length > 1) {
					prepend(children, parts);
					units = [];
					own = {bag: new Map(), chars: 0};
				}
			}
		}
		const grouped = groupTopics(children);
		return newTopic({units, children: grouped, bag: subtreeBag(own.bag, grouped), chars: own.chars, ...(section.heading ? {heading: section.heading} : {})});
	}
}

/**
 * Gathers neighbouring topics into groups until no node has more than `fanOut` children, cutting
 * where neighbours share the fewest words, near evenly spaced points.
 */
export function groupTopics(topics: Topic[], limit = fanOut): Topic[] {
	let level = topics;
	while (level.length > limit) {
		const count = Math.ceil(level.length / limit);
		const similarity = level.slice(1).map((topic, index) => cosine(level[index]!.bag, topic.bag));
		const cuts: number[] = [];
		const slack = Math.max(1, Math.floor(limit / 4));
		for (let group = 1; group < count; group++) {
			const ideal = Math.round((group * level.length) / count);
			const previous = cuts.at(-1) ?? 0;
			// No group may exceed the limit, and what is left must still fit in the remaining groups.
			const low = Math.max(previous + 1, ideal - slack, level.length - (count - group) * limit);
			const high = Math.min(level.length - 1, ideal + slack, previous + limit);
			let best = Math.max(low, Math.min(ideal, high));
			for (let at = low; at <= high; at++) if (similarity[at - 1]! < similarity[best - 1]!) best = at;
			cuts.push(best);
		}
		const bounds = [0, ...cuts, level.length];
		const next: Topic[] = [];
		for (let i = 0; i + 1 < bounds.length; i++) {
			const members = level.slice(bounds[i], bounds[i + 1]);
			if (members.length === 1) next.push(members[0]!);
			else next.push(newTopic({units: [], children: members, bag: subtreeBag(new Map(), members), chars: 0}));
		}
		if (next.length >= level.length) break;
		level = next;
	}
	return level;
}

/** The topic tree of a parsed source; the root stands for the whole item. */
export function buildTopics(source: ParsedSource, lexicon?: Lexicon): Topic {
	let root = source.root;
	// A document that is one heading with everything under it: that heading is the item (and
	// keeps the front matter that came before it).
	const onlyFrontMatter = (section: Section) => section.units.every((unit) => unit.blocks.every((block) => block.role === 'front_matter' || block.role === markupRole || block.text.trim() === ''));
	if (!root.heading && root.children.length === 1 && onlyFrontMatter(root)) {
		const only = root.children[0]!;
		root = {...only, units: [...root.units, ...only.units]};
	}
	const builder = new TopicBuilder(segmentLimits[source.flavor], source.facts.titlesByEnd ? new Set(source.facts.titlesByEnd.keys()) : undefined, lexicon);
	if (source.flavor === 'conversation' && root.children.length === 0) {
		return conversationTree(root.units, {
			segments: (units) => builder.segments(units, false),
			leaf: (units) => {
				const {bag, chars} = bagOfUnits(units, lexicon);
				return newTopic({units, bag, chars});
			},
			group: (topics) => groupTopics(topics),
			chars: (unit) => unit.blocks.reduce((size, block) => size + blockDigest(block).length, 0),
			parent: (units, children) => {
				const own = bagOfUnits(units, lexicon);
				return newTopic({units, children, bag: subtreeBag(own.bag, children), chars: own.chars});
			},
		});
	}
	return builder.section(root);
}
