// The yaml package (~160 KB bundled) runs its module code as it loads: ~9 ms of CPU before the
// explorer's first frame, which reads no YAML (front matter and .drills/ files are read after it).
// Even unevaluated, its code in a chunk is read and compiled with everything the first frame
// loads. So the build makes it a file of its own, dist/yaml.cjs (see scripts/build.mjs), and the
// bundle resolves `yaml` to this file, which loads that one on the first parse or stringify.
// The app imports only these two functions; the build fails if something imports another name.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

let yaml;
const load = () => {
	if (yaml) return yaml;
	// This code sits in dist/ (an entry) or one folder below it (a chunk).
	const here = path.dirname(fileURLToPath(import.meta.url));
	const file = [path.join(here, 'yaml.cjs'), path.join(here, '..', 'yaml.cjs')].find((candidate) => existsSync(candidate));
	// Not built (this file run as it is, by the tests): the package itself.
	yaml = require(file ?? 'yaml');
	return yaml;
};

export function parse(...args) {
	return load().parse(...args);
}

export function stringify(...args) {
	return load().stringify(...args);
}
