/** The metrics of ../shared/eval/README.md, at item level. */
export function ndcgAt(ranked: readonly string[], judged: ReadonlyMap<string, number>, k = 10): number {
	let dcg = 0;
	ranked.slice(0, k).forEach((id, index) => {
		const gain = judged.get(id) ?? 0;
		if (gain > 0) dcg += (2 ** gain - 1) / Math.log2(index + 2);
	});
	const ideal = [...judged.values()].sort((a, b) => b - a).slice(0, k);
	const idcg = ideal.reduce((sum, gain, index) => sum + (2 ** gain - 1) / Math.log2(index + 2), 0);
	return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranked: readonly string[], judged: ReadonlyMap<string, number>, k = 100): number {
	if (judged.size === 0) return 0;
	return ranked.slice(0, k).filter((id) => (judged.get(id) ?? 0) > 0).length / judged.size;
}

export function mrrAt(ranked: readonly string[], judged: ReadonlyMap<string, number>, k = 10): number {
	const index = ranked.slice(0, k).findIndex((id) => (judged.get(id) ?? 0) > 0);
	return index === -1 ? 0 : 1 / (index + 1);
}

export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return 0;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
