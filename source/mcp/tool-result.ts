import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {toDrillError, type DrillError} from '../core/errors.js';
import {inertText} from '../core/inert-text.js';
import {mcpHints} from './hints.js';

/** A tool's answer: structured content (valid against the tool's outputSchema) and the text a model reads. */
export function toolResult(value: object, text: string): CallToolResult {
	return {structuredContent: value as Record<string, unknown>, content: [{type: 'text', text: inertText(text)}]};
}

/** The size of an answer as it travels (its JSON: the structured content and the text), which `max_bytes` bounds. */
export const answerBytes = (result: CallToolResult) => Buffer.byteLength(JSON.stringify(result));

/** Warnings (things that went wrong without stopping the call) as text lines. */
export const warningLines = (warnings: readonly string[] | undefined) => (warnings ?? []).map((warning) => `warning: ${inertText(warning, {singleLine: true})}`);

/** Anything a tool body throws, as the DrillError the agent is shown. */
export const asDrillError = (error: unknown): DrillError => toDrillError(error, 'report this with the tool call that caused it');

/**
 * A DrillError becomes a tool error (never a protocol failure): its message and its hint in MCP
 * words (tools and parameters, not CLI flags). The code, message and hint also travel in `_meta`;
 * there is no structured content, which would have to match the tool's outputSchema.
 */
export function toolError(error: unknown): CallToolResult {
	const drillError = asDrillError(error);
	return {
		isError: true,
		content: [{type: 'text', text: inertText(drillError.lineFor(mcpHints), {singleLine: true})}],
		_meta: {'drill/error': drillError.toJSONFor(mcpHints)},
	};
}

