import {createHash} from 'node:crypto';

/**
 * A short, stable, lowercase item id for a source: 12 hex digits of a SHA-256 of what identifies
 * it (a Claude Code session id, a ChatGPT conversation id, or the file's absolute path).
 */
export function itemIdFor(kind: string, key: string): string {
	return createHash('sha256').update(`${kind}\u0000${key}`).digest('hex').slice(0, 12);
}
