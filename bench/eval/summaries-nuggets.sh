#!/bin/bash
# Stages the strict nugget set (../shared/eval/nuggets: 36 real sessions of 7 agent formats, issue 34)
# for `npm run eval -- summaries OUT` (default OUT /work/data/nuggets). Each session log named in
# files.json is read at its commit from the fetched repository ($MIRROR/owner+name/repo, a bare git
# dir; fetch each first) and written to OUT/<files.json's folder>/<name>: a Claude Code `logs/chat.json`
# (a JSON array of records) as one record per line, API keys and presigned-URL signatures replaced by
# REDACTED. sessions.json's nuggets become OUT/nuggets.json in the eval's shape, [topic, outcome,
# entity] in that order; an aider session (one of many in its file) is picked by the line its
# `# aider chat started at …` header is on. This is a TUNING set: its outputs were read while the
# rules were changed.
# Usage: summaries-nuggets.sh [OUT] [NUGGETS]
set -euo pipefail
OUT=${1:-/work/data/nuggets} NUGGETS=${2:-/work/shared/eval/nuggets} MIRROR=${MIRROR:-/work/.mirror}
mkdir -p "$OUT"
OUT="$OUT" NUGGETS="$NUGGETS" MIRROR="$MIRROR" node --input-type=module - <<'JS'
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
const {OUT, NUGGETS, MIRROR} = process.env;
const files = JSON.parse(readFileSync(path.join(NUGGETS, 'files.json'), 'utf8'));
const sessions = JSON.parse(readFileSync(path.join(NUGGETS, 'sessions.json'), 'utf8'));
const secrets = [
	[/\b(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,})/gu, 'REDACTED'],
	[/\b(AIza[0-9A-Za-z_-]{30,})/gu, 'REDACTED'],
	[/\b(gh[pousr]_[A-Za-z0-9]{30,})/gu, 'REDACTED'],
	[/\b((?:AKIA|ASIA)[0-9A-Z]{16})\b/gu, 'REDACTED'],
	[/((?:X-Amz-(?:Signature|Credential|Security-Token)|Signature|sig)=)[^&"\s\\]+/giu, '$1REDACTED'],
];
const staged = (relative) => relative.replace(/^transcripts\//u, '');
for (const file of files) {
	const gitDir = path.join(MIRROR, file.repo.replace('/', '+'), 'repo');
	let text;
	try {
		text = execFileSync('git', ['--git-dir', gitDir, 'show', `${file.commit}:${file.path}`], {encoding: 'utf8', maxBuffer: 1 << 30});
	} catch {
		process.stderr.write(`missing: ${file.repo} ${file.commit} ${file.path} (fetch the repository first)\n`);
		continue;
	}
	if (file.convert) {
		const records = JSON.parse(text);
		text = `${records.filter((record) => !file.session_id || !record.sessionId || record.sessionId === file.session_id).map((record) => JSON.stringify(record)).join('\n')}\n`;
	}
	for (const [pattern, replacement] of secrets) text = text.replace(pattern, replacement);
	const target = path.join(OUT, staged(file.file));
	mkdirSync(path.dirname(target), {recursive: true});
	writeFileSync(target, text);
}
const entries = [];
for (const session of sessions) {
	const kinds = ['topic', 'outcome', 'entity'];
	const nuggets = kinds.map((kind) => session.nuggets.find((nugget) => nugget.kind === kind)?.any ?? []);
	const entry = {file: staged(session.path), split: 'tune', nuggets};
	if (session.session) {
		let lines;
		try {
			lines = readFileSync(path.join(OUT, entry.file), 'utf8').split('\n');
		} catch {
			continue;
		}
		const at = lines.findIndex((line) => line.trim() === session.session.trim());
		if (at < 0) {
			process.stderr.write(`no session "${session.session}" in ${entry.file}\n`);
			continue;
		}
		entry.item = `#L${at + 1}`;
	}
	entries.push(entry);
}
writeFileSync(path.join(OUT, 'nuggets.json'), `${JSON.stringify(entries, null, '\t')}\n`);
process.stdout.write(`${OUT}: ${files.length} files, ${entries.length} sessions with nuggets\n`);
JS
