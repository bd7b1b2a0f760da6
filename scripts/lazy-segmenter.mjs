// The first Intl.Segmenter a process makes loads ICU's break rules (~18 ms of CPU here), and Ink's
// text packages each make one as they load, before the explorer draws anything. The bundle turns
// every `Intl.Segmenter` into this class (a `define` in scripts/build.mjs): the real segmenter is
// made on first use, and grapheme segmentation of ASCII-only text, which is all the first frame
// asks for (SGR codes), is done here: in ASCII every character is a cluster of its own except
// CR LF (Unicode's grapheme rules GB3–GB5), so no ICU is needed. test/scripts/fast-paths checks
// the segments against the real segmenter's.
const Real = globalThis.Intl.Segmenter;
const ascii = /^[\u0000-\u007f]*$/u;

/** One grapheme cluster: as Intl's segment data (segment, index, input). */
function clusterAt(input, index) {
	const end = input.charCodeAt(index) === 0x0d && input.charCodeAt(index + 1) === 0x0a ? index + 2 : index + 1;
	return {segment: input.slice(index, end), index, input};
}

/** The grapheme clusters of ASCII text, with the two things Intl's Segments object offers. */
function asciiSegments(input) {
	return {
		containing(position = 0) {
			const at = Math.trunc(Number(position)) || 0;
			if (at < 0 || at >= input.length) return undefined;
			// The second half of CR LF belongs to the cluster that starts at the CR.
			return at > 0 && input.charCodeAt(at) === 0x0a && input.charCodeAt(at - 1) === 0x0d ? clusterAt(input, at - 1) : clusterAt(input, at);
		},
		*[Symbol.iterator]() {
			for (let index = 0; index < input.length; ) {
				const cluster = clusterAt(input, index);
				index += cluster.segment.length;
				yield cluster;
			}
		},
	};
}

export class LazySegmenter {
	#locales;
	#options;
	#real;

	constructor(locales, options) {
		this.#locales = locales;
		this.#options = options;
	}

	#segmenter() {
		this.#real ??= new Real(this.#locales, this.#options);
		return this.#real;
	}

	segment(text) {
		const input = String(text);
		if ((this.#options?.granularity ?? 'grapheme') === 'grapheme' && ascii.test(input)) return asciiSegments(input);
		return this.#segmenter().segment(input);
	}

	resolvedOptions() {
		return this.#segmenter().resolvedOptions();
	}

	static supportedLocalesOf(locales, options) {
		return Real.supportedLocalesOf(locales, options);
	}
}
