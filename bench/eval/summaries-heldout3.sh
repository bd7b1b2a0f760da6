#!/bin/bash
# Rebuilds the THIRD held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout3): 58 sessions (55 files; an aider history holds several) of eight agent
# formats from 19 public repositories of 19 people, none of them in summaries-public.sh,
# summaries-heldout.sh, summaries-heldout2.sh, fixtures/summaries/public/, fixtures/agents/*/README*,
# ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json (nor the two
# repositories issue 34 quotes). Nothing in drill was tuned on it: its nuggets were written from the
# raw logs before drill ever ran on them. Each line below is: agent, owner/name of a public GitHub
# repository, the commit to read (the last one that held the log), the path of the log in it, and
# a file name where two logs of one repository share theirs. Fetch each repository first (the
# session's `fetch` tool puts it under $MIRROR/owner+name/repo, a bare git dir). Secrets left in the
# logs (OpenAI, Google and Groq keys, database passwords, a CDN token) are replaced with REDACTED as
# they are staged (redact-secrets.sh). Nuggets: fixtures/summaries/public/heldout3/nuggets-<agent>.json,
# copied as OUT/<agent>/nuggets.json; an entry keeps the log's own title (`agent_title`) where it has one.
# claude-code: committed ~/.claude (`projects/`) of six people, in English, Russian, Spanish and
# Korean; eight carry the agent's own title (`ai-title`, one `custom-title`), one more a `summary`
# record naming the session before it. codex: CODEX_HOME committed in two projects (German,
# Japanese), most of them Spec Kit command templates before the real request. gemini: saved chats
# and `/chat save` checkpoints of two people (Russian, Korean). aider: `.aider.chat.history.md`,
# one item per `# aider chat started` line (`item` is `#L<line>`; starts with no request have no
# nuggets). specstory: `.specstory/history/` of two projects (Cursor and Copilot chats, titled).
# continue: `.continue/sessions/` of three people (titled; Ukrainian, English). qwen-code:
# `.qwen/projects/*/chats/` (Vietnamese, English). copilot-chat: a VS Code chat export
# (`requests`, no `requesterUsername`), which drill does not read yet: 57 sessions are scored.
set -euo pipefail
OUT=${1:-/work/data/heldout3}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout3" <<'LIST'
claude-code awesumsawz/dotfiles-universal 49d63c930ee4cdc8db5a394fd579dbe108fae8e0 .claude/projects/-Users-jbiggs-code-buy-hh-buy-honehealth-com-longevity-lp/6963031b-1b12-4eaf-97db-91511cdfad06.jsonl
claude-code awesumsawz/dotfiles-universal 49d63c930ee4cdc8db5a394fd579dbe108fae8e0 .claude/projects/-Users-jbiggs-code-buy-hh/15f2d6ea-070e-4a2e-b9b9-3ad89974a20b.jsonl
claude-code awesumsawz/dotfiles-universal 49d63c930ee4cdc8db5a394fd579dbe108fae8e0 .claude/projects/-Users-jbiggs/9adb16fe-3f16-480c-b801-afb04b7a2741.jsonl
claude-code awesumsawz/dotfiles-universal 49d63c930ee4cdc8db5a394fd579dbe108fae8e0 .claude/projects/-Users-jbiggs-code-buy-hh/b9702b38-23b4-458c-b4dc-f78c5f3bebc1.jsonl
claude-code awesumsawz/dotfiles-universal 49d63c930ee4cdc8db5a394fd579dbe108fae8e0 .claude/projects/-Users-jbiggs-code-buy-hh-buy-honehealth-com-themes-HoneLandingPages/7efb071a-0794-4c42-aae0-84b4a1f010f8.jsonl
claude-code LuisUma92/dotfiles 21e6253a2e2b2c98f3813a54d7a16e227fcb1b78 .claude/projects/-home-luis-Documents-01-U-00-Fisica-00AA-Lectures/43c43548-5e4c-425d-8dfc-4d804f5f90b2.jsonl
claude-code LuisUma92/dotfiles 21e6253a2e2b2c98f3813a54d7a16e227fcb1b78 .claude/projects/-home-luis-Projects-WorkFlow/89a0d20f-7b18-4fd3-8a8e-80275f09eb95.jsonl
claude-code dphaener/dotfiles eabfb523f17d417699f7002023c73c253e902e6c .claude/projects/-Users-darinhaener-dotfiles/5c6d01a5-3301-4d35-b15e-fd8aa772d271.jsonl
claude-code dphaener/dotfiles eabfb523f17d417699f7002023c73c253e902e6c .claude/projects/-Users-darinhaener-dotfiles/afc4f5a3-4d18-458f-95cc-1e92dbbded5b.jsonl
claude-code csm-kr/riemannian_flow_det 23a418dcb21f9197710abc8c79640e5a75d14e80 .claude/projects/-workspace-riemannian-flow-det/391d60d7-dca3-490d-9054-c5aeb6c3f125.jsonl
claude-code chloebrett/slay b2cdff14f4bd46b4df2943a0c44450e14c121868 .claude/projects/-Users-chloe-c-slay/2969822b-3c7d-47bd-8814-4bc86f67056a.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza/207248c8-9a2f-4e78-a20f-9c28dff8c483.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza-ai-lessons/32fc8a35-b2e8-49ee-964b-65387558c3ac.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza/62e12a9c-b103-44c5-9755-3e12f54639a0.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza-ai-lessons/9e17ee25-5952-4f89-952c-12723f961f94.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza-ai-lessons/ab04b2c5-9bf7-4e25-b4ba-bee5ba558ed2.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza/e00deaa9-3a78-44eb-82df-4c54f41af4fa.jsonl
claude-code elizabeth-goldsmith/prirodnik 0462b80a44af306272bfbf7dc7e2617f1ee9ac4d .claude/projects/-Users-liza/06945bb4-a623-4d53-bb19-2b8a19f58c3e.jsonl
codex Elektriker-Edgar/PV-Projekt 18ba9a77b4c67fd3037caca75f372deb73b05501 .codex/sessions/2025/09/24/rollout-2025-09-24T03-08-12-536e9fe6-50d2-47d5-8f38-e15a239afcbc.jsonl
codex Elektriker-Edgar/PV-Projekt 18ba9a77b4c67fd3037caca75f372deb73b05501 .codex/sessions/2025/09/24/rollout-2025-09-24T04-40-17-d7e0b7f3-b7c1-47c6-9aee-b17ae9c41262.jsonl
codex akinori-seri-sdcj/health_report_ocr fa8896215351a019d3618944be091e950586a533 .codex/sessions/2025/11/04/rollout-2025-11-04T16-27-43-019a4dc3-b7b9-7d10-ab5c-b6d84cbc4e46.jsonl
codex akinori-seri-sdcj/health_report_ocr 533cd68d0454e82d85ff4a972e6df6dd6ce4e873 .codex/sessions/2025/11/04/rollout-2025-11-04T19-21-16-019a4e62-9ad6-7bd2-97da-6530810a6ffd.jsonl
codex akinori-seri-sdcj/health_report_ocr 9d55249982a2ada36713091365b4c6eea6b59e01 .codex/sessions/2025/11/11/rollout-2025-11-11T11-04-12-019a70a8-0ce4-7921-80c6-ea4982e41932.jsonl
codex akinori-seri-sdcj/health_report_ocr d1ee03b7bae976b2954924824c8b5b627843a12e .codex/sessions/2025/11/14/rollout-2025-11-14T17-43-06-019a8188-5475-7bb2-b2a0-d8469320c5bb.jsonl
codex akinori-seri-sdcj/health_report_ocr 867eb0cda36fa98e3f0dcab0d43786103cae3491 .codex/sessions/2025/11/20/rollout-2025-11-20T15-45-40-019aa002-f9b9-7ae3-a90d-d29c684d77b6.jsonl
gemini Sm1tee/dotfiles cc33d32f1cda5e0924d1bb1eda2cd2e165a1ca43 .gemini/tmp/9cfc5cfa6f8fd18d3d1ecfcfd77bd22358803e86899edd66537e36fc1bc8652a/checkpoint-'test'.json
gemini Sm1tee/dotfiles cc33d32f1cda5e0924d1bb1eda2cd2e165a1ca43 .gemini/tmp/9cfc5cfa6f8fd18d3d1ecfcfd77bd22358803e86899edd66537e36fc1bc8652a/checkpoint-kvantum.json
gemini Sm1tee/dotfiles cc33d32f1cda5e0924d1bb1eda2cd2e165a1ca43 .gemini/tmp/9cfc5cfa6f8fd18d3d1ecfcfd77bd22358803e86899edd66537e36fc1bc8652a/checkpoint-звук2.json
gemini Sm1tee/dotfiles cc33d32f1cda5e0924d1bb1eda2cd2e165a1ca43 .gemini/tmp/d65194ea453a9fd98f919ef7d194ac2010650e0856585b1073a0d415e0ea1467/checkpoint-игра.json
gemini Sm1tee/dotfiles cc33d32f1cda5e0924d1bb1eda2cd2e165a1ca43 .gemini/tmp/9cfc5cfa6f8fd18d3d1ecfcfd77bd22358803e86899edd66537e36fc1bc8652a/checkpoint-eww.json
gemini Linfo-KR/VesselRouteVisualizer 5fead3405cddcbc3eedcc439d711b2c13e9e7149 .gemini/tmp/3fb4059c8688f3df4767b39d92f4a95ce0e84aa076c46b31d56922774230506c/chats/session-2025-09-10T04-22-47cd3f3b.json
gemini Linfo-KR/VesselRouteVisualizer 5fead3405cddcbc3eedcc439d711b2c13e9e7149 .gemini/tmp/53290496d2a2a88c27a7c3c94f008f20768f5b6ed3797a4faa508b80207bb087/chats/session-2025-09-25T10-48-9185ef77.json
aider BharathKumarKS/pdf_ingestion 69a7accbd4bb1bc2e844e2f8d5552df6b02a9662 .aider.chat.history.md
aider Ahmedrali/rfp_response_platform 17084620c3882f2ca55f38d548e0af87b70ccf01 .aider.chat.history.md
specstory simbolico/politipo 2445d787c7dbe0af743717d99a9bba7fd78c244a .specstory/history/2025-03-21_21-16-running-pytest-for-troubleshooting.md
specstory simbolico/politipo 2445d787c7dbe0af743717d99a9bba7fd78c244a .specstory/history/2025-03-24_21-17-pandera-integration-in-politipo-library.md
specstory simbolico/politipo 2445d787c7dbe0af743717d99a9bba7fd78c244a .specstory/history/2025-03-26_12-40-sqlalchemy-conversion-strategies-implementation.md
specstory simbolico/politipo 2445d787c7dbe0af743717d99a9bba7fd78c244a .specstory/history/2025-03-28_16-14-refining-create-model-instance-for-efficiency.md
specstory OdyAsh/odyash-dev.to 0e4369e0407d764f32c83fc6d8fb9765892c6624 .specstory/history/2025-05-11-auto-update-json-logic.md
specstory OdyAsh/odyash-dev.to 0e4369e0407d764f32c83fc6d8fb9765892c6624 .specstory/history/2025-05-12-mermaid-png-from-to-do-and-git-hooks.md
specstory OdyAsh/odyash-dev.to a489bd366627176c80e4952a77110fb18e3fb648 .specstory/history/2025-05-27-github-job-to-generate-devto-compatible-tocs.md
specstory OdyAsh/odyash-dev.to fbd5774b15c49e49faf0334000fafe74a29f8e6a .specstory/history/2025-05-11-improving-survive-vibe-article.md
continue oleg121203/Developer d1fa1d4f229edeb18b78c3d3739affa7f7881b4a .continue/sessions/2633f0fc-b2a4-4476-abdc-bc1df72dc289.json
continue oleg121203/Developer 60ad2f88d88941e34aaeb4154c11bee16113e51e .continue/sessions/3301cd74-a2d6-4aec-bcda-fba9b41f25d6.json
continue oleg121203/Developer 17262dfcd766adcfe1d09a67b0db5022fe5b1575 .continue/sessions/32d4f58f-0af0-4664-bdd9-e8f12f06dd67.json
continue oleg121203/Developer d1fa1d4f229edeb18b78c3d3739affa7f7881b4a .continue/sessions/8ca6b283-90c1-4ffd-a310-b20964535ddb.json
continue toamedbd-code/hms d0f87d7758e24cf03a55ae706fad0ffe95acb8b4 .continue/sessions/02044b99-f94b-4df0-a981-3b26d054b6b0.json
continue jasmingabela/ai-coding-agent 362929800e9754c02eda71a5d3a0258f9660953f .continue/sessions/074c7ad7-d1de-4fbd-aaba-360ce96a79b4.json
qwen-code haidonglethqb/CloudSchool 0dce1dca60ea95568937ebd8c73e9f9c9db4a2d7 .qwen/projects/c--users-chuhai-documents-virtualgfriend/chats/6676775b-e7b1-41b0-a6de-5f00e4adf771.jsonl
qwen-code haidonglethqb/CloudSchool 0dce1dca60ea95568937ebd8c73e9f9c9db4a2d7 .qwen/projects/c--users-chuhai-documents-virtualgfriend/chats/b980b04a-ac2e-460e-b736-060edd040cfa.jsonl
qwen-code haidonglethqb/CloudSchool 0dce1dca60ea95568937ebd8c73e9f9c9db4a2d7 .qwen/projects/c--users-linhl-documents-master/chats/1ee2dcce-94ce-47a3-bf6f-d804490ef247.jsonl
qwen-code haidonglethqb/CloudSchool 0dce1dca60ea95568937ebd8c73e9f9c9db4a2d7 .qwen/projects/c--users-chuhai/chats/7ff68fe9-497f-441a-b527-a47cae5b6d42.jsonl
qwen-code haidonglethqb/CloudSchool 0dce1dca60ea95568937ebd8c73e9f9c9db4a2d7 .qwen/projects/c--users-linhl-documents-master/chats/7e4a45d5-d379-4300-8528-fe2bb00564df.jsonl
copilot-chat bunty1981/AI-copilot-vibe-app e9d1151df1094824640c922f5a417215cc23917c copilot-chat.json
aider Ahmedrali/rfp_response_platform 39806ef9e8f4f5cffac09c16ca0ef8735825aeea backend/.aider.chat.history.md rfp_response_platform-backend.aider.chat.history.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
