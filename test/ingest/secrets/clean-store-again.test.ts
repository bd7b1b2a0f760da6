import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cleanStore} from '../../../source/ingest/secrets/clean-store.js';
import {openIndexedStore} from '../../../source/search/indexing/indexer.js';
import {tempDir} from '../../helpers/cli.js';

describe('cleaning a store of secrets again (drill reindex, doctor --repair)', () => {
	it('rewrites nothing and counts nothing when redaction changes no text', () => {
		const store = openIndexedStore(path.join(tempDir(), 'store.db'));
		try {
			// What ingest wrote of `password: "s3cr3tP@ssw0rd!"`: the rule that found it finds its mask again.
			const text = 'set password: "[redacted:secret-assignment]" in the config';
			store.writeItem({
				namespace: 'conversation_session',
				item_id: 'one',
				title: 'Config',
				tldr: 'Set the password.',
				generated_at: '2026-01-01T00:00:00.000Z',
				source: {redactions: 1},
				nodes: [{ordinal: 0, parent: null, title: 'Config', summary: 'Set the password.', keywords: [], spans: [0]}],
				spans: [{seq: 0, role: 'user', text}],
			});
			for (let run = 0; run < 3; run++) expect(cleanStore(store)).toMatchObject({items: 0, redactions: 0});
			const row = store.item('conversation_session', 'one')!;
			expect(row.redactions).toBe(1);
			expect(store.spans(row.id)[0]!.text).toBe(text);
		} finally {
			store.close();
		}
	});

	it('still redacts a secret written before redaction, once', () => {
		const store = openIndexedStore(path.join(tempDir(), 'store.db'));
		try {
			store.writeItem({
				namespace: 'conversation_session',
				item_id: 'two',
				title: 'Config',
				tldr: 'Set the password.',
				generated_at: '2026-01-01T00:00:00.000Z',
				source: {},
				nodes: [{ordinal: 0, parent: null, title: 'Config', summary: 'Set the password.', keywords: [], spans: [0]}],
				spans: [{seq: 0, role: 'user', text: 'set password: "s3cr3tP@ssw0rd!" in the config'}],
			});
			expect(cleanStore(store)).toMatchObject({items: 1, redactions: 1});
			expect(cleanStore(store)).toMatchObject({items: 0, redactions: 0});
			expect(store.item('conversation_session', 'two')!.redactions).toBe(1);
		} finally {
			store.close();
		}
	});
});
