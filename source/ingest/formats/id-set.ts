/** A lowercase UUID as most logs write it (`8-4-4-4-12` hex digits). */
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/**
 * A set of ids that are mostly UUIDs, for a log of a million lines: each lowercase UUID is kept as
 * four 32-bit words (16 bytes) rather than as a string in a `Set` (~80 bytes with its entry); any
 * other id is kept as its string. Membership is exact, and asked of many ids at once (`hasOf`),
 * in one pass over the words.
 */
export class IdSet {
	private words = new Uint32Array(1024);
	private count = 0;
	private readonly others = new Set<string>();

	add(id: string): void {
		if (!uuidShape.test(id)) {
			this.others.add(id);
			return;
		}
		if ((this.count + 1) * 4 > this.words.length) {
			const grown = new Uint32Array(this.words.length * 2);
			grown.set(this.words);
			this.words = grown;
		}
		wordsOf(id, this.words, this.count * 4);
		this.count++;
	}

	/** The ids given that the set holds. */
	hasOf(ids: Iterable<string>): Set<string> {
		const held = new Set<string>();
		// The UUIDs asked for, by their first word: the pass compares the rest only where that matches.
		const wanted = new Map<number, Array<{key: Uint32Array; id: string}>>();
		for (const id of ids) {
			if (this.others.has(id)) held.add(id);
			else if (uuidShape.test(id)) {
				const key = new Uint32Array(4);
				wordsOf(id, key, 0);
				const same = wanted.get(key[0]!);
				if (same) same.push({key, id});
				else wanted.set(key[0]!, [{key, id}]);
			}
		}
		if (wanted.size === 0) return held;
		const {words} = this;
		for (let i = 0; i < this.count * 4; i += 4) {
			const candidates = wanted.get(words[i]!);
			if (!candidates) continue;
			for (const {key, id} of candidates) if (key[1] === words[i + 1] && key[2] === words[i + 2] && key[3] === words[i + 3]) held.add(id);
		}
		return held;
	}
}

/** A UUID's 32 hex digits as four words, written at `at`. */
function wordsOf(id: string, into: Uint32Array, at: number): void {
	const hex = id.replaceAll('-', '');
	for (let word = 0; word < 4; word++) into[at + word] = Number.parseInt(hex.slice(word * 8, word * 8 + 8), 16);
}
