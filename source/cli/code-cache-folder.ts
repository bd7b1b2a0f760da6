import {homedir} from 'node:os';
import path from 'node:path';

/** Where the bundles' V8 code caches are kept: `$XDG_CACHE_HOME/drill`, else `~/.cache/drill`; none without a home (no cache then). */
export function codeCacheFolder(env: NodeJS.ProcessEnv): string | undefined {
	const cache = env.XDG_CACHE_HOME || (homedir() ? path.join(homedir(), '.cache') : '');
	return cache ? path.join(cache, 'drill') : undefined;
}
