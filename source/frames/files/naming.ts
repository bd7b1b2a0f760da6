import {frameCrypto} from './crypto.js';

/** `YYYY-MM-DD-HHMMSS-sha-slug`: lexically sortable, parseable, unique even when slugs collide. */
export const drillNamePattern = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})-([0-9a-f]{6})-([a-z0-9]+(?:-[a-z0-9]+)*)$/u;
export const shaPattern = /^[0-9a-f]{6}$/u;
export const maxSlugLength = 48;

export interface DrillName {
	name: string;
	/** The `YYYY-MM-DD-HHMMSS` part, UTC. */
	stamp: string;
	sha: string;
	slug: string;
}

/**
 * A safe folder-name slug from any text: accents folded, everything but a–z and 0–9 becomes
 * a hyphen, at most `max` characters cut at a word boundary; `fallback` when nothing is left.
 */
export function slugify(input: unknown, fallback = 'drill', max = maxSlugLength): string {
	const folded = String(input ?? '')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/gu, '')
		.toLowerCase();
	let slug = folded.replace(/[^a-z0-9]+/gu, '-').replace(/^-+|-+$/gu, '');
	if (slug.length > max) {
		slug = slug.slice(0, max);
		const cut = slug.lastIndexOf('-');
		if (cut >= max / 2) slug = slug.slice(0, cut);
		slug = slug.replace(/-+$/u, '');
	}
	return slug || fallback;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD-HHMMSS` in UTC. */
export function formatStamp(date: Date): string {
	return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}-${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}`;
}

export function drillFolderName(date: Date, sha: string, slug: string): string {
	return `${formatStamp(date)}-${sha}-${slug}`;
}

export function parseDrillName(name: string): DrillName | undefined {
	const match = drillNamePattern.exec(name);
	if (!match) return undefined;
	return {name, stamp: name.slice(0, 17), sha: match[7]!, slug: match[8]!};
}

/** Six hex digits of a hash of (time, slug, parent, random bytes). Callers check collisions. */
export function drillSha(date: Date, slug: string, parent: string | null, random: Buffer): string {
	return frameCrypto().createHash('sha256').update(`${date.toISOString()}\0${slug}\0${parent ?? ''}\0${random.toString('hex')}`).digest('hex').slice(0, 6);
}
