import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {locateStore, projectStorePath, storeLabel, userStorePath} from '../../source/store/locate.js';
import {tempDir} from '../helpers/cli.js';

describe('which store a command opens', () => {
	it('the user store: $XDG_DATA_HOME/drill, else ~/.local/share/drill; ~/Library/Application Support/drill on macOS; %LOCALAPPDATA% on Windows', () => {
		expect(userStorePath({HOME: '/home/ana', XDG_DATA_HOME: '/data/ana'}, 'linux')).toBe('/data/ana/drill/store.db');
		expect(userStorePath({HOME: '/home/ana'}, 'linux')).toBe('/home/ana/.local/share/drill/store.db');
		// A relative XDG_DATA_HOME is invalid by the XDG spec: ignored.
		expect(userStorePath({HOME: '/home/ana', XDG_DATA_HOME: 'rel'}, 'linux')).toBe('/home/ana/.local/share/drill/store.db');
		expect(userStorePath({HOME: '/Users/ana'}, 'darwin')).toBe('/Users/ana/Library/Application Support/drill/store.db');
		expect(userStorePath({HOME: '/Users/ana', LOCALAPPDATA: '/c/Users/ana/AppData/Local'}, 'win32')).toBe(path.join('/c/Users/ana/AppData/Local', 'drill', 'store.db'));
	});

	it('--store, then DRILL_STORE, then a .drill/ folder up the tree, then the user store', () => {
		const home = tempDir();
		const repo = path.join(home, 'src', 'api');
		mkdirSync(path.join(repo, 'lib', 'deep'), {recursive: true});
		mkdirSync(path.join(repo, '.git'));
		const env = {HOME: home, XDG_DATA_HOME: path.join(home, 'data')};
		// A repository alone is no project store: its sessions go to the machine's one store.
		expect(locateStore(undefined, env, path.join(repo, 'lib', 'deep'))).toEqual({path: path.join(home, 'data', 'drill', 'store.db'), origin: 'user'});
		mkdirSync(path.join(repo, '.drill'));
		expect(locateStore(undefined, env, path.join(repo, 'lib', 'deep'))).toEqual({path: path.join(repo, '.drill', 'store.db'), origin: 'project'});
		expect(locateStore(undefined, {...env, DRILL_STORE: 'x.db'}, repo)).toEqual({path: path.join(repo, 'x.db'), origin: 'environment'});
		expect(locateStore('y.db', {...env, DRILL_STORE: 'x.db'}, repo)).toEqual({path: path.join(repo, 'y.db'), origin: 'option'});
		// A file named .drill is no store folder.
		const other = path.join(home, 'other');
		mkdirSync(other);
		writeFileSync(path.join(other, '.drill'), '');
		expect(projectStorePath(other)).toBeUndefined();
	});

	it('is named with ~ for the home folder', () => {
		expect(storeLabel({path: '/home/ana/.local/share/drill/store.db', origin: 'user'}, '/home/ana')).toBe('user store ~/.local/share/drill/store.db');
		expect(storeLabel({path: '/srv/x.db', origin: 'option'}, '/home/ana')).toBe('store (--store) /srv/x.db');
	});
});
