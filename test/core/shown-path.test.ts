import {expect, it} from 'vitest';
import {sessionFacts} from '../../source/core/item-source.js';
import {homeRelative, withinFolder} from '../../source/core/shown-path.js';

it('paths read as a person writes them: ~ for the home folder, files as paths in their project', () => {
	expect(homeRelative('/home/ana/src/api', '/home/ana')).toBe('~/src/api');
	expect(homeRelative('/home/anastasia/x', '/home/ana')).toBe('/home/anastasia/x');
	expect(homeRelative('/srv/x', '')).toBe('/srv/x');
	expect(withinFolder('/home/ana/api/src/x.ts', '/home/ana/api/')).toBe('src/x.ts');
	expect(withinFolder('/home/ana/apiary/x.ts', '/home/ana/api')).toBe('/home/ana/apiary/x.ts');
	expect(withinFolder('c:/Users/Ana/api/src/x.ts', 'C:\\Users\\ana\\api')).toBe('src/x.ts');
	expect(withinFolder('src/x.ts', '/home/ana/api')).toBe('src/x.ts');
	// Claude Code records edited files absolute, Codex relative: both are shown as in the project.
	const facts = sessionFacts({project: '/home/ana/api', files_edited: ['/home/ana/api/src/a.ts', 'test/b.ts', '/etc/hosts']}, {names: true});
	expect(facts?.files).toEqual(['src/a.ts', 'test/b.ts', '/etc/hosts']);
});
