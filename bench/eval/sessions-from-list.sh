#!/bin/bash
# Shared by the held-out set scripts: reads lines `agent owner/name rev path [name]` on standard
# input and writes each session log `rev:path` of the fetched repository ($MIRROR/owner+name/repo, a
# bare git dir) into OUT/agent/ (as `name` when given: two logs of one repository with the same
# file name; a `name` with folders, e.g. tasks/ID/api_conversation_history.json, is written in
# them, for formats told by their path), then copies the nuggets (copy-nuggets.sh).
# Usage: sessions-from-list.sh OUT NUGGETS < LIST
set -euo pipefail
OUT=$1 NUGGETS=$2 MIRROR=${MIRROR:-/work/.mirror}
while read -r agent repo rev path name; do
	[[ -z "$agent" || "$agent" == \#* ]] && continue
	mkdir -p "$OUT/$agent"
	git_dir="$MIRROR/${repo/\//+}/repo"
	short=${repo#*/}
	case "$agent" in
		claude-code) default=$(basename "$path") ;;
		codex) default="${repo%%/*}.$(basename "$path")" ;;
		*) default="${short:0:40}.$(basename "$path" | sed 's/^\.//')" ;;
	esac
	name=${name:-$default}
	mkdir -p "$(dirname "$OUT/$agent/$name")"
	git --git-dir "$git_dir" show "$rev:$path" > "$OUT/$agent/$name" || { echo "missing: $repo $rev $path" >&2; rm -f "$OUT/$agent/$name"; }
done
bash "$(dirname "$0")/copy-nuggets.sh" "$OUT" "$NUGGETS"
exit 0
