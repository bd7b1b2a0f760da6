import type Database from 'better-sqlite3';

/** An open better-sqlite3 connection: its own module, so that what opens one and what reads one need not import each other. */
export type SqliteDatabase = Database.Database;
