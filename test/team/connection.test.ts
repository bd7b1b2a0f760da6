import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {shownUrl, teamError, teamTarget, tlsConfig} from '../../source/team/connection.js';
import {checkLabel, localLabels, pulledItemId} from '../../source/team/labels.js';
import {sinceTime} from '../../source/cli/pull.js';

const line = (action: () => unknown) => {
	try {
		action();
	} catch (error) {
		return (error as DrillError).line;
	}
	return 'no error';
};

describe('the team URL', () => {
	it('turns TLS on for any host but this machine, unless the URL says otherwise', () => {
		expect(teamTarget('postgres://ana@db.example.com/drill', '--to', {})).toMatchObject({local: false, tls: true});
		expect(teamTarget('postgres://ana@10.0.0.5:5433/drill', '--to', {})).toMatchObject({local: false, tls: true});
		for (const url of ['postgres://ana@localhost/drill', 'postgres://ana@127.0.0.1:5432/drill', 'postgresql://ana@[::1]/drill', 'postgres:///drill?host=/var/run/postgresql', 'postgres://ana@%2Fvar%2Frun%2Fpostgresql/drill']) {
			expect(teamTarget(url, '--to', {}), url).toMatchObject({local: true, tls: false});
		}
		expect(teamTarget('postgres://ana@db.example.com/drill?sslmode=disable', '--to', {}).tls).toBe(false);
		expect(teamTarget('postgres://ana@localhost/drill?sslmode=require', '--to', {}).tls).toBe(true);
	});

	it('reads the TLS parameters as libpq does', () => {
		const config = (url: string) => tlsConfig(teamTarget(url, '--to', {}));
		expect(config('postgres://ana@db.example.com/drill')).toEqual({rejectUnauthorized: true});
		expect(config('postgres://ana@db.example.com/drill?sslmode=require')).toEqual({rejectUnauthorized: false});
		expect(config('postgres://ana@db.example.com/drill?sslmode=verify-ca')).toMatchObject({rejectUnauthorized: true});
		expect(config('postgres://ana@localhost/drill')).toBe(false);
		expect(config('postgres://ana@db.example.com/drill?sslmode=disable')).toBe(false);
		expect(line(() => config('postgres://ana@db.example.com/drill?sslrootcert=/nowhere/ca.pem'))).toBe('the team URL\'s sslrootcert "/nowhere/ca.pem" cannot be read (ENOENT); give the path of a PEM file (sslrootcert=/path/to/file.pem)');
		expect(line(() => teamTarget('postgres://ana@db/drill?sslmode=sometimes', '--to', {}))).toBe('--to has sslmode="sometimes", which is not a TLS mode; use one of disable, allow, prefer, require, verify-ca, verify-full, no-verify');
	});

	it('comes from the flag, else DRILL_TEAM_URL, where a password is the environment\'s to hold', () => {
		expect(teamTarget(undefined, '--to', {DRILL_TEAM_URL: 'postgres://ana:secret@db/drill'})).toMatchObject({shown: 'postgres://ana:***@db/drill', tls: true});
		expect(line(() => teamTarget(undefined, '--from', {}))).toBe('no team database given; give --from postgres://USER@HOST/DATABASE or set DRILL_TEAM_URL (the password goes in PGPASSWORD or ~/.pgpass)');
		expect(line(() => teamTarget('postgres://ana:secret@db/drill', '--to', {}))).toMatch(/^--to holds a password, which the command line shows/u);
		expect(line(() => teamTarget('postgres://ana@db/drill?password=secret', '--to', {}))).toMatch(/^--to holds a password/u);
		expect(line(() => teamTarget('db.example.com', '--to', {}))).toBe('--to "db.example.com" is not a URL; give postgres://USER@HOST:PORT/DATABASE, e.g. postgres://drill@db.example.com/drill');
		expect(line(() => teamTarget('http://db/drill', '--to', {}))).toBe('--to must be a postgres:// URL, got http://…; give postgres://USER@HOST:PORT/DATABASE');
		expect(shownUrl('postgres://ana:secret@db/drill?sslpassword=x')).toBe('postgres://ana:***@db/drill?sslpassword=***');
	});

	it('says in one line what a failure was and what would help, never the password', () => {
		const target = teamTarget(undefined, '--to', {DRILL_TEAM_URL: 'postgres://ana:secret@db.example.com/drill'});
		expect(teamError(Object.assign(new Error('self-signed certificate in certificate chain'), {code: 'SELF_SIGNED_CERT_IN_CHAIN'}), target).line).toMatch(/^TLS with the team database at postgres:\/\/ana:\*\*\*@db\.example\.com\/drill failed \(self-signed certificate in certificate chain\); TLS is on for a server on another machine: add sslrootcert/u);
		expect(teamError(Object.assign(new Error('database "drill" does not exist'), {code: '3D000'}), target).line).toMatch(/does not exist .*createdb drill/u);
		expect(teamError(new Error('getaddrinfo ENOTFOUND db.example.com'), target).line).not.toContain('secret');
	});
});

