#!/bin/bash
# Rebuilds the public session set of `npm run eval -- summaries` (issue 22, "Measure it") into OUT
# (default /work/data/evalset): one folder per agent. Each line below is: agent, owner/name of a
# public GitHub repository, the path of a session log in it (a glob when the log's name carries a
# date). Fetch each repository first (the session's `fetch` tool puts it under
# $MIRROR/owner+name/repo, a bare git dir); the set is read from HEAD. Cursor exports are read by
# the search index's file id (the index names no repository for them): `read_file id=<id>`, saved as
# cursor/<id>.md (ids 36010736541, 52341089801 — middle of two answers cut —, 19984550823 — code blocks cut —;
# found with find_string "from Cursor (1." / "from Cursor (2." / "from Cursor (1.6"). Nuggets: fixtures/summaries/public/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json.
# The codex lines are real Codex CLI rollouts committed by people who keep CODEX_HOME in the repo
# (`.codex/sessions/…`; do not read the `.codex/auth.json` next to them). The claude-code lines are real
# Claude Code sessions from a public config backup (`.claude/projects/`). The claude-code-fixtures and
# codex-fixtures lines are TEST FIXTURES of log viewers (sanitized or made up), not raw logs.
# The specstory lines are chats SpecStory saved (`.specstory/history/`, its extension and its CLI),
# one per repository; a fourth field reads the file at that commit (a repository that later dropped it).
set -euo pipefail
OUT=${1:-/work/data/evalset} MIRROR=${MIRROR:-/work/.mirror}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
while read -r agent repo file rev; do
	[[ -z "$agent" || "$agent" == \#* ]] && continue
	rev=${rev:-HEAD}
	mkdir -p "$OUT/$agent"
	git_dir="$MIRROR/${repo/\//+}/repo"
	path=$(git --git-dir "$git_dir" ls-tree -r --name-only "$rev" | grep -E "^${file}\$" | head -1 || true)
	[[ -z "$path" ]] && { echo "missing: $repo $file" >&2; continue; }
	short=${repo#*/}; short=${short#figma-eval-}
	[[ "$agent" == codex ]] && short=${repo%%/*}
	name="${short:0:40}.$(basename "$path" | sed 's/^\.//')"
	[[ "$agent" == claude-code ]] && name=$(basename "$path")
	git --git-dir "$git_dir" show "$rev:$path" > "$OUT/$agent/$name"
done <<'LIST'
gemini metaphi-agent/figma-eval-010ac575-1280-41fe-be26-130311bef5ed-gemini_cli \.gemini/tmp/[^/]*/chats/session-[^/]*\.json
gemini metaphi-agent/figma-eval-010ac575-1280-41fe-be26-130311bef5ed-gemini_cli transcript\.jsonl
gemini metaphi-agent/figma-eval-49bdd49a-5831-4dca-ad1b-a66b7b9901fa-gemini_cli transcript\.jsonl
gemini metaphi-agent/figma-eval-65829f23-19f2-4c9a-9dc9-9be934780ffc-gemini_cli transcript\.jsonl
gemini metaphi-agent/figma-eval-d00f7a9b-ecaf-4a62-b8e7-388b8cc18957-gemini_cli transcript\.jsonl
aider AndrewJacop/Simple-Calulator \.aider\.chat\.history\.md
aider BeauCranston/car-game \.aider\.chat\.history\.md
aider Aeell/ai-text-detector \.aider\.chat\.history\.md
aider 7onc3k/brejlator \.aider\.chat\.history\.md
aider 3oFiz4/note_app \.aider\.chat\.history\.md
codex aneesh199608/dslint \.codex/sessions/.*\.jsonl
codex Kooksun/RPS_3 \.codex/sessions/2025/10/24/.*\.jsonl
codex Kooksun/RPS_3 \.codex/sessions/2025/10/28/rollout-2025-10-28T10.*\.jsonl
codex Kooksun/RPS_3 \.codex/sessions/2025/10/28/rollout-2025-10-28T14.*\.jsonl
codex Azilone/personalize.design-app \.codex/sessions/2026/01/09/rollout-2026-01-09T16-11-16.*\.jsonl
codex Azilone/personalize.design-app \.codex/sessions/2026/01/09/rollout-2026-01-09T16-11-30.*\.jsonl
codex Nuttapong14/crypto-wallet \.codex/sessions/2025/10/15/.*\.jsonl
codex Nuttapong14/crypto-wallet \.codex/sessions/2025/10/23/rollout-2025-10-23T22.*\.jsonl
codex Nuttapong14/crypto-wallet \.codex/sessions/2025/10/23/rollout-2025-10-23T23.*\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/0b903f4a-f843-4a76-90bb-df10400e0478\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/2b8d60c5-358e-4b3a-b1fd-28e0a2221fd2\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/44ef5cbf-9cc3-4f7b-ac40-337a4d39713b\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/512f6c74-f82f-4adb-9719-4ae90076677c\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/5fbb940a-c7f3-404d-bf66-a028fcc250ec\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/8a3e5a2e-788d-4759-ad92-56023d9aee60\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/8c880a68-969b-4b92-8733-a4927179d072\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/8fd119a6-9ab8-407b-810f-329cfb6153e0\.jsonl
claude-code 4thehalibit/omarchy-backup \.claude/projects/-home-vwestberg-Claude/9341ff92-27e9-40b5-be3f-9849c3696efc\.jsonl
claude-code-fixtures daaain/claude-code-log test/test_data/representative_messages\.jsonl
claude-code-fixtures daaain/claude-code-log test/test_data/session_b\.jsonl
claude-code-fixtures daaain/claude-code-log test/test_data/todowrite_examples\.jsonl
claude-code-fixtures simonw/claude-code-transcripts tests/sample_session\.jsonl
claude-code-fixtures S2thend/claude-code-history tests/fixtures/sample-session\.jsonl
claude-code-fixtures S2thend/claude-code-history tests/fixtures/agent-session\.jsonl
codex-fixtures KentaOsabe/codex-history backend/spec/fixtures/sessions/source/2025-01-01/session-alpha\.jsonl
codex-fixtures KentaOsabe/codex-history backend/spec/fixtures/sessions/source/2025-01-02/session-beta\.jsonl
codex-fixtures KentaOsabe/codex-history backend/spec/fixtures/sessions/search/2025-03-01/session-search-one\.jsonl
codex-fixtures KentaOsabe/codex-history backend/spec/fixtures/sessions/search/2025-03-02/session-search-two\.jsonl
codex-fixtures KentaOsabe/codex-history fixtures/dummy_sessions/2025-01-01/session-0001\.jsonl
specstory idvorkin/omnifocus_cli cursor-logs/rules-for-fixup-url-function\.md
specstory edobry/minsky \.specstory/history/2025-04-27_19-26-enhancing-minsky-cli-task-id-for-session-start\.md 2d0f5d07ebe40b8b2245be819c49558147c3cad8
specstory hpm27/agente-bsc-rag \.specstory/history/2025-10-14_22-48Z-liberar-arquivo-env-do-globalcursorignore\.md
specstory specstoryai/tnyOffice \.specstory/history/2025-07-20_10-28-48Z-read-at-readme-md\.md
specstory specstoryai/keyframe-blogger \.specstory/history/2025-07-14_21-37Z-add-note-to-readme-with-icon\.md
specstory specstoryai/getspecstory specstory-cli/\.specstory/history/2026-08-03_21-15-01Z-use-claude-commands-code\.md
LIST
bash "$HERE/bench/eval/copy-nuggets.sh" "$OUT" "$HERE/fixtures/summaries/public"
exit 0
