import path from 'node:path';
import {fixturePages} from './fixture-pages.js';
import {writeKnownItem, type MadeCollection} from './known-item.js';
import {manPages} from './man-pages.js';
import {npmReadmes} from './npm-readmes.js';
import {pythonDocs} from './python-docs.js';

/**
 * Writes the generated known-item collections into `out`: from the markdown of fixtures/, the
 * system's manual pages, the installed npm packages' READMEs and Python's pydoc pages. None is
 * committed (the last three are other projects' text, made from what this machine has).
 */
export function makeCollections(out: string): MadeCollection[] {
	const made: MadeCollection[] = [];
	const write = (name: string, pages: ReturnType<typeof fixturePages>) => {
		if (pages.some((page) => page.query)) made.push(writeKnownItem(path.join(out, name), pages));
	};
	write('fixtures-known-item', fixturePages('fixtures'));
	write('man-pages', manPages());
	write('npm-readmes', npmReadmes());
	write('python-docs', pythonDocs());
	return made;
}
