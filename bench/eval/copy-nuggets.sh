#!/bin/bash
# Copies NUGGETS/nuggets-<agent>.json into each agent folder OUT/<agent>/ as nuggets.json (the
# file `npm run eval -- summaries` reads). Usage: copy-nuggets.sh OUT NUGGETS
set -euo pipefail
OUT=$1 NUGGETS=$2
for agent in "$OUT"/*/; do
	name=$(basename "$agent")
	[[ -f "$NUGGETS/nuggets-$name.json" ]] && cp "$NUGGETS/nuggets-$name.json" "$agent/nuggets.json"
done
exit 0
