import {ResourceTemplate, type McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {UriTemplate, type Variables} from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {ErrorCode, ReadResourceRequestSchema} from '@modelcontextprotocol/sdk/types.js';
import {DrillError} from '../core/errors.js';
import {maxContentOffset, walkPage} from './content-page.js';
import type {McpContext} from './context.js';
import {withDomainHint} from './domain-hint.js';
import {mcpHints} from './hints.js';
import {renderView} from './render.js';
import {asDrillError} from './tool-result.js';

export const nodeUri = (domain: string, nodeId: string, contentOffset?: number) => `drill://${domain}/${encodeURIComponent(nodeId)}${contentOffset ? `?content_offset=${contentOffset}` : ''}`;

/** `drill://{domain}/{node_id}[?content_offset=N]`, node_id percent-encoded (a literal `?` in an id is `%3F`). */
function parseNodeUri(uri: string): {domain: string; nodeId: string; contentOffset?: number} | undefined {
	const match = /^drill:\/\/([a-z][a-z0-9_-]*)\/([^?#]*)(?:\?([^#]*))?$/su.exec(uri);
	if (!match) return undefined;
	let nodeId: string;
	try {
		nodeId = decodeURIComponent(match[2]!);
	} catch {
		return undefined;
	}
	const query = new URLSearchParams(match[3] ?? '');
	for (const key of query.keys()) if (key !== 'content_offset') throw new DrillError('bad_argument', `unknown query parameter ${key} in ${uri}`, 'a node resource takes only ?content_offset=N');
	const offset = query.get('content_offset');
	if (offset === null) return {domain: match[1]!, nodeId};
	const contentOffset = Number(offset);
	if (!/^\d+$/u.test(offset) || contentOffset > maxContentOffset) throw new DrillError('bad_argument', `content_offset=${offset} in ${uri} is not a whole number from 0 to ${maxContentOffset}`, 'e.g. ?content_offset=20000, as the previous part says');
	return {domain: match[1]!, nodeId, contentOffset};
}

/** Matches node URIs for resources/templates/list; reads go through the handler below. */
class NodeUriTemplate extends UriTemplate {
	constructor() {
		super('drill://{domain}/{node_id}');
	}

	override match(uri: string): Variables | null {
		const parsed = parseNodeUri(uri);
		return parsed ? {domain: parsed.domain, node_id: parsed.nodeId} : null;
	}
}

/** How many resources resources/list names: each domain's top and the nodes just under it. */
const listedPerDomain = 50;

/** A JSON-RPC error whose message is said once (McpError prefixes "MCP error -32602:" to it, and clients add their own). */
function readError(error: unknown): Error {
	const drillError = asDrillError(error);
	return Object.assign(new Error(drillError.lineFor(mcpHints)), {code: ErrorCode.InvalidParams, data: {'drill/error': drillError.toJSONFor(mcpHints)}});
}

export function registerResources(server: McpServer, context: McpContext): void {
	const template = new ResourceTemplate(new NodeUriTemplate(), {
		list: async () => {
			const resources = [];
			for (const domain of context.drillables.availableDomains()) {
				resources.push({uri: nodeUri(domain, ''), name: `${domain}: the top`, mimeType: 'text/plain'});
				try {
					const top = context.drillables.walk(domain, '', 'index', {limit: listedPerDomain});
					for (const child of top.children) resources.push({uri: nodeUri(domain, child.node_id), name: `${domain}: ${child.name}`, mimeType: 'text/plain'});
				} catch {
					// A domain without data (no store yet, no knowledge folder) lists only its top.
				}
			}
			return {resources};
		},
	});
	const description = 'Any node as walk shows it at depth full: drill://{domain}/{node_id}, node_id percent-encoded (drill://summary/ is the summary top); a long one in parts, ?content_offset=N.';
	server.registerResource('node', template, {title: 'A node of a drill domain', description, mimeType: 'text/plain'}, () => ({contents: []}));
	// Reads are answered here: paging, and errors said once with their hint.
	server.server.setRequestHandler(ReadResourceRequestSchema, (request) => {
		const uri = request.params.uri;
		let parsed: ReturnType<typeof parseNodeUri>;
		try {
			parsed = parseNodeUri(uri);
		} catch (error) {
			throw readError(error);
		}
		if (!parsed) throw readError(new DrillError('bad_argument', `${JSON.stringify(uri)} is not a drill resource`, 'resources are drill://{domain}/{node_id}, node_id percent-encoded, e.g. drill://summary/ or drill://knowledge/architecture%2Fstorage'));
		const {domain, nodeId, contentOffset} = parsed;
		try {
			const {view, page} = walkPage(context.drillables, domain, nodeId, 'full', {contentOffset});
			return {contents: [{uri, mimeType: 'text/plain', text: renderView(view, {...page, more: (next) => nodeUri(domain, nodeId, next)})}]};
		} catch (error) {
			throw readError(withDomainHint(context.drillables, domain, nodeId, error));
		}
	});
}
