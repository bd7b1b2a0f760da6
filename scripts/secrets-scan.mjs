#!/usr/bin/env node
/**
 * What ingest's redaction would replace in some files, to measure it on real text: each finding
 * with its kind and its line (the secret itself masked), then counts by kind.
 *
 *   node scripts/secrets-scan.mjs PATH… [--show]
 *
 * Reads files as text (folders recursively, skipping node_modules and .git); --show prints every
 * finding's line so each can be judged a secret or a false positive.
 */
import {build} from 'esbuild';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {tmpdir} from 'node:os';

const args = process.argv.slice(2);
const show = args.includes('--show');
const inputs = args.filter((arg) => arg !== '--show');
if (inputs.length === 0) {
	process.stderr.write('usage: node scripts/secrets-scan.mjs PATH… [--show]\n');
	process.exit(2);
}
const outfile = path.join(tmpdir(), `drill-redactor-${process.pid}.mjs`);
await build({entryPoints: ['source/ingest/secrets/redactor.ts'], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'error'});
const {Redactor} = await import(pathToFileURL(outfile).href);
const redactor = new Redactor();

function* files(input) {
	const stat = statSync(input);
	if (stat.isFile()) {
		yield input;
		return;
	}
	for (const entry of readdirSync(input)) if (entry !== 'node_modules' && entry !== '.git') yield* files(path.join(input, entry));
}

const byKind = new Map();
let scanned = 0;
let bytes = 0;
const started = performance.now();
for (const input of inputs) {
	for (const file of files(input)) {
		const buffer = readFileSync(file);
		if (buffer.includes(0)) continue;
		const text = buffer.toString('utf8');
		scanned++;
		bytes += text.length;
		for (const finding of redactor.find(text)) {
			byKind.set(finding.kind, (byKind.get(finding.kind) ?? 0) + 1);
			if (!show) continue;
			// The finding's line, or 100 characters either side on a long one (a JSON line holds a whole page).
			const from = Math.max(text.lastIndexOf('\n', finding.start - 1) + 1, finding.start - 100);
			const end = text.indexOf('\n', finding.end);
			const to = Math.min(end === -1 ? text.length : end, finding.end + 100);
			const secret = text.slice(finding.start, finding.end);
			const masked = `${secret.slice(0, 4)}…(${secret.length})`;
			const line = (text.slice(from, finding.start) + `«${masked}»` + text.slice(finding.end, to)).slice(0, 260);
			process.stdout.write(`${finding.kind}\t${file}\t${line.replace(/\s+/gu, ' ')}\n`);
		}
	}
}
const total = [...byKind.values()].reduce((sum, n) => sum + n, 0);
process.stdout.write(`${scanned} files, ${(bytes / 1e6).toFixed(1)} MB, ${total} findings in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
for (const [kind, count] of [...byKind].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${count}\t${kind}\n`);
