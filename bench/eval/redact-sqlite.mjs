// Redacts the secrets of an SQLite database (an agent's store: Crush, OpenCode, Goose…) value by value,
// so that it stays a sound database. Every text value of every ordinary table goes through the perl
// program of redact-secrets.sh (REDACT_PROGRAM) as one JSON string a line, as a JSON-lines log would;
// the values it changed are written back by rowid, and the file is vacuumed so that no old value is
// left in a free page. Its `-wal` is folded in first (journal mode DELETE). Virtual tables, tables
// without rowid and SQLite's own are left as they are, each named on standard error.
// Usage: REDACT_PROGRAM='…' node redact-sqlite.mjs FILE
import {spawnSync} from 'node:child_process';
import Database from 'better-sqlite3';

const file = process.argv[2];
const program = process.env.REDACT_PROGRAM;
if (!file || !program) {
	console.error('usage: REDACT_PROGRAM=… node redact-sqlite.mjs FILE');
	process.exit(2);
}

const db = new Database(file);
db.pragma('journal_mode = DELETE');
const quote = (name) => `"${name.replaceAll('"', '""')}"`;
const cells = [];
for (const {name, sql} of db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all()) {
	if (/^\s*CREATE\s+VIRTUAL\b/iu.test(sql ?? '') || /\bWITHOUT\s+ROWID\b/iu.test(sql ?? '')) {
		console.error(`redact-sqlite: ${file}: table ${name} left as it is (virtual or without rowid)`);
		continue;
	}
	for (const row of db.prepare(`SELECT rowid AS "rowid:redact", * FROM ${quote(name)}`).iterate()) {
		for (const [column, value] of Object.entries(row)) {
			if (column !== 'rowid:redact' && typeof value === 'string') cells.push({table: name, column, rowid: row['rowid:redact'], value});
		}
	}
}

const input = `${cells.map((cell) => JSON.stringify(cell.value)).join('\n')}\n`;
const perl = spawnSync('perl', ['-CSD', '-pe', program], {input, encoding: 'utf8', maxBuffer: 2 ** 31 - 1});
if (perl.status !== 0) {
	console.error(`redact-sqlite: ${file}: perl failed: ${perl.stderr}`);
	process.exit(1);
}
const lines = perl.stdout.split('\n');
let changed = 0;
db.transaction(() => {
	cells.forEach((cell, index) => {
		const value = JSON.parse(lines[index] ?? 'null');
		if (typeof value !== 'string') throw new Error(`redact-sqlite: ${file}: value ${index} came back broken`);
		if (value === cell.value) return;
		db.prepare(`UPDATE ${quote(cell.table)} SET ${quote(cell.column)} = ? WHERE rowid = ?`).run(value, cell.rowid);
		changed += 1;
	});
})();
if (changed > 0) db.exec('VACUUM');
db.close();
