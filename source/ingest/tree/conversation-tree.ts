import {isRealRequest} from '../formats/requests.js';
import type {Unit} from '../model.js';
import type {Topic} from './topic.js';

/**
 * A session as a tree a person can read: the person's requests are the spine (one topic per
 * request, with everything the agent did for it), a long request's work split into steps by
 * cohesion (each step an answer with the tool runs it made), and neighbouring requests grouped
 * when there are more than fit on a screen. A bare "yes" or "continue" is not a new request.
 */

/** A request's work up to this size (digest characters) stays one topic. */
const stepSplitChars = 12_000;
const stepSplitUnits = 8;

export interface TreeParts {
	/** Topics for a run of units: one, or several found by cohesion. */
	segments(units: Unit[]): Topic[];
	/** One topic holding `units` (their words counted). */
	leaf(units: Unit[]): Topic;
	/** Neighbouring topics gathered until none has too many children. */
	group(topics: Topic[]): Topic[];
	/** Characters of a unit that count. */
	chars(unit: Unit): number;
	/** A topic over `children` that owns `units` itself. */
	parent(units: Unit[], children: Topic[]): Topic;
}

function promptText(unit: Unit): string | undefined {
	if (!unit.opensTurn) return undefined;
	return unit.blocks.find((block) => block.role === 'user' && block.kind === 'prose')?.text;
}

/** The units split at each real request; what comes before the first one joins it. */
export function requestTurns(units: readonly Unit[]): Unit[][] {
	const turns: Unit[][] = [];
	let current: Unit[] = [];
	for (const unit of units) {
		const prompt = promptText(unit);
		if (prompt !== undefined && isRealRequest(prompt) && current.some((other) => promptText(other) !== undefined)) {
			turns.push(current);
			current = [];
		}
		current.push(unit);
	}
	if (current.length > 0) turns.push(current);
	return turns;
}

function turnTopic(units: Unit[], parts: TreeParts): Topic {
	const chars = units.reduce((sum, unit) => sum + parts.chars(unit), 0);
	if (units.length < stepSplitUnits || chars < stepSplitChars) return parts.leaf(units);
	// The request itself (with its first answer) is the node's own text; the work after it, its steps.
	const [first, ...rest] = units;
	const steps = parts.segments(rest);
	if (steps.length < 2) return parts.leaf(units);
	return parts.parent([first!], parts.group(steps));
}

export function conversationTree(units: Unit[], parts: TreeParts): Topic {
	const turns = requestTurns(units).map((turn) => turnTopic(turn, parts));
	if (turns.length === 1) return turns[0]!;
	return parts.parent([], parts.group(turns));
}
