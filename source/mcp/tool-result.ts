import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {toDrillError} from '../core/errors.js';
import {inertText} from '../core/inert-text.js';

/** A tool's answer: the same JSON the CLI prints with --json, plus a short text rendering. */
export function toolResult(value: object, text: string): CallToolResult {
	return {structuredContent: value as Record<string, unknown>, content: [{type: 'text', text: inertText(text)}]};
}

/** A DrillError becomes a tool error (never a protocol failure) that keeps its code and hint. */
export function toolError(error: unknown): CallToolResult {
	const drillError = toDrillError(error, 'report this with the tool call that caused it');
	return {
		isError: true,
		structuredContent: {error: drillError.toJSON()},
		content: [{type: 'text', text: inertText(drillError.line, {singleLine: true})}],
	};
}

/** Runs a tool body, turning whatever it throws into a tool error. */
export async function guardTool(body: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
	try {
		return await body();
	} catch (error) {
		return toolError(error);
	}
}
