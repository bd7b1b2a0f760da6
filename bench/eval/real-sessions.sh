#!/bin/bash
# Stages the real public agent session files that ../shared/eval/real-sessions/manifest.json lists
# (repo, path, commit, file) into OUT (default /work/data/real-sessions), each as OUT/<file>, from
# the fetched repositories ($MIRROR/owner+name/repo, bare git dirs the session's `fetch` tool
# makes). A file missing at its commit is taken from the newest commit that has it, and said so.
# OUT/STAGED.md lists what arrived and what did not; OUT/manifest.json is the manifest, for
# `npm run eval -- agents OUT`, which groups the files by agent with it. These files are never committed: they hold
# people's real work (and, in three, secrets the manifest's copies had redacted).
# Usage: bench/eval/real-sessions.sh [OUT] [MANIFEST]
set -euo pipefail
OUT=${1:-/work/data/real-sessions}
MANIFEST=${2:-/work/shared/eval/real-sessions/manifest.json}
MIRROR=${MIRROR:-/work/.mirror}
rows=$(node -e '
	const rows = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
	for (const r of rows) console.log([r.agent_folder, r.repo, r.commit, r.path, r.file, r.bytes].join("\t"));
' "$MANIFEST")
mkdir -p "$OUT"
staged="$OUT/STAGED.md.part"
{
	echo "# Real agent session files, staged"
	echo
	echo "From \`$MANIFEST\` by \`bench/eval/real-sessions.sh\` on $(date -u +%Y-%m-%dT%H:%MZ)."
	echo "Each file as \`git show COMMIT:PATH\` from \`$MIRROR/owner+name/repo\`. Never commit these."
	echo
	echo "| file | agent folder | repo | commit | bytes (manifest → here) | status |"
	echo "|---|---|---|---|---|---|"
} > "$staged"
arrived=0 fallback=0 missing=0
while IFS=$'\t' read -r folder repo commit path file bytes; do
	git_dir="$MIRROR/${repo/\//+}/repo"
	dest="$OUT/$file"
	mkdir -p "$(dirname "$dest")"
	status="at its commit" used=$commit
	if [[ ! -d "$git_dir" ]]; then
		status="NOT STAGED: repository not fetched ($git_dir)"; used=""
	elif ! git --git-dir "$git_dir" cat-file -e "$commit:$path" 2>/dev/null; then
		used=$(git --git-dir "$git_dir" log --all -1 --format=%H -- "$path" 2>/dev/null || true)
		if [[ -n "$used" ]] && git --git-dir "$git_dir" cat-file -e "$used:$path" 2>/dev/null; then
			status="FALLBACK: not at ${commit:0:12}; taken from the newest commit that has it, ${used:0:12}"
		else
			status="NOT STAGED: not at ${commit:0:12} nor at any commit of the mirror"; used=""
		fi
	fi
	if [[ -n "$used" ]]; then
		git --git-dir "$git_dir" show "$used:$path" > "$dest.part" && mv "$dest.part" "$dest"
		got=$(stat -c %s "$dest")
		if [[ "$status" == FALLBACK* ]]; then fallback=$((fallback + 1)); else arrived=$((arrived + 1)); fi
		[[ "$got" != "$bytes" ]] && status="$status; size differs (redactions or another version)"
	else
		got="—"; missing=$((missing + 1)); rm -f "$dest"
		echo "not staged: $repo $commit $path" >&2
	fi
	echo "| \`$file\` | $folder | $repo | ${commit:0:12} | $bytes → $got | $status |" >> "$staged"
done <<< "$rows"
{
	echo
	echo "$((arrived + fallback + missing)) files listed: $arrived at their commit, $fallback from a later commit, $missing not staged."
	echo "SQLite stores keep their \`-wal\` and \`-shm\` beside them, from the same commit."
} >> "$staged"
mv "$staged" "$OUT/STAGED.md"
# The manifest beside the files groups them by agent for `npm run eval -- agents`; neither it nor
# STAGED.md is a session (.drillignore keeps them out of `drill ingest`).
cp "$MANIFEST" "$OUT/manifest.json"
printf 'STAGED.md\nmanifest.json\n' > "$OUT/.drillignore"
echo "staged into $OUT: $arrived at their commit, $fallback from a later commit, $missing not staged (see $OUT/STAGED.md)"
