import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import type {AppModules} from './app.js';

/** The explorer's own bundle beside the built CLI (dist/explorer.js); none when running from source. */
function explorerBundle(): string | undefined {
	const here = path.dirname(fileURLToPath(import.meta.url));
	return [path.join(here, 'explorer.js'), path.join(here, '..', 'explorer.js')].find((file) => existsSync(file));
}

/** The app's code as the full CLI loads it: on use, the explorer from its own bundle when built. */
export const appModules: AppModules = {
	async explorer() {
		const bundle = explorerBundle();
		if (!bundle) return (await import('./start-explorer.js')).startExplorer;
		const {startExplorer} = (await import(pathToFileURL(bundle).href)) as typeof import('./explorer.js');
		return (start, streams) => startExplorer(start, streams, (url) => import(url));
	},
	playback: () => import('./playback.js'),
};
