#!/bin/bash
# Rebuilds the HELD-OUT session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout): one folder per agent, none of its repositories in summaries-public.sh, and
# nothing in drill tuned on it (its nuggets were written from the raw logs before drill was run on
# them). Each line below is: agent, owner/name of a public GitHub repository, the commit to read
# (HEAD, or the last commit that held the log when a later one deleted it), the path of a session
# log in it. Fetch each repository first (the session's `fetch` tool puts it under
# $MIRROR/owner+name/repo, a bare git dir). Cursor exports are read by the search index's file id
# (the index names no repository for them): `read_file id=<id>`, saved exactly as cursor/<id>.md
# (ids 35877731197, 1104772477, 34928382803, 14418602119; found with find_string
# "from Cursor (1.5" / "from Cursor (1.6"). Nuggets: fixtures/summaries/public/heldout/nuggets-<agent>.json,
# copied as OUT/<agent>/nuggets.json.
# claude-code: real Claude Code sessions from four people's committed ~/.claude (`projects/`); the
# first twelve carry the agent's own title (an `ai-title` record, or a `summary` whose leafUuid is in
# the file), the dotfiles ones none (their finance sessions are left out: personal account figures).
# codex: real Codex CLI rollouts committed with CODEX_HOME in the repo (do not read `.codex/auth.json`).
# gemini: real Gemini CLI chats from committed ~/.gemini (`tmp/<project>/chats/`); some carry the
# CLI's own `summary` (IDAHO-VAULT: its 1Password-secrets session left out).
# aider: `.aider.chat.history.md`, one item per `# aider chat started` line.
set -euo pipefail
OUT=${1:-/work/data/heldout}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout" <<'LIST'
claude-code Eduardodmb/ClaudeWork HEAD projects/X--01-Edmb-02-Clockhelp/a9fa6ad8-dd95-44bb-b881-207ab2cbc260.jsonl
claude-code Eduardodmb/ClaudeWork HEAD projects/X--03-ACG-Odoo-Docs/0d7a7361-35e5-49a4-b864-cb0806c3fae4.jsonl
claude-code Eduardodmb/ClaudeWork HEAD projects/X--03-ACG-Odoo-Docs/28e4e1a1-2d44-4f91-8ab7-ea7174ea0fac.jsonl
claude-code Eduardodmb/ClaudeWork HEAD projects/X--03-ACG-Odoo-Docs/3a4d0a99-ddd6-4126-a166-90e2c7016ab8.jsonl
claude-code Eduardodmb/ClaudeWork HEAD projects/X--03-ACG-Odoo-Docs/5be06022-b41e-4a60-a58f-c6a58971bb2c.jsonl
claude-code Eduardodmb/ClaudeWork HEAD projects/X--03-ACG-Odoo-Docs/c7d1f28a-026f-4236-96ab-24db5bd8e97b.jsonl
claude-code Jason-liu-0219/my-claude HEAD projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/0c24fece-29a4-43d7-9632-9a4034dfb130.jsonl
claude-code Jason-liu-0219/my-claude HEAD projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/16177a6b-1803-4ba6-b739-4e311834d038.jsonl
claude-code Jason-liu-0219/my-claude HEAD projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/5ffa2060-ba95-4cf8-bf71-ba9ff9f507f0.jsonl
claude-code Jason-liu-0219/my-claude HEAD projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/a8e54f01-7483-4424-8e92-f75d238f609d.jsonl
claude-code Jason-liu-0219/my-claude HEAD projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/c4188391-0a0e-4a12-94de-a2c02c6de2ff.jsonl
claude-code Jason-liu-0219/my-claude HEAD projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/d0ac8246-6444-4b12-9df6-9dae33b1da7d.jsonl
claude-code AndersKaae/dotfiles 655a5df0a39e231b45ee29242988a58e0aa40a52 .claude/projects/-home-anders/0cd1e921-e97d-4dbb-8c1c-b1aae37fd984.jsonl
claude-code AndersKaae/dotfiles 655a5df0a39e231b45ee29242988a58e0aa40a52 .claude/projects/-home-anders/820ad459-988a-497a-957d-2dd4d24c3526.jsonl
claude-code deder01/config_files 20624dfb9e17592bb2aa2bcbe4d7e484aa334fe5 .claude/projects/-home-deder/e1315188-7911-4821-8d6d-fba15a23cbbc.jsonl
claude-code deder01/config_files 20624dfb9e17592bb2aa2bcbe4d7e484aa334fe5 .claude/projects/-home-deder/788a1be6-d102-4e92-8790-7289d0e1b137.jsonl
codex brianlan/paper2md HEAD .codex/sessions/2025/11/07/rollout-2025-11-07T22-27-23-019a5eb7-01fe-7ec2-983f-a7d864b9d4d9.jsonl
codex Monotoba/OpenPrintKit HEAD .codex/sessions/2025/10/31/rollout-2025-10-31T19-02-58-c61729d4-da6d-46a4-9a29-ec2c614e5e23.jsonl
codex borfast/cooking-times 3abea6672d7703f417628ec0d44785f24ae4b724 .codex/sessions/2025/10/19/rollout-2025-10-19T02-52-36-0199fa2b-28f8-7c60-9b98-f2e206c3634f.jsonl
codex Hoper-J/cpolar-connect 70b17db1db0ced357f7e0c50bf24bb786147b8e2 .codex/sessions/2025/09/16/rollout-2025-09-16T12-47-48-9cd28a74-da7e-4458-a91a-fffec2be9d7a.jsonl
codex 0h-n0/local-voice-assistant-codex d69f8b301ab77a6e3b582b169c13c5c4ba48c79f .codex/sessions/2025/12/26/rollout-2025-12-26T01-48-36-019b5669-8da8-7bc3-bed8-e1c1b805dad5.jsonl
codex chunrui-qashier/md-http-server cd6c7c9001d920fdd587ef0380bb631b3f1c8936 .codex/sessions/2025/11/24/rollout-2025-11-24T00-07-08-019ab178-1682-7892-912f-cd70b0725a0c.jsonl
gemini fabien-lessirard/dotfiles f965d955f1b56882838b4744ca50c03fba039315 .gemini/tmp/dashboard-mictlan/chats/session-2026-03-02T11-46-70b8cd2f.json
gemini fabien-lessirard/dotfiles f965d955f1b56882838b4744ca50c03fba039315 .gemini/tmp/dashboard-mictlan/chats/session-2026-02-23T22-08-1cf75da9.json
gemini fabien-lessirard/dotfiles f965d955f1b56882838b4744ca50c03fba039315 .gemini/tmp/dashboard-mictlan/chats/session-2026-01-27T17-52-4089cdc5.json
gemini fabien-lessirard/dotfiles f965d955f1b56882838b4744ca50c03fba039315 .gemini/tmp/56cfacee57fb9791a4f38e595662752e07022cdeb39cd7127005427d7361037b/chats/session-2026-02-08T20-36-eaf5d4e1.json
gemini fabien-lessirard/dotfiles f965d955f1b56882838b4744ca50c03fba039315 .gemini/tmp/56cfacee57fb9791a4f38e595662752e07022cdeb39cd7127005427d7361037b/chats/session-2026-01-24T19-04-260e1681.json
gemini Tar-ive/brain-system 6ba345a9f86e11f6b0031035a3a425a4ed8a6851 .gemini/tmp/596d3688fee3b82f59f4aa1d0b90f625ade4afad4f1c4d84b80bd2f4141260aa/chats/session-2025-09-16T20-39-38d857b1.json
gemini LAF-US/IDAHO-VAULT c1c3fe9b6f274081e0ffbb32e541a9bf32f08892 .gemini/tmp/idaho-vault/chats/session-2026-04-02T02-02-e2dae65f.json
gemini LAF-US/IDAHO-VAULT c1c3fe9b6f274081e0ffbb32e541a9bf32f08892 .gemini/tmp/idaho-vault/chats/session-2026-04-04T06-10-79411b05.json
gemini LAF-US/IDAHO-VAULT c1c3fe9b6f274081e0ffbb32e541a9bf32f08892 .gemini/tmp/idaho-vault/chats/session-2026-04-06T00-47-7b8819b6.json
aider 0xf1e/health-analyzer-poc 87686c139eecd296ea3ab9c72b4e0c9197f68668 .aider.chat.history.md
aider Adimas-Prakoso/hmtipemuda ad6234ab3759c7206aab089bbb6b2595eab257d5 .aider.chat.history.md
aider Akash-Modi104/trading-bot 4c05b9ff3c9eadb4c6e306f667fb5eb914e0e430 .aider.chat.history.md
aider AkshajV/SpearFish 6a677b44ec72f82c2363c0775e7c0a473baf5209 .aider.chat.history.md
LIST
exit 0
