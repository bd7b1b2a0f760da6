import type {Unit} from '../model.js';
import type {Bag} from '../../text/summary-words.js';

/**
 * One node of the tree being built. A topic owns blocks (its raw spans) and/or child topics;
 * `describe` fills in the title, summary and keywords.
 */
export interface Topic {
	/** A title the source gives (a heading, a conversation's own title for this stretch). */
	heading?: string;
	/** The units whose blocks this topic owns, in order. */
	units: Unit[];
	children: Topic[];
	/** The heaviest words of the topic's own units (not of its children). */
	bag: Bag;
	/** Characters that counted toward `bag`. */
	chars: number;

	title: string;
	summary: string;
	keywords: string[];
	/** The summary's sentences, so a parent can rank them against its own. */
	sentences: string[];
	/** The most central of `sentences`. */
	best?: string;
	/** The stems of each of `sentences`. */
	sentenceTerms: string[][];
}

export function newTopic(fields: Partial<Topic> & Pick<Topic, 'units' | 'bag' | 'chars'>): Topic {
	return {children: [], title: '', summary: '', keywords: [], sentences: [], sentenceTerms: [], ...fields};
}

export function isLeaf(topic: Topic): boolean {
	return topic.children.length === 0;
}

/** Every topic under `root` (itself included), parents before children, in document order. */
export function* preorder(root: Topic): Generator<Topic> {
	const stack: Topic[] = [root];
	while (stack.length > 0) {
		const topic = stack.pop()!;
		yield topic;
		for (let i = topic.children.length - 1; i >= 0; i--) stack.push(topic.children[i]!);
	}
}

/** Children before parents, so each node can build on its children's results. */
export function postorder(root: Topic): Topic[] {
	const order = [...preorder(root)];
	return order.reverse();
}
