import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {depths, type Depth} from '../core/depth.js';
import type {TreeView} from '../core/tree-view.js';
import type {McpContext} from './context.js';
import {mcpHints} from './hints.js';
import {checkedText, limits} from './limits.js';
import {renderView, viewStructure} from './render.js';
import {readOutput} from './schemas.js';
import {asDrillError, guardTool, toolResult} from './tool-result.js';

export const defaultBudgetBytes = 32 * 1024;

const readInput = {
	domain: checkedText('domain', limits.name).describe("'summary', 'knowledge' or 'drills'."),
	node_ids: z
		.array(checkedText('each node_id', limits.nodeId))
		.min(1)
		.max(limits.batchIds, {error: `node_ids is over the limit of ${limits.batchIds} ids`})
		.describe('The ids to read, in order (e.g. the drill_node_ids of find hits).'),
	depth: z.enum(depths).optional().describe("'full' (default: each node's content), 'summary' or 'index'."),
	max_bytes: z.number().int().min(256).max(limits.maxBudgetBytes).optional().describe(`Budget for the whole answer's text (default ${defaultBudgetBytes}); contents are cut to fit, and ids past it are listed as not read.`),
};

type Read = {view: TreeView; text: string; bytes: number};

/** One node's view, its content cut so its text fits `room` bytes when it can. */
function readWithin(context: McpContext, domain: string, nodeId: string, depth: Depth, room: number): Read {
	let maxChars = Math.max(1, room);
	for (let attempt = 0; ; attempt++) {
		const view = context.drillables.walk(domain, nodeId, depth, {maxChars, limit: 50});
		const text = renderView(view);
		const bytes = Buffer.byteLength(text);
		if (bytes <= room || view.content === undefined || attempt === 3 || maxChars === 1) return {view, text, bytes};
		// Cut the content to the room its surroundings leave, at this content's characters per byte.
		const contentBytes = Math.max(1, Buffer.byteLength(view.content));
		const contentRoom = room - (bytes - contentBytes);
		maxChars = Math.max(1, Math.floor((contentRoom * view.content.length) / contentBytes) - 8);
	}
}

const cutMark = '\n… (cut at the byte budget)';

/** The first node always comes back: when even its name and children overflow the budget, its text is cut. */
function cutToBudget(read: Read, room: number): Read {
	const keep = Buffer.from(read.text).subarray(0, Math.max(0, room - Buffer.byteLength(cutMark))).toString('utf8').replace(/\uFFFD$/u, '');
	const lineEnd = keep.lastIndexOf('\n');
	const text = `${lineEnd > 0 ? keep.slice(0, lineEnd) : keep}${cutMark}`;
	return {view: {...read.view, truncated: true}, text, bytes: Buffer.byteLength(text)};
}

export function registerReadTool(server: McpServer, context: McpContext): void {
	server.registerTool(
		'read_nodes',
		{
			title: 'Read nodes',
			description: 'Read several nodes of one domain in one call, within a byte budget: each is walked at the given depth (default full) and its text added until max_bytes is spent; the rest are listed as not read. A bad id is reported and the others are still read.',
			inputSchema: readInput,
			outputSchema: readOutput,
			annotations: {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false},
		},
		async (args) =>
			guardTool(() => {
				const depth = args.depth ?? 'full';
				const budget = args.max_bytes ?? defaultBudgetBytes;
				const nodes: object[] = [];
				const errors: Array<{node_id: string; code: string; message: string; hint?: string}> = [];
				const notRead: string[] = [];
				const texts: string[] = [];
				let used = 0;
				for (const nodeId of args.node_ids) {
					const room = budget - used;
					if (room <= 0 || notRead.length > 0) {
						notRead.push(nodeId);
						continue;
					}
					try {
						let read = readWithin(context, args.domain, nodeId, depth, room);
						if (read.bytes > room) {
							if (nodes.length > 0) {
								notRead.push(nodeId);
								continue;
							}
							read = cutToBudget(read, room);
						}
						nodes.push(viewStructure(read.view));
						texts.push(read.text);
						used += read.bytes;
					} catch (error) {
						const drillError = asDrillError(error);
						if (drillError.code === 'unknown_domain') throw drillError;
						const line = `error ${nodeId === '' ? "''" : nodeId}: ${drillError.lineFor(mcpHints)}`;
						if (Buffer.byteLength(line) > room && texts.length > 0) {
							notRead.push(nodeId);
							continue;
						}
						errors.push({node_id: nodeId, ...drillError.toJSONFor(mcpHints)});
						texts.push(line);
						used += Buffer.byteLength(line);
					}
				}
				if (notRead.length > 0) texts.push(`not read (the budget of ${budget} bytes is spent): ${notRead.join(', ')}; call read_nodes again with these ids, or a larger max_bytes`);
				return toolResult({domain: args.domain, depth, max_bytes: budget, bytes: used, nodes, errors, not_read: notRead}, texts.join('\n\n'));
			}),
	);
}
