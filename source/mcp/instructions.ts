import {existsSync} from 'node:fs';
import type {McpContext} from './context.js';

const usage =
	'Use find (or its twin summary_search) when you have a topic but not a node; walk (or drill_tree) when you have a node id; read_nodes to read several hits at once within a byte budget; drill and undrill to open and close scoped work frames (drill_status says where the cursor is: pass its id as from=); store_status for counts and index health. Resources: drill://{domain}/{node_id}.';

function storeLine(context: McpContext): string {
	try {
		const store = context.store();
		const total = store.namespaceCount();
		if (total === 0) return `The summary store (${context.config.storePath}) is empty.`;
		const shown = store.namespaces(0, 12).map((ns) => `${ns.name} (${ns.item_count} item${ns.item_count === 1 ? '' : 's'})`);
		return `The summary store holds ${total} namespace${total === 1 ? '' : 's'}: ${shown.join(', ')}${total > shown.length ? `, … ${total - shown.length} more` : ''}; walk(domain="summary", node_id="") lists them.`;
	} catch {
		return `There is no summary store at ${context.config.storePath} yet (make one in a shell: \`drill ingest --agents\` for this machine's agent sessions, \`drill ingest PATH\` for files).`;
	}
}

function knowledgeLine(context: McpContext): string {
	// Only whether it is there: counting its units would read the folder before the first answer.
	return existsSync(context.config.knowledgeDir) ? 'walk(domain="knowledge", node_id="") lists the knowledge folder.' : 'There is no knowledge folder.';
}

/** The server's instructions, from what the store and the knowledge folder hold right now. */
export function serverInstructions(context: McpContext): string {
	return `drill serves tree-shaped knowledge: summaries of sessions, pages and documents; a markdown knowledge base; and .drills/ work frames. ${storeLine(context)} ${knowledgeLine(context)} ${usage}`;
}
