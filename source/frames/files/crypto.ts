import {createRequire} from 'node:module';

type Crypto = typeof import('node:crypto');

const load = createRequire(import.meta.url);
let crypto: Crypto | undefined;

/**
 * node:crypto, loaded on first use: it costs ~10 ms of CPU to load, and the explorer's first frame
 * reads .drills/ frames (these modules) but never writes one, which is all crypto is for here.
 */
export function frameCrypto(): Crypto {
	crypto ??= load('node:crypto') as Crypto;
	return crypto;
}
