/**
 * The usage screen's bar chart, drawn by `chartscii` (pinned; see docs/explorer.md for why this
 * package): vertical bars of block characters, scaled from zero, one fixed run of columns per day,
 * as plain text (the theme paints it, so NO_COLOR and the light theme are the app's to decide).
 * Loaded with the screen's data, never before the first frame.
 */

type ChartsciiClass = new (data: number[], options: Record<string, unknown>) => {create(): string};

let Chart: ChartsciiClass | undefined;

export async function loadChart(): Promise<void> {
	Chart ??= ((await import('chartscii')) as unknown as {default: ChartsciiClass}).default;
}

export interface BarChart {
	/** The chart's rows, top first, each `values.length × step` columns wide. */
	rows: string[];
	/** Columns per value: value `i` is drawn from column `i × step`. */
	step: number;
}

/** Bars of `values` in `height` rows within `width` columns (empty rows until the package is loaded). */
export function barChart(values: readonly number[], width: number, height: number): BarChart {
	const step = Math.max(1, Math.min(3, Math.floor(width / Math.max(1, values.length))));
	const columns = step * values.length;
	if (!Chart || values.length === 0 || values.every((value) => value <= 0)) return {rows: Array.from({length: height}, () => ' '.repeat(columns)), step};
	const text = new Chart([...values], {orientation: 'vertical', naked: true, labels: false, barSize: 1, height, width: columns}).create();
	const rows = text.split('\n').slice(-height);
	while (rows.length < height) rows.unshift('');
	return {rows: rows.map((row) => row.padEnd(columns).slice(0, columns)), step};
}
