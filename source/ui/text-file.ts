import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/**
 * Text in a new temporary file only this user can read (a folder of mode 0700 from mkdtemp, the
 * file 0600), named after the node so the pager's prompt says what it shows; `remove` deletes both.
 */
export function textFile(text: string, name: string): {file: string; remove(): void} {
	const folder = mkdtempSync(path.join(tmpdir(), 'drill-'));
	const safe = name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+/u, '').slice(0, 60) || 'node';
	const file = path.join(folder, `${safe}.txt`);
	writeFileSync(file, text, {mode: 0o600});
	return {file, remove: () => rmSync(folder, {recursive: true, force: true})};
}
