import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {everyNth, type KnownItemPage} from './known-item.js';

/** roff source as plain text: requests dropped (their arguments kept for headings and fonts), escapes removed. */
export function roffText(source: string): string {
	const lines: string[] = [];
	for (const raw of source.split('\n')) {
		let line = raw;
		if (/^[.']\s*\\"/u.test(line)) continue;
		const request = /^[.']\s*([A-Za-z]{1,3})\b\s*(.*)$/u.exec(line);
		if (request) {
			const [, name, rest] = request;
			if (!/^(SH|SS|B|I|BI|BR|IB|IR|RB|RI|TP|IP|HP|Nm|Nd|Sh|Ss|Fl|Ar|Op|Xr|Pa|Dv|Ev|Cm|It|Em|Sy|Dl|Li)$/u.test(name!)) continue;
			line = rest!.replace(/"/gu, '');
		}
		line = line
			.replace(/\\f(\[[^\]]*\]|\(..|.)/gu, '')
			.replace(/\\\((em|en)/gu, '—')
			.replace(/\\\(..|\\\[[^\]]*\]/gu, ' ')
			.replace(/\\[-e]/gu, (escape) => (escape === '\\-' ? '-' : '\\'))
			.replace(/\\[&|^,/%:]/gu, '')
			.replace(/\\s[-+]?\d/gu, '')
			.replace(/\\(.)/gu, '$1');
		lines.push(line);
	}
	return lines.join('\n').replace(/\n{3,}/gu, '\n\n');
}

/** The NAME section's "cmd \- what it does", and the page without that section. */
function splitName(text: string): {names: string; description: string; rest: string} | undefined {
	const match = /^NAME\s*\n([\s\S]*?)\n(?=[A-Z][A-Z ]+\n)/mu.exec(text);
	if (!match) return undefined;
	const line = match[1]!.replace(/\s+/gu, ' ').trim();
	const dash = /^(.*?)\s+[-—]+\s+(.+)$/u.exec(line);
	if (!dash) return undefined;
	return {names: dash[1]!, description: dash[2]!, rest: text.slice(0, match.index) + text.slice(match.index + match[0].length)};
}

/**
 * Known-item pages from the system's section-1 manual pages (generated here, never committed):
 * the query is the page's one-line description from its NAME section, which is removed from the
 * page; the title is the command's name. `every` thins the pages out; one in `queryEvery` pages
 * gets a query.
 */
export function manPages(folder = '/usr/share/man/man1', every = 6, queryEvery = 12): KnownItemPage[] {
	if (!existsSync(folder)) return [];
	const files = everyNth(
		readdirSync(folder)
			.filter((name) => name.endsWith('.gz'))
			.sort(),
		every,
	);
	const pages: KnownItemPage[] = [];
	for (const name of files) {
		let source: string;
		try {
			source = gunzipSync(readFileSync(path.join(folder, name))).toString('utf8');
		} catch {
			continue;
		}
		if (/^\.so\s/mu.test(source.slice(0, 200))) continue;
		const parsed = splitName(roffText(source));
		if (!parsed || parsed.description.split(' ').length < 3 || parsed.rest.length < 300) continue;
		const id = name.replace(/\.gz$/u, '');
		pages.push({id, title: parsed.names, text: parsed.rest.slice(0, 60_000), query: pages.length % queryEvery === 0 ? parsed.description : undefined});
	}
	return pages;
}
