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

/** One JSONL line that must hold an object: undefined (reported) when it is broken or something else. */
export function parseJsonObjectLine(text: string, line: number, problems: SourceProblem[]): Record<string, unknown> | undefined {
	const parsed = parseJsonLine(text, line, problems);
	if (!parsed) return undefined;
	const value = parsed.value;
	if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
	problems.push({line, reason: `line ${line} is not a JSON object`});
	return undefined;
}
