import {editDistance} from '../core/edit-distance.js';

/**
 * The valid name an agent most likely meant: the same name written another way (`nodeId`,
 * `node-id`, `NODE_ID` for `node_id`), a common alias (`limit` for `top_k`, `id` for `node_id`),
 * or the closest spelling within a few edits. Undefined when nothing is close.
 */
export function nearestName(given: string, valid: readonly string[]): string | undefined {
	const plain = squash(given);
	if (plain === '') return undefined;
	const exact = valid.find((name) => squash(name) === plain);
	if (exact) return exact;
	const alias = aliases[plain]?.find((name) => valid.includes(name));
	if (alias) return alias;
	let best: {name: string; distance: number} | undefined;
	for (const name of valid) {
		const distance = editDistance(plain, squash(name), 8);
		if (distance <= Math.max(1, Math.floor(Math.max(plain.length, name.length) / 3)) && (!best || distance < best.distance)) best = {name, distance};
	}
	return best?.name;
}

/** Lower case, letters and digits only: `nodeId`, `node-id` and `node_id` are one name. */
const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/gu, '');

/** Names agents reach for from other tools' vocabularies, by squashed name, in order of preference. */
const aliases: Record<string, readonly string[]> = {
	limit: ['top_k'],
	k: ['top_k'],
	n: ['top_k'],
	count: ['top_k'],
	maxresults: ['top_k'],
	numresults: ['top_k'],
	results: ['top_k'],
	id: ['node_id', 'drill'],
	node: ['node_id'],
	path: ['node_id'],
	uri: ['node_id'],
	ids: ['node_ids'],
	nodes: ['node_ids'],
	q: ['query'],
	text: ['query'],
	search: ['query'],
	namespace: ['scope'],
	ns: ['scope'],
	mode: ['method', 'direction'],
	budget: ['max_bytes', 'max_chars'],
	maxsize: ['max_bytes', 'max_chars'],
	maxlength: ['max_chars', 'max_bytes'],
	maxtokens: ['max_bytes', 'max_chars'],
	start: ['offset', 'content_offset'],
	skip: ['offset'],
	page: ['offset'],
	cursor: ['content_offset', 'offset', 'from'],
	plan: ['prevention_plan'],
	preventionplan: ['prevention_plan'],
	parent: ['from'],
	frame: ['from'],
	frameid: ['from'],
	drillid: ['from', 'drill'],
	current: ['from'],
	name: ['slug'],
	goal: ['objective'],
	question: ['objective'],
	task: ['objective'],
	result: ['payload'],
	summary: ['payload'],
	files: ['context'],
	root: ['new_root'],
	toplevel: ['new_root'],
	fix: ['repair'],
	dryrun: ['apply'],
};
