import type {Effect} from '../app-state.js';
import {FuzzyIndex} from '../fuzzy.js';
import type {EffectContext} from './context.js';

// No wait beyond the keys of one chunk: a search in progress stops at its next slice when a newer
// key arrives, so the search of the last key starts at once (the answer is due < 200 ms after it).
const delayMs = 0;
/** A frame for the progress at most this often: frames are what typing waits for. */
const progressMs = 250;

/** Fuzzy-matches the loaded names after each change to the filter text. */
export class Filter {
	private timer: NodeJS.Timeout | undefined;
	private index: FuzzyIndex | undefined;

	constructor(private readonly context: EffectContext) {}

	schedule({sequence, text}: Extract<Effect, {type: 'filter'}>): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			this.timer = undefined;
			void this.context.track(this.run(sequence, text));
		}, delayMs);
	}

	cancel(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.context.settle();
	}

	pending(): boolean {
		return this.timer !== undefined;
	}

	private async run(sequence: number, text: string): Promise<void> {
		const {getState, dispatch, disposed} = this.context;
		const cancelled = () => disposed() || getState().filter.sequence !== sequence;
		const nodes = getState().tree.nodes;
		if (!this.index || this.index.size !== nodes.size) {
			const names = function* () {
				for (const node of nodes.values()) yield {key: node.key, name: node.name};
			};
			const index = await FuzzyIndex.collect(names(), cancelled);
			if (!index) return;
			this.index = index;
		}
		const searched = this.index.size;
		let shown = performance.now();
		const matches = await this.index.search(text, cancelled, (done, total) => {
			if (cancelled() || performance.now() - shown < progressMs) return;
			shown = performance.now();
			dispatch({type: 'filter/progress', sequence, progress: done / total});
		});
		if (matches && !cancelled()) dispatch({type: 'filter/done', sequence, matches, searched});
	}

	dispose(): void {
		clearTimeout(this.timer);
	}
}
