import {describe, expect, it} from 'vitest';
import type {TreeView} from '../../source/core/tree-view.js';
import {renderView} from '../../source/mcp/render.js';

const view = (uri: string): TreeView => ({domain: 'summary', node_id: 'conversation_chatgpt:c1', depth: 'summary', title: 'Plan the trip', kind: 'item', parent_id: 'conversation_chatgpt', breadcrumbs: [], children: [], children_total: 0, offset: 0, limit: 50, source: {uri, kind: 'chatgpt'}});

describe('renderView', () => {
	it('names a conversation of a file of many by its path and fragment, not its file: URI', () => {
		const text = renderView(view('file:///exports/my%20chats/conversations.json#c%201'));
		expect(text).toContain('from: /exports/my chats/conversations.json#c 1');
		expect(text).not.toContain('file:');
	});

	it('shows a URL of another scheme as it is', () => {
		expect(renderView(view('https://example.com/page'))).toContain('from: https://example.com/page');
	});
});
