// `node scripts/engines.mjs [DIR]`: fails unless the Node.js floor is one figure everywhere. The
// floor is the lowest version package.json's `engines.node` admits; every package the lock file
// installs (dev and optional ones included: `npm ci` warns for each that refuses it) must admit
// it, and so must the Node running this; the readme's quick start must name it
// ("Node.js 20.19 or newer").
import {readFileSync} from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(process.argv[2] ?? '.');
const read = (name) => readFileSync(path.join(root, name), 'utf8');
const manifest = JSON.parse(read('package.json'));
const lock = JSON.parse(read('package-lock.json'));
const problems = [];

const range = manifest.engines?.node;
const floor = range && semver.validRange(range) ? semver.minVersion(range) : undefined;
if (!floor) {
	process.stderr.write(`package.json: engines.node (${JSON.stringify(range)}) is not a version range; give one such as ">=20.19.0"\n`);
	process.exit(1);
}
const versions = [floor.version, process.versions.node];
if (!semver.satisfies(process.versions.node, range)) problems.push(`this Node.js (${process.versions.node}) is outside package.json's engines.node (${range})`);

for (const [where, entry] of Object.entries(lock.packages ?? {})) {
	const wanted = entry.engines?.node;
	if (where === '' || typeof wanted !== 'string') continue;
	const name = where.replace(/^.*node_modules\//u, '');
	for (const version of versions) {
		if (!semver.satisfies(version, wanted)) problems.push(`${name}@${entry.version} needs Node.js ${wanted}, which leaves out ${version}`);
	}
}

const stated = `Node.js ${floor.major}.${floor.minor} or newer`;
if (!read('readme.md').includes(stated)) problems.push(`readme.md does not say "${stated}" (the floor package.json's engines.node gives)`);

if (problems.length > 0) {
	process.stderr.write(`the Node.js floor (${floor.version}, from engines.node ${range}) does not hold:\n${[...new Set(problems)].map((line) => `  ${line}`).join('\n')}\nraise the floor (engines.node and the readme), or replace what needs more\n`);
	process.exitCode = 1;
}
