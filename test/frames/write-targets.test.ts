import {existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {writeFileAtomic} from '../../source/frames/files/atomic.js';
import type {DrillError} from '../../source/core/errors.js';
import {drillDown, drillUp, frameStatus, retrospect} from '../../source/frames/index.js';
import {parseDrillText, renderDrillDocument} from '../../source/frames/files/drill-file.js';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {action, project} from './helpers.js';

/** Every file under a folder, relative, sorted. */
function filesUnder(root: string): string[] {
	const out: string[] = [];
	const visit = (dir: string) => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) visit(full);
			else out.push(path.relative(root, full));
		}
	};
	visit(root);
	return out.sort();
}

describe('writes by rename refuse targets that are not regular files or lie outside their root', () => {
	it('never replaces a device, a folder or a symbolic link', () => {
		const error = drillErrorOf(() => writeFileAtomic('/dev/null', 'x'));
		expect(error.code).toBe('unsafe_target');
		expect(error.message).toContain('/dev/null is a device');
		expect(statSync('/dev/null').isCharacterDevice()).toBe(true);

		const dir = tempDir();
		mkdirSync(path.join(dir, 'folder'));
		expect(drillErrorOf(() => writeFileAtomic(path.join(dir, 'folder'), 'x')).message).toContain('is a folder');
		writeFileSync(path.join(dir, 'real.md'), 'kept');
		symlinkSync(path.join(dir, 'real.md'), path.join(dir, 'link.md'));
		expect(drillErrorOf(() => writeFileAtomic(path.join(dir, 'link.md'), 'x')).message).toContain('is a symbolic link');
		expect(lstatSync(path.join(dir, 'link.md')).isSymbolicLink()).toBe(true);
		expect(readFileSync(path.join(dir, 'real.md'), 'utf8')).toBe('kept');
		// Nothing was left behind by the refusals.
		expect(readdirSync(dir).sort()).toEqual(['folder', 'link.md', 'real.md']);
	});

	it('keeps a write inside its root, by path and through links', () => {
		const outside = tempDir();
		const root = tempDir();
		const escape = drillErrorOf(() => writeFileAtomic(path.join(root, 'a', '..', '..', path.basename(outside), 'x.md'), 'x', root));
		expect(escape.code).toBe('outside_root');
		symlinkSync(outside, path.join(root, 'linked'));
		expect(drillErrorOf(() => writeFileAtomic(path.join(root, 'linked', 'x.md'), 'x', root)).code).toBe('outside_root');
		expect(readdirSync(outside)).toEqual([]);
		writeFileAtomic(path.join(root, 'inside.md'), 'ok', root);
		expect(readFileSync(path.join(root, 'inside.md'), 'utf8')).toBe('ok');
	});

	it('drill up checks every file it writes before it writes any: a linked parent drill file leaves the child open, the cursor on it', async () => {
		const config = project();
		const parent = await drillDown(config, {slug: 'api-debug', objective: 'Why 502?'});
		const child = await drillDown(config, {slug: 'db-optim', objective: 'Which query?'});
		const parentFile = path.join(config.drillsRoot, parent.drill.file);
		const kept = path.join(config.drillsRoot, 'kept-parent.md');
		writeFileSync(kept, readFileSync(parentFile));
		rmSync(parentFile);
		symlinkSync(kept, parentFile);
		const childFile = path.join(config.drillsRoot, child.drill.file);
		const before = readFileSync(childFile, 'utf8');
		const evidence = path.join(tempDir(), 'trace.log');
		writeFileSync(evidence, 'ERROR pool exhausted\n');
		const refused = await drillUp(config, {findings: 'Pool limit.', plan: [], evidence: [evidence]}).catch((error: unknown) => error as DrillError);
		expect(refused).toMatchObject({code: 'unsafe_target'});
		expect((refused as DrillError).message).toContain(`${parentFile} is a symbolic link`);
		// Nothing of the up happened: the child is open, its file unchanged, no evidence copied, the cursor on it.
		expect(readFileSync(childFile, 'utf8')).toBe(before);
		expect(filesUnder(path.join(config.drillsRoot, child.drill.path))).toEqual([path.basename(child.drill.file)]);
		expect(frameStatus(config)).toMatchObject({cursor: child.drill.id, counts: {open: 2, closed: 0}});
		// Once the link is a file again, up goes through.
		rmSync(parentFile);
		writeFileSync(parentFile, readFileSync(kept));
		expect((await drillUp(config, {findings: 'Pool limit.', plan: []})).cursor).toBe(parent.drill.id);
	});

	it('retrospect never routes outside the project, even when a drill file names a closing "date" with ..', async () => {
		const config = project();
		await drillDown(config, {slug: 'api-debug', objective: 'Why 502?'});
		await drillUp(config, {findings: 'Pool limit.', plan: [action({sink: 'backlog'})]});
		const drillsDir = path.join(config.drillsRoot, '.drills');
		const [folder] = readdirSync(drillsDir).filter((name) => name !== 'cursor');
		const file = path.join(drillsDir, folder!, `${folder}.md`);
		const doc = parseDrillText(readFileSync(file, 'utf8'), {id: folder!.split('-')[4]!, name: folder!, slug: 'api-debug'}, file);
		doc.meta.closed = '../../../../../../tmp/escaped';
		writeFileSync(file, renderDrillDocument(doc));
		const result = await retrospect(config, {apply: true});
		for (const routed of result.routed) expect(path.resolve(config.drillsRoot, routed.path).startsWith(config.drillsRoot + path.sep)).toBe(true);
		expect(filesUnder(config.drillsRoot).filter((name) => name.startsWith('.agents/backlog/'))).toHaveLength(1);
	});

	it('retrospect refuses a sink folder that is a link out of the project, and writes nothing', async () => {
		const config = project();
		const outside = tempDir();
		mkdirSync(path.join(config.drillsRoot, '.agents'), {recursive: true});
		symlinkSync(outside, path.join(config.drillsRoot, '.agents', 'backlog'));
		await drillDown(config, {slug: 'api-debug', objective: 'Why 502?'});
		await drillUp(config, {findings: 'Pool limit.', plan: [action({sink: 'backlog'}), action({sink: 'memory', action: 'Remember the pool limit'})]});
		const error = await retrospect(config, {apply: true}).then(
			() => undefined,
			(caught: unknown) => caught as {code: string},
		);
		expect(error?.code).toBe('outside_root');
		expect(readdirSync(outside)).toEqual([]);
		expect(existsSync(path.join(config.drillsRoot, '.memory'))).toBe(false);
	});

	it('drill --record refuses a device, a folder or a link before it plays anything', () => {
		const dir = tempDir();
		mkdirSync(path.join(dir, 'taken.cast'));
		const folder = runCli(['--keys', 'q', '--record', path.join(dir, 'taken.cast'), '--store', path.join(dir, 'none.db')], {env: {CI: 'true'}});
		expect(folder.code).toBe(1);
		expect(folder.stderr).toMatch(/taken\.cast is a folder, which drill will not replace/u);
		expect(hasStackTrace(folder.stderr)).toBe(false);
		symlinkSync('/dev/null', path.join(dir, 'null.cast'));
		const link = runCli(['--keys', 'q', '--record', path.join(dir, 'null.cast'), '--store', path.join(dir, 'none.db')], {env: {CI: 'true'}});
		expect(link.code).toBe(1);
		expect(link.stderr).toContain('is a symbolic link');
		expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
	});
});
