import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {depths, type Depth} from '../core/depth.js';
import type {TreeView} from '../core/tree-view.js';
import type {McpContext} from './context.js';
import {withDomainHint} from './domain-hint.js';
import {mcpHints} from './hints.js';
import {checkedText, limits} from './limits.js';
import {renderView, viewStructure, type ContentPage} from './render.js';
import {readOnly, readOutput} from './schemas.js';
import {answerBytes, asDrillError, toolResult} from './tool-result.js';
import {defineTool, type ToolDefinition} from './tool-table.js';

export const defaultBudgetBytes = 32 * 1024;

const readInput = {
	domain: checkedText('domain', limits.name),
	node_ids: z
		.array(checkedText('each node_id', limits.nodeId))
		.min(1)
		.max(limits.batchIds, {error: `node_ids is over the limit of ${limits.batchIds} ids`})
		.describe('E.g. the drill_node_ids of find hits.'),
	depth: z.enum(depths).optional(),
	max_bytes: z.number().int().min(256).max(limits.maxBudgetBytes).optional().describe(`Answer bound (default ${defaultBudgetBytes}).`),
};

interface Read {
	structure: object;
	text: string;
}

interface Failure {
	node_id: string;
	code: string;
	message: string;
	hint?: string;
}

const shownId = (id: string) => (id === '' ? "''" : id);

class Answer {
	readonly nodes: Read[] = [];

	constructor(
		private readonly head: {max_bytes: number},
		private readonly errors: Failure[],
	) {}

	build(notRead: readonly string[], extra?: Read): CallToolResult {
		const nodes = extra ? [...this.nodes, extra] : this.nodes;
		const texts = [...this.errors.map((error) => `error ${shownId(error.node_id)}: ${error.message}${error.hint ? `; ${error.hint}` : ''}`), ...nodes.map((node) => node.text)];
		if (notRead.length > 0) texts.push(`not read (over max_bytes=${this.head.max_bytes}): ${notRead.map(shownId).join(', ')}; read_nodes again with these, or a larger max_bytes`);
		// The hint of an error is in the text only.
		const errors = this.errors.map(({hint: _hint, ...error}) => error);
		const structured = (bytes: number) => ({...this.head, bytes, nodes: nodes.map((node) => node.structure), errors, not_read: notRead});
		const text = texts.join('\n\n');
		// `bytes` is the answer's own size: measured with a guess, then again with the measure.
		let bytes = answerBytes(toolResult(structured(0), text));
		bytes = answerBytes(toolResult(structured(bytes), text));
		return toolResult(structured(bytes), text);
	}
}

const cutMark = '\n… (cut at max_bytes)';
/** Less of a node than this is not worth sending: it is listed as not read instead. */
const minimumRead = 160;

/** A text cut to about `bytes` UTF-8 bytes at a line end, marked. */
function cutText(text: string, bytes: number): string {
	const keep = Buffer.from(text).subarray(0, Math.max(0, bytes - Buffer.byteLength(cutMark))).toString('utf8').replace(/\uFFFD$/u, '');
	const lineEnd = keep.lastIndexOf('\n');
	return `${lineEnd > 0 ? keep.slice(0, lineEnd) : keep}${cutMark}`;
}

export function readTool(context: McpContext): ToolDefinition {
	const view = (domain: string, nodeId: string, depth: Depth, maxChars: number): Read => {
		const full = depth === 'full';
		const walked: TreeView = context.drillables.walk(domain, nodeId, depth, {maxChars, limit: full ? 1 : 50});
		const page: ContentPage = {from: 0, ...(walked.truncated && walked.content !== undefined ? {next: walked.content.length} : {}), more: (next) => `walk(domain=${JSON.stringify(domain)}, node_id=${JSON.stringify(nodeId)}, depth="full", content_offset=${next})`};
		// What a program needs of each node (the text has the rest): its id and title, and how much content came.
		const {node_id, title, kind, children_total, content_chars, truncated, next_content_offset} = viewStructure(walked, page);
		const structure = {node_id, title, kind, children_total, ...(content_chars === undefined ? {} : {content_chars}), ...(truncated ? {truncated} : {}), ...(next_content_offset === undefined ? {} : {next_content_offset})};
		return {structure, text: renderView(walked, page, {countChildren: full})};
	};
	return defineTool({
		name: 'read_nodes',
		title: 'Read nodes',
		description: 'Read several nodes of one domain at once (default depth full) within max_bytes: contents are cut to fit, ids past the budget are listed as not read, bad ids are reported.',
		input: readInput,
		output: readOutput,
		annotations: readOnly,
		run: (args) => {
			const depth = args.depth ?? 'full';
			const budget = args.max_bytes ?? defaultBudgetBytes;
			// Every id is checked first, so a bad one is always reported as bad, never as unread.
			const errors: Failure[] = [];
			const good: string[] = [];
			for (const nodeId of args.node_ids) {
				try {
					context.drillables.walk(args.domain, nodeId, 'index', {limit: 1});
					good.push(nodeId);
				} catch (error) {
					const drillError = asDrillError(withDomainHint(context.drillables, args.domain, nodeId, error));
					if (drillError.code === 'unknown_domain') throw drillError;
					const {code, message, hint} = drillError.toJSONFor(mcpHints);
					errors.push({node_id: nodeId, code, message: message.length > 300 ? `${message.slice(0, 299)}…` : message, ...(hint ? {hint} : {})});
				}
			}
			const answer = new Answer({max_bytes: budget}, errors);
			for (let index = 0; index < good.length; index++) {
				const nodeId = good[index]!;
				const rest = good.slice(index + 1);
				let maxChars = budget;
				let read = view(args.domain, nodeId, depth, maxChars);
				for (let attempt = 0; attempt < 5; attempt++) {
					const over = answerBytes(answer.build(rest, read)) - budget;
					if (over <= 0) break;
					const content = (read.structure as {content_chars?: number}).content_chars;
					if (content === undefined || maxChars <= 1) break;
					// Cut the content by what is over, at this content's characters per byte of JSON, and a little more.
					const chars = Math.min(maxChars, content);
					const ratio = chars / Math.max(1, Buffer.byteLength(JSON.stringify(read.text)));
					maxChars = Math.max(1, Math.floor(chars - over * ratio * 1.05) - 8);
					read = view(args.domain, nodeId, depth, maxChars);
				}
				if (answerBytes(answer.build(rest, read)) > budget) {
					if (answer.nodes.length > 0) return answer.build(good.slice(index));
					// The first node comes back cut to what the budget leaves, if that is enough to read.
					const full = read.text;
					for (let keep = Buffer.byteLength(full); ; ) {
						const over = answerBytes(answer.build(rest, read)) - budget;
						if (over <= 0) break;
						keep -= over + 16;
						if (keep < minimumRead) return answer.build(good.slice(index));
						read = {structure: {...read.structure, truncated: true}, text: cutText(full, keep)};
					}
				}
				answer.nodes.push(read);
			}
			return answer.build([]);
		},
	});
}
