// `npm run demo`: builds a fresh demo store from fixtures/, plays every demo/*.keys script against
// the app in a headless terminal, writes demo/NAME.cast (asciicast v2) and renders demo/NAME.svg
// with svg-term. The readme shows the SVGs: the demo is generated, never drawn by hand.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import Module, {createRequire} from 'node:module';

// svg-term renders with React 16, but its helpers (tag-hoc, @stiligita/*) are hoisted beside our
// React 19 and would load that one: send every React request from svg-term's tree to its own.
const require = createRequire(import.meta.url);
const svgTermDir = path.dirname(require.resolve('svg-term/package.json'));
const ownReact = {react: require.resolve('react', {paths: [svgTermDir]}), 'react-dom/server': require.resolve('react-dom/server', {paths: [svgTermDir]})};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
	const fromSvgTerm = parent?.filename && /node_modules[\\/](svg-term|tag-hoc|@stiligita)[\\/]/u.test(parent.filename);
	if (fromSvgTerm && ownReact[request]) return ownReact[request];
	return resolve.call(this, request, parent, ...rest);
};
const {render} = require('svg-term');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = path.join(root, 'demo');
const size = {columns: 100, rows: 28};
const only = process.argv.slice(2);
const scripts = readdirSync(demoDir)
	.filter((name) => name.endsWith('.keys'))
	.filter((name) => only.length === 0 || only.includes(path.basename(name, '.keys')))
	.sort();

const {buildDemoStore} = await import(path.join(root, 'dist', 'demo-store.js'));
let failed = 0;
for (const script of scripts) {
	const name = path.basename(script, '.keys');
	// Every script starts from the same fresh store, so its recording does not depend on the others.
	const cacheDir = mkdtempSync(path.join(tmpdir(), `drill-demo-${name}-`));
	try {
		const demo = buildDemoStore({fixtures: path.join(root, 'fixtures'), cacheDir});
		const cast = path.join(demoDir, `${name}.cast`);
		const result = spawnSync(
			process.execPath,
			[path.join(root, 'dist', 'cli.cjs'), '--keys', path.join(demoDir, script), '--record', cast, '--size', `${size.columns}x${size.rows}`, '--store', demo.storePath, '--knowledge', demo.knowledgeDir, '--drills', demo.drillsRoot],
			{encoding: 'utf8', env: {...process.env, NO_COLOR: ''}},
		);
		if (result.status !== 0) {
			failed++;
			process.stderr.write(`demo ${name}: ${result.stderr.trim() || `exit ${result.status}`}\n`);
			continue;
		}
		const svg = render(readFileSync(cast, 'utf8'), {window: true, width: size.columns, height: size.rows, paddingX: 8, paddingY: 8});
		writeFileSync(path.join(demoDir, `${name}.svg`), svg);
		process.stdout.write(`demo ${name}: demo/${name}.cast, demo/${name}.svg\n`);
	} finally {
		rmSync(cacheDir, {recursive: true, force: true});
	}
}
process.exitCode = failed > 0 ? 1 : 0;
