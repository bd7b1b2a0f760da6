import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {ConversationBuilder} from '../../../source/ingest/formats/conversation.js';
import {toolCallText} from '../../../source/ingest/formats/tool-text.js';
import {requestTurns} from '../../../source/ingest/tree/conversation-tree.js';
import {preorder} from '../../../source/ingest/tree/topic.js';

const words = 'cache eviction replica shard index planner vacuum runner workflow artifact release invoice ledger refund payment cluster ingress container volume migration'.split(' ');

function session(requests: Array<{ask: string; steps: number}>) {
	const conversation = new ConversationBuilder('claude-code');
	requests.forEach(({ask, steps}, r) => {
		conversation.prompt([{role: 'user', kind: 'prose', text: ask}]);
		for (let step = 0; step < steps; step++) {
			const topic = words.slice((r * 5 + step) % 15, ((r * 5 + step) % 15) + 5).join(' ');
			conversation.answer([
				{role: 'assistant', kind: 'prose', text: `Looking at the ${topic} code now. The ${topic} path is where the ${words[(r + step) % words.length]} problem starts, so that is where the change goes.`},
				{role: 'tool_call', kind: 'tool', text: toolCallText(step % 2 ? 'Edit' : 'Bash', step % 2 ? {file_path: `src/${words[step % words.length]}.ts`, old_string: 'a', new_string: 'b'} : {command: `npm test -- ${words[step % words.length]}`})},
			]);
			conversation.toolResults([{role: 'tool', kind: 'tool', text: `ok ${'log line '.repeat(400)}`}]);
		}
	});
	return conversation.finish();
}

describe('a session as a tree', () => {
	it('puts each request on the spine, with the work it asked for under it, and a bare "yes" in the request it answers', () => {
		const parsed = session([
			{ask: 'The invoice export drops refunds, can you find out why?', steps: 2},
			{ask: 'ok', steps: 1},
			{ask: 'Now add a regression test for the refund export', steps: 2},
			{ask: 'Also update the changelog for the refund fix', steps: 1},
		]);
		expect(requestTurns(parsed.root.units)).toHaveLength(3);
		const {root, title} = describeSource(parsed);
		expect(title).toBe('The invoice export drops refunds, can you find out why?');
		expect(root.children.map((child) => child.title)).toEqual(['The invoice export drops refunds, can you find out why?', 'Now add a regression test for the refund export', 'Also update the changelog for the refund fix']);
		expect(root.children[0]!.summary).toMatch(/Tools: Bash ×2, Edit\.$/u);
	});

	it('splits a long request into steps under it, and counts the tools of the whole request', () => {
		const parsed = session([{ask: 'Migrate the ledger service to the new cluster and keep the old one as a fallback', steps: 30}]);
		const {root, title} = describeSource(parsed);
		expect(title).toBe('Migrate the ledger service to the new cluster and keep the old one as a fallback');
		// One request: the item is that request; its own text is the request, its steps its children.
		expect(root.units[0]!.blocks[0]!.text).toMatch(/^Migrate the ledger/u);
		expect(root.children.length).toBeGreaterThan(1);
		expect(root.children.length).toBeLessThanOrEqual(12);
		expect(root.summary).toMatch(/Tools: Bash ×15, Edit ×15\.$/u);
		for (const topic of preorder(root)) expect(topic.title).not.toMatch(/^(?:Untitled|[[{])/u);
	});
});
