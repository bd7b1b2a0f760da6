import type {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool, type ToolAnnotations} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {DrillError} from '../core/errors.js';
import {jsonSchema} from './json-schema.js';
import {nearestName} from './nearest-name.js';
import type {McpSession} from './session.js';
import {parseArguments, type ArgumentSpec} from './strict-args.js';
import {asDrillError, toolError} from './tool-result.js';

/** What a tool body gets besides its arguments. */
export interface ToolCall {
	session: McpSession;
	signal: AbortSignal;
}

export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
	name: string;
	title: string;
	description: string;
	input: Shape;
	/** The structured content's schema; every answer is checked against it. */
	output: z.ZodType;
	annotations: ToolAnnotations;
	/**
	 * The seed's second name of another tool: an unknown parameter its partner has is named as the
	 * partner's, and when both give the same answer the twin is listed without an output schema.
	 */
	twinOf?: string;
	/**
	 * Changes files (always, or with these arguments): runs to the end even when cancelled, the
	 * session's later calls wait for it, and an answer the client never got is reported by the next call.
	 */
	writes?: boolean | ((args: z.output<z.ZodObject<Shape>>) => boolean);
	run(args: z.output<z.ZodObject<Shape>>, call: ToolCall): CallToolResult | Promise<CallToolResult>;
}

/** A tool, typed by its parameters. */
export const defineTool = <Shape extends z.ZodRawShape>(definition: ToolDefinition<Shape>) => definition as unknown as ToolDefinition;

interface Entry {
	definition: ToolDefinition;
	spec: ArgumentSpec;
}


const firstLine = (result: CallToolResult) => {
	const text = result.content.find((part) => part.type === 'text');
	return text && 'text' in text ? text.text.split('\n')[0]! : '(no text)';
};

/**
 * drill's tools, answered by drill itself rather than by the SDK's McpServer: tools/list with
 * compact schemas, and tools/call with strict arguments (an unknown parameter is an error naming
 * the nearest valid one, never dropped in silence), every failure a tool error carrying
 * `_meta["drill/error"]`, every answer checked against its output schema, and a write that the
 * client cancelled reported by the session's next call.
 */
export class ToolTable {
	private readonly entries = new Map<string, Entry>();
	private listed: Tool[] | undefined;

	constructor(private readonly session: McpSession) {}

	add(...definitions: ToolDefinition[]): void {
		for (const definition of definitions) {
			const partner = definition.twinOf ? this.entries.get(definition.twinOf)?.definition : undefined;
			const elsewhere = partner ? Object.fromEntries(Object.keys(partner.input).filter((key) => !(key in definition.input)).map((key) => [key, partner.name])) : undefined;
			this.entries.set(definition.name, {definition, spec: {tool: definition.name, schema: z.strictObject(definition.input), ...(elsewhere ? {elsewhere} : {})}});
		}
		this.listed = undefined;
	}

	names(): string[] {
		return [...this.entries.keys()];
	}

	/** The tools/list answer, in the order the tools were added. */
	list(): Tool[] {
		this.listed ??= [...this.entries.values()].map(({definition, spec}) => ({
			name: definition.name,
			...(definition.twinOf ? {} : {title: definition.title}),
			description: definition.description,
			inputSchema: jsonSchema(spec.schema, 'input'),
			...(this.sameAnswerAsPartner(definition) ? {} : {outputSchema: jsonSchema(definition.output, 'output') as Tool['outputSchema']}),
			annotations: definition.annotations,
		}));
		return this.listed;
	}

	/** A twin whose answer is its partner's: the partner's output schema describes it, once. */
	private sameAnswerAsPartner(definition: ToolDefinition): boolean {
		return definition.twinOf !== undefined && this.entries.get(definition.twinOf)?.definition.output === definition.output;
	}

	call(name: string, args: unknown, signal: AbortSignal, requestId?: string | number): Promise<CallToolResult> {
		const entry = this.entries.get(name);
		let parsed: unknown;
		let refusal: CallToolResult | undefined;
		if (!entry) {
			const guess = nearestName(name, this.names());
			refusal = toolError(new DrillError('bad_argument', `unknown tool ${JSON.stringify(name)}`, `${guess ? `did you mean ${guess}? ` : ''}the tools are ${this.names().join(', ')}`));
		} else {
			try {
				parsed = parseArguments(entry.spec, args);
			} catch (error) {
				refusal = toolError(error);
			}
		}
		const rule = entry?.definition.writes;
		const writes = refusal === undefined && (typeof rule === 'function' ? rule(parsed as never) : rule === true);
		// The session's writes under way (one whose answer was cancelled, say) finish first, so that
		// this call sees what they did and reports an answer they could not give. Taken before
		// anything awaits: a call that arrives later never overtakes a write.
		const earlier = this.session.writesSoFar();
		const answer = (async () => {
			await earlier;
			return refusal ?? this.run(entry!.definition, parsed, signal);
		})();
		return (writes ? this.session.trackWrite(answer) : answer).then((result) => {
			const wrote = writes && !result.isError;
			if (signal.aborted) {
				if (wrote) this.session.cancelled(name, firstLine(result));
				return result;
			}
			if (wrote && requestId !== undefined) this.session.answered(requestId, name, firstLine(result));
			return withUnreported(result, this.session.takeUnreported());
		});
	}

	private async run(definition: ToolDefinition, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
		try {
			const result = await definition.run(args as never, {session: this.session, signal});
			if (!result.isError) {
				const checked = definition.output.safeParse(result.structuredContent);
				if (!checked.success) throw new Error(`the answer of ${definition.name} does not fit its output schema (${checked.error.issues[0]?.message ?? 'invalid'} at ${checked.error.issues[0]?.path.join('.') ?? ''})`);
			}
			return result;
		} catch (error) {
			return toolError(asDrillError(error));
		}
	}

	/** Answers tools/list and tools/call on `server` (the low-level server of an McpServer). */
	install(server: Server): void {
		server.registerCapabilities({tools: {}});
		server.setRequestHandler(ListToolsRequestSchema, () => ({tools: this.list()}));
		server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.session.track(this.call(request.params.name, request.params.arguments, extra.signal, extra.requestId)));
	}
}

/** The answers of earlier cancelled writes, at the top of this one's text and in its `_meta`. */
function withUnreported(result: CallToolResult, lines: string[]): CallToolResult {
	if (lines.length === 0) return result;
	const notes = lines.map((line) => `note: ${line}`).join('\n');
	const [first, ...rest] = result.content;
	const content = first?.type === 'text' ? [{...first, text: `${notes}\n${first.text}`}, ...rest] : [{type: 'text' as const, text: notes}, ...result.content];
	return {...result, content, _meta: {...result._meta, 'drill/earlier': lines}};
}
