import {existsSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {nativeBinding, openDatabase} from '../../source/store/open.js';
import {tempDir} from '../helpers/cli.js';

// Without the addon's file, better-sqlite3's `bindings` helper searches a dozen paths on every
// start: the fast path must not silently drop out (e.g. when the package moves its build).
test('the store opens with better-sqlite3\'s addon named, not searched for', () => {
	const addon = nativeBinding();
	expect(addon).toMatch(/better_sqlite3\.node$/u);
	expect(existsSync(addon!)).toBe(true);
	const db = openDatabase(path.join(tempDir('drill-native-'), 'store.db'), {write: true});
	expect(db.prepare('SELECT 1 AS one').get()).toEqual({one: 1});
	db.close();
});
