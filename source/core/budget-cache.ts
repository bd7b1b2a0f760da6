/**
 * Holds values that can be made again (an item's term counts, recomputed from its stored text)
 * up to a byte budget: what fits is kept for the next reader, what does not is let go at once and
 * made again by whoever needs it. `release()` lets everything go (training is over). The bytes are
 * the caller's estimate of what a value holds (see `bagBytes` in search/indexing/training-counts.ts).
 */
export class BudgetCache<K, V> {
	private readonly held = new Map<K, {value: V; bytes: number}>();
	private bytes = 0;
	/** Values offered that did not fit (each is made again when asked for). */
	refused = 0;

	constructor(readonly budgetBytes: number) {}

	/** Keeps `value` under `key` if its `bytes` fit in what is left of the budget; whether it did. */
	keep(key: K, value: V, bytes: number): boolean {
		const before = this.held.get(key);
		if (before) {
			this.bytes -= before.bytes;
			this.held.delete(key);
		}
		if (this.bytes + bytes > this.budgetBytes) {
			this.refused++;
			return false;
		}
		this.held.set(key, {value, bytes});
		this.bytes += bytes;
		return true;
	}

	/** The value kept under `key`, if it was kept and not released. */
	get(key: K): V | undefined {
		return this.held.get(key)?.value;
	}

	/** The bytes held now. */
	get heldBytes(): number {
		return this.bytes;
	}

	/** How many values are held now. */
	get size(): number {
		return this.held.size;
	}

	/** Lets every value go. */
	release(): void {
		this.held.clear();
		this.bytes = 0;
	}
}
