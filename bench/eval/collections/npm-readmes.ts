import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {withoutSentence, withoutTitleHeading, type KnownItemPage} from './known-item.js';

function packageFolders(modules: string): string[] {
	if (!existsSync(modules)) return [];
	return readdirSync(modules)
		.sort()
		.flatMap((name) => (name.startsWith('@') ? readdirSync(path.join(modules, name)).sort().map((inner) => path.join(modules, name, inner)) : name.startsWith('.') ? [] : [path.join(modules, name)]));
}

/**
 * Known-item pages from the READMEs of the installed npm packages (generated from node_modules,
 * never committed): the query is package.json's description, taken out of the README where the
 * README repeats it; the title is the package name.
 */
export function npmReadmes(modules = 'node_modules'): KnownItemPage[] {
	const pages: KnownItemPage[] = [];
	for (const folder of packageFolders(modules)) {
		let pkg: {name?: unknown; description?: unknown};
		try {
			pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as typeof pkg;
		} catch {
			continue;
		}
		const readme = existsSync(folder) ? readdirSync(folder).find((name) => /^readme(\.md|\.markdown|\.txt)?$/iu.test(name)) : undefined;
		if (!readme || typeof pkg.name !== 'string') continue;
		const text = withoutTitleHeading(readFileSync(path.join(folder, readme), 'utf8').slice(0, 60_000), pkg.name);
		if (text.length < 300) continue;
		const description = typeof pkg.description === 'string' && pkg.description.split(/\s+/u).length >= 3 ? pkg.description.trim() : undefined;
		pages.push({id: pkg.name, title: pkg.name, text: (description && withoutSentence(text, description)) ?? text, query: description});
	}
	return pages;
}
