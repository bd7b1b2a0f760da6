import path from 'node:path';

/**
 * The store as the app's header names it, short enough for a corner of the screen: "user store",
 * "project store api" (the folder holding `.drill/`), or the file's name for one given with
 * `--store` or DRILL_STORE. `drill status` gives the whole path.
 */
export function storeShortName(config: {storePath: string; storeOrigin?: 'option' | 'environment' | 'project' | 'user'}): string {
	switch (config.storeOrigin) {
		case 'user':
			return 'user store';
		case 'project':
			return `project store ${path.basename(path.dirname(path.dirname(config.storePath)))}`;
		default:
			return path.basename(config.storePath);
	}
}
