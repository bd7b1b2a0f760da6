import {ResourceTemplate, type McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {UriTemplate, type Variables} from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {ErrorCode, McpError} from '@modelcontextprotocol/sdk/types.js';
import type {McpContext} from './context.js';
import {mcpHints} from './hints.js';
import {renderView} from './render.js';
import {asDrillError} from './tool-result.js';

export const nodeUri = (domain: string, nodeId: string) => `drill://${domain}/${encodeURIComponent(nodeId)}`;

/**
 * `drill://{domain}/{node_id}` where node_id is percent-encoded; read as is too, since knowledge
 * ids hold slashes and a domain's top is the empty id (`drill://summary/`).
 */
class NodeUriTemplate extends UriTemplate {
	constructor() {
		super('drill://{domain}/{node_id}');
	}

	override match(uri: string): Variables | null {
		const match = /^drill:\/\/([a-z][a-z0-9_-]*)\/(.*)$/su.exec(uri);
		if (!match) return null;
		try {
			return {domain: match[1]!, node_id: decodeURIComponent(match[2]!)};
		} catch {
			return null;
		}
	}
}

/** How many resources resources/list names: each domain's top and the nodes just under it. */
const listedPerDomain = 50;

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
	server.registerResource(
		'node',
		template,
		{title: 'A node of a drill domain', description: 'Any node as walk shows it at depth full: drill://{domain}/{node_id}, node_id percent-encoded (drill://summary/ is the summary top).', mimeType: 'text/plain'},
		async (uri, variables) => {
			try {
				const view = context.drillables.walk(String(variables.domain), String(variables.node_id ?? ''), 'full');
				return {contents: [{uri: uri.href, mimeType: 'text/plain', text: renderView(view)}]};
			} catch (error) {
				throw new McpError(ErrorCode.InvalidParams, asDrillError(error).lineFor(mcpHints));
			}
		},
	);
}
