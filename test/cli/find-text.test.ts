import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';

it('drill find shows a long TLDR cut after a whole word and marked "…" (it read "WAL archiving is enabl")', () => {
	const folder = tempDir('drill-find-text-');
	const store = path.join(folder, 's.db');
	const tldr = `${'The standby keeps up with the primary through streaming replication and a nightly base backup, and '.repeat(1)}WAL archiving is enabled on every node, so a failover loses nothing that was committed before it.`;
	const item = {namespace: 'notes', item_id: 'wal', title: 'Replication setup', generated_at: '2026-11-01T00:00:00Z', tldr, nodes: [{ordinal: 0, parent: null, title: 'Replication setup', summary: tldr, keywords: ['replication'], spans: []}], spans: []};
	writeFileSync(path.join(folder, 'item.json'), JSON.stringify(item));
	expect(runCli(['import', path.join(folder, 'item.json'), '--store', store]).code).toBe(0);
	const found = runCli(['find', 'replication', '--store', store, '--method', 'keyword']);
	expect(found.code, found.stderr).toBe(0);
	const line = found.stdout.split('\n').find((text) => text.startsWith('    The standby'))!.trim();
	expect(line.length).toBeLessThanOrEqual(160);
	expect(line).toMatch(/ \p{L}+…$/u);
	expect(tldr.startsWith(line.slice(0, -1))).toBe(true);
	expect(tldr[line.length - 1]).toBe(' ');
});
