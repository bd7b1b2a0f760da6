import {createRequire} from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3's constructor, required rather than imported: an `import` of a CommonJS package
 * makes Node parse the package for its exports with cjs-module-lexer (a WebAssembly module it
 * compiles on first use), ~8 ms of CPU before the explorer's first frame; `require` reads no exports.
 * The explorer's CommonJS bundle has the package's JavaScript inside (scripts/build.mjs: bundled-sqlite).
 */
export const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
