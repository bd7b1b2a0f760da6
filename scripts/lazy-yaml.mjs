// The yaml package (~160 KB bundled) runs its module code as it loads: ~9 ms of CPU before the
// explorer's first frame, which reads no YAML (front matter and .drills/ files are read after it).
// The bundle resolves `yaml` to this file for every importer but this one (see scripts/build.mjs):
// the package is still bundled, and evaluated on the first parse or stringify. The app imports
// only these two functions; the build fails if something imports another name.
let yaml;
const load = () => {
	yaml ??= require('yaml');
	return yaml;
};

export function parse(...args) {
	return load().parse(...args);
}

export function stringify(...args) {
	return load().stringify(...args);
}
