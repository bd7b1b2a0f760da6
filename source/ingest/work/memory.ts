import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';

/**
 * V8 sizes its next collection from the live memory at the last one. Summarizing a 20 MB file keeps
 * ~150 MB live for a moment, after which V8 lets garbage grow to several times that before it
 * collects again: a 200 MB ingest peaked at 700 MB of RSS with 17 MB live. Collecting once after
 * such an item puts the limit back where the live memory is.
 */
let collect: (() => void) | undefined | null = null;

function collector(): (() => void) | undefined {
	if (collect === null) {
		try {
			// The documented way to reach V8's collector without starting node with --expose-gc.
			setFlagsFromString('--expose-gc');
			collect = runInNewContext('gc') as () => void;
		} catch {
			collect = undefined;
		}
	}
	return collect;
}

/** Text written since the last collection; past this, or after one item this big, collect. */
const collectEveryBytes = 16 << 20;

export class MemoryKeeper {
	private sinceCollection = 0;

	/** Counts the text of an item just written. */
	written(bytes: number): void {
		this.sinceCollection += bytes;
	}

	/**
	 * Collects now, before a big item is written: reading and summarizing it left several times its
	 * size of garbage (a 1M-line session: ~300 MB beside its ~200 MB item), which writing it, its
	 * search rows made as it goes, would otherwise sit on top of.
	 */
	collectNow(): void {
		this.sinceCollection = 0;
		collector()?.();
	}

	/** Collects when enough was written since the last time; call where no item is held any more. */
	collectIfDue(): void {
		if (this.sinceCollection < collectEveryBytes) return;
		this.sinceCollection = 0;
		collector()?.();
	}
}

/** A source this big is summarized and written with V8's heap kept near its live size (see `tightHeap`). */
export const tightHeapBytes = 32 << 20;

let tightened = 0;

/**
 * Keeps V8's heap within a tenth above what is live at each collection, until the function it
 * returns is called. V8 lets a heap grow to a multiple of its live size before it collects again:
 * a 1M-line session held ~400 MB live after reading, and describing it let garbage take RSS from
 * ~590 to ~850 MB. With the growth capped the garbage is collected as it comes (more often, on a
 * heap that is mostly the source), and RSS stayed under ~570 MB there. The flag is the process's:
 * nested and concurrent holders share it, and the last one out puts V8's own growth back.
 */
export function tightHeap(): () => void {
	if (tightened++ === 0) setHeapGrowth(10);
	let done = false;
	return () => {
		if (done) return;
		done = true;
		if (--tightened === 0) setHeapGrowth(0);
	};
}

function setHeapGrowth(percent: number): void {
	try {
		// 0 is V8's default: a factor it chooses from the collector's speed.
		setFlagsFromString(`--heap-growing-percent=${percent}`);
	} catch {
		// A runtime without the flag grows its heap as it always did.
	}
}

/** Collects garbage now (V8's limit for the next collection is set from what is live then). */
export function collectGarbage(): void {
	collector()?.();
}
