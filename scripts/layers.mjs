// `node scripts/layers.mjs [DIR]`: fails when a module under DIR (default source) imports across a
// line the layout draws (docs/design.md). The runtime (runtime.ts) is the one place the parts are
// wired: what writes items is handed the store writer that keeps the search indexes in step, the
// app and the MCP server reach the store through the runtime, and search reads knowledge files
// with the text parsers, not through a domain. Every import counts, type-only ones too.
import path from 'node:path';
import {moduleGraph} from './module-graph.mjs';

const root = path.resolve(process.argv[2] ?? 'source');

/** [the folder that imports, the folder it must not import, why and what to do instead]. */
const rules = [
	['ingest', 'search', 'ingest writes through the store writer the runtime hands it (IngestOptions.openStore), which attaches the search indexer'],
	['frames', 'search', 'frames index closed drills through the writer the runtime hands them (FramesConfig.openStore)'],
	['ui', 'store', 'the app reaches the store only through the runtime (ui/services.ts holds it); shared shapes belong in core/'],
	['mcp', 'store', 'the MCP server reaches the store only through the runtime (mcp/context.ts holds it); ask the runtime for what the tools need'],
	['search', 'domains', 'search does not depend on a domain; move what both need into text/ or core/'],
];

const folderOf = (file) => path.relative(root, file).split(path.sep)[0];
const broken = [];
for (const [file, targets] of moduleGraph(root)) {
	for (const target of targets) {
		const rule = rules.find(([from, to]) => folderOf(file) === from && folderOf(target) === to);
		if (rule) broken.push(`  ${path.relative(process.cwd(), file)} imports ${path.relative(process.cwd(), target)}: ${rule[2]}`);
	}
}
if (broken.length > 0) {
	process.stderr.write(`imports across the layout's lines under ${path.relative(process.cwd(), root) || '.'}:\n${broken.join('\n')}\n`);
	process.exitCode = 1;
}
