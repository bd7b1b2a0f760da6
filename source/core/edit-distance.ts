/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of
 * neighbours. Past `farther` apart in length, the strings are infinitely far (not worth the table).
 */
export function editDistance(a: string, b: string, farther = Number.POSITIVE_INFINITY): number {
	if (Math.abs(a.length - b.length) > farther) return Number.POSITIVE_INFINITY;
	const rows = Array.from({length: a.length + 1}, (_, i) => Array.from({length: b.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
			rows[i]![j] = value;
		}
	}
	return rows[a.length]![b.length]!;
}
