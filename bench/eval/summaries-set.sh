#!/bin/bash
# Rebuilds the public session set of `npm run eval -- summaries` into OUT (default /work/data/titles/real):
# each line below is owner/name and the path of a session log in it. Fetch each repository first
# (the session's `fetch` tool puts it under $MIRROR/owner+name/repo); the nuggets are written by hand
# into OUT/nuggets.json (format: bench/eval/summaries.ts, example: fixtures/summaries/nuggets.json).
set -euo pipefail
OUT=${1:-/work/data/titles/real} MIRROR=${MIRROR:-/work/.mirror}
while read -r agent repo file; do
	[[ -z "$agent" || "$agent" == \#* ]] && continue
	mkdir -p "$OUT/$agent"
	git --git-dir "$MIRROR/${repo/\//+}/repo" show "HEAD:$file" > "$OUT/$agent/${repo/\//+}.$(basename "$file" | sed 's/^\.//')"
done <<'LIST'
aider AndrewJacop/doc_processor .aider.chat.history.md
aider BjornNordblom/pocketflow-text2sql-gui .aider.chat.history.md
LIST