describe('labels', () => {
	it('are this machine\'s host and login names unless DRILL_MACHINE and DRILL_USER say otherwise', () => {
		expect(localLabels({DRILL_MACHINE: 'ci-runner-3', DRILL_USER: 'ci'})).toEqual({machine: 'ci-runner-3', user: 'ci'});
		const own = localLabels({USER: 'ana smith'});
		expect(own.user).toBe('ana-smith');
		expect(own.machine).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/u);
		expect(line(() => checkLabel('machine', 'my laptop', 'DRILL_MACHINE'))).toBe('DRILL_MACHINE "my laptop" is not a machine name; use 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. laptop-ana)');
		expect(pulledItemId({machine: 'laptop', user: 'ana'}, '3f9a0c1b2d4e')).toBe('ana@laptop/3f9a0c1b2d4e');
	});
});

describe('pull --since', () => {
	it('takes a date, a time or an age', () => {
		const now = Date.parse('2026-12-06T12:00:00Z');
		expect(sinceTime('2026-11-28', now)).toBe('2026-11-28T00:00:00.000Z');
		expect(sinceTime('2026-11-28T14:00Z', now)).toBe('2026-11-28T14:00:00.000Z');
		expect(sinceTime('7d', now)).toBe('2026-11-29T12:00:00.000Z');
		expect(sinceTime('12h', now)).toBe('2026-12-06T00:00:00.000Z');
		expect(line(() => sinceTime('yesterday', now))).toMatch(/^--since "yesterday" is not a date or an age/u);
	});
});

describe('the password file', () => {
	it('is read as libpq reads it: the first matching line, * for any, \\: for a colon, only when private', async () => {
		const {mkdtempSync, writeFileSync, chmodSync} = await import('node:fs');
		const {tmpdir} = await import('node:os');
		const path = await import('node:path');
		const {passwordFor} = await import('../../source/team/pgpass.js');
		const dir = mkdtempSync(path.join(tmpdir(), 'drill-pgpass-'));
		const file = path.join(dir, 'pgpass');
		writeFileSync(file, '# team\ndb.example.com:5432:drill:ana:first\n*:*:*:ana:pa\\:ss\\\\word\n', {mode: 0o600});
		const env = {PGPASSFILE: file};
		expect(passwordFor({host: 'db.example.com', port: 5432, database: 'drill', user: 'ana'}, env)).toBe('first');
		expect(passwordFor({host: 'other', port: '6543', database: 'x', user: 'ana'}, env)).toBe('pa:ss\\word');
		expect(passwordFor({host: 'other', port: '6543', database: 'x', user: 'bo'}, env)).toBeUndefined();
		expect(passwordFor({host: 'other', port: '6543', database: 'x', user: 'bo'}, {...env, PGPASSWORD: 'from-env'})).toBe('from-env');
		chmodSync(file, 0o644);
		expect(passwordFor({host: 'db.example.com', port: 5432, database: 'drill', user: 'ana'}, env)).toBeUndefined();
	});
});
