import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from '../helpers/cli.js';

/** Runs a checker of scripts/ (cycles.mjs, layers.mjs) on a `source/` folder of these files. */
export function runOnSource(script: string, files: Record<string, string>): {code: number | null; stderr: string} {
	const root = path.join(tempDir('drill-source-'), 'source');
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, name)), {recursive: true});
		writeFileSync(path.join(root, name), text);
	}
	const result = spawnSync(process.execPath, [path.resolve('scripts', script), root], {encoding: 'utf8'});
	return {code: result.status, stderr: result.stderr};
}
