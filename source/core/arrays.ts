// `target.push(...items)`, `Math.max(...values)` and `f.apply(null, values)` pass every element as
// an argument, and V8 throws "Maximum call stack size exceeded" past about 100 000 of them (a
// JSONL of a million lines did). Anything whose length the input decides goes through these.

/** Appends every item to `target`, in order, and returns it. */
export function append<T>(target: T[], items: Iterable<T>): T[] {
	for (const item of items) target.push(item);
	return target;
}

/** Puts every item before the first of `target`, in order, and returns it. */
export function prepend<T>(target: T[], items: readonly T[]): T[] {
	if (items.length === 0) return target;
	const rest = target.splice(0);
	append(target, items);
	append(target, rest);
	return target;
}

/** The largest of `values`, or `floor` when there are none (or all are smaller). */
export function largest(values: Iterable<number>, floor = Number.NEGATIVE_INFINITY): number {
	let best = floor;
	for (const value of values) if (value > best) best = value;
	return best;
}

/**
 * Adds `value` to the list `map` keeps under `key`. (`map.set(key, [...(map.get(key) ?? []), value])`
 * copies the list each time: a node that owns 300 000 spans took minutes to read back.)
 */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}
