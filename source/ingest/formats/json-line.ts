import type {SourceProblem} from '../model.js';

/** One JSONL line parsed, or undefined (blank, or broken and reported with its line number). */
export function parseJsonLine(text: string, line: number, problems: SourceProblem[]): {value: unknown} | undefined {
	if (text.trim() === '') return undefined;
	try {
		return {value: JSON.parse(text) as unknown};
	} catch (error) {
		problems.push({line, reason: `line ${line} is not valid JSON (${(error as Error).message})`});
		return undefined;
	}
}
