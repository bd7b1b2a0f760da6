#!/bin/bash
# Rebuilds the SEVENTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout7set): 41 sessions with nuggets (39 files; an aider history holds several) of
# five agent formats from 21 public repositories of 21 people, none of them in summaries-public.sh,
# summaries-heldout.sh, summaries-heldout2.sh, summaries-heldout3.sh, summaries-heldout5.sh,
# summaries-heldout6.sh, summaries-nuggets.sh, real-sessions.sh, fixtures/**/README*,
# ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json (no owner of those
# either). Nothing in drill was tuned on it: its nuggets were written from the raw logs before drill
# ever ran on them, and no drill title or TLDR of them was read. Each line below is: agent,
# owner/name of a public GitHub repository, the commit to read (one that holds the log), the path of
# the log in it, and a file name where the default would not do. Fetch each repository first (the
# session's `fetch` tool puts it under $MIRROR/owner+name/repo, a bare git dir). Secrets left in the
# logs (a password in a Postgres URL, the cookies of a pasted curl request) are replaced with
# REDACTED as they are staged (redact-secrets.sh). Nuggets:
# fixtures/summaries/public/heldout7/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json, three
# per session ([topic, outcome, entity], each a list of alternatives); an entry keeps the log's own
# title (`agent_title`) where it has one.
set -euo pipefail
OUT=${1:-/work/data/heldout7set}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout7" <<'LIST'
claude-code LaEsperantisto/fihter ec8da40041db0b5cc06c3ac2ac1bacb7954b63bb .claude/projects/-home-aster-dev-gas-Go-Board/c4089e38-5cee-4181-9e94-52f76ac8d2b6.jsonl
claude-code LaEsperantisto/fihter ec8da40041db0b5cc06c3ac2ac1bacb7954b63bb .claude/projects/-home-aster-dev-rust-Obstruct/15799b31-0eab-4065-b952-3b76c514677c.jsonl
claude-code LaEsperantisto/fihter ec8da40041db0b5cc06c3ac2ac1bacb7954b63bb .claude/projects/-home-aster-dev-rust-Obstruct/4529a985-5dc8-408c-afae-6372c3afb80c.jsonl
claude-code Quiago/tripolar-chat e3797598805745494f5c637a50119d1c159987c3 .claude/projects/-teamspace-studios-this-studio/e23fc04e-0c09-4d84-9b9d-289a0916565a.jsonl
claude-code eyerematthew/testing 6b15325bc5ffa9cc288b40163e490d4beafe9323 .claude/projects/-home-matt24/0b223d21-a2f0-4f64-801b-4707e43f4c3c.jsonl
claude-code ikn7/sentinelPI bc1331ad1a0040b66c0e7994cca8b9014f67ec8b .claude/projects/-home-user/55210cba-6312-4531-9066-f414f986b1c6.jsonl
codex ArnaudDeploiement/lms-go-spec-driven-dev 68e5964d112fe4e997d674d1a874be330837cb00 .codex/sessions/2025/10/06/rollout-2025-10-06T09-43-23-0199b879-a537-7c11-ae06-a671f3a86fb6.jsonl
codex ArnaudDeploiement/lms-go-spec-driven-dev 68e5964d112fe4e997d674d1a874be330837cb00 .codex/sessions/2025/10/06/rollout-2025-10-06T09-58-53-0199b887-d596-7113-bc5d-3a4aa7834176.jsonl
codex ArnaudDeploiement/lms-go-spec-driven-dev 68e5964d112fe4e997d674d1a874be330837cb00 .codex/sessions/2025/10/06/rollout-2025-10-06T10-11-27-0199b893-539f-7f33-8951-766c6fbc3cd9.jsonl
codex Agencia-Vibe-Code/new_template 134372d3ad4c9be1a7113ff19e39f7a94c0c089d .codex/sessions/2025/12/13/rollout-2025-12-13T18-35-30-019b19a3-e71e-7630-ae9f-889db8f50cdd.jsonl
codex Agencia-Vibe-Code/new_template 134372d3ad4c9be1a7113ff19e39f7a94c0c089d .codex/sessions/2025/12/13/rollout-2025-12-13T18-47-34-019b19ae-f43c-7020-8a59-d547914d3c2a.jsonl
codex R1DDL30510/Init- 049a0c3b41ae11024589556a947a2dfa5312c148 .codex/sessions/2025/11/09/rollout-2025-11-09T07-17-59-019a6743-ac58-7931-8f3d-d553053a44df.jsonl
codex R1DDL30510/Init- 049a0c3b41ae11024589556a947a2dfa5312c148 .codex/sessions/2025/11/09/rollout-2025-11-09T07-35-10-019a6753-671b-7133-89f2-da5ce1449704.jsonl
codex Ogekuri/useReq 2c0fd8579955c9f02fff6ecf0fdb6dc56ff7d457 .codex/sessions/2025/12/15/rollout-2025-12-15T12-00-35-019b21ab-55b8-7932-8d73-e85426fd3cad.jsonl
codex Ogekuri/useReq 301aad6ef617aa7cfff20e14e94f5970327018bb .codex/sessions/2025/12/15/rollout-2025-12-15T15-11-10-019b2259-d29c-7560-9b71-ec4771f1a50a.jsonl
codex EdouardZemb/test-framework 9a3ac952de99c23f0d1b593aab3ddd9b0b8692e2 .codex/sessions/2026/02/02/rollout-2026-02-02T13-48-50-019c1e66-0d23-7b22-a30a-0b485278eb73.jsonl
codex EdouardZemb/test-framework 9a3ac952de99c23f0d1b593aab3ddd9b0b8692e2 .codex/sessions/2026/02/04/rollout-2026-02-04T19-46-56-019c29fa-9e5b-7b83-ba92-0a1ac808d817.jsonl
gemini Chiward/text_to_picture 04b8ca6b433fbf62175dc9d40a65a52a41a6476e .gemini/tmp/3cef10c9cdf5a02ab3cf5e5e6202b7eb50a945786553c1afd0c4e954e8210f38/chats/session-2025-09-24T13-46-5884ea88.json
gemini Chiward/text_to_picture 04b8ca6b433fbf62175dc9d40a65a52a41a6476e .gemini/tmp/3cef10c9cdf5a02ab3cf5e5e6202b7eb50a945786553c1afd0c4e954e8210f38/chats/session-2025-09-25T10-02-7d2657ef.json
gemini Chiward/text_to_picture 04b8ca6b433fbf62175dc9d40a65a52a41a6476e .gemini/tmp/6d6e4833c65af81bf5b80c26e2a211b230460a604ee3898711dad4e69194737f/chats/session-2025-09-25T12-32-d2c933ca.json
specstory 2333qbyqby/GlobalPose e81a4a1c43deaef545066a1b8850f3a2468fb40f .specstory/history/2026-03-30_06-07-03Z-c++-dll-integration-into-unity.md
specstory 2333qbyqby/GlobalPose e81a4a1c43deaef545066a1b8850f3a2468fb40f .specstory/history/2026-04-12_05-04-19Z-context-from-my-ide.md
specstory AV77web/magricambi 76095ffff0c77a052ffa4beaa23a60fe72e4837a .specstory/history/2026-04-28_09-45-54Z-installazione-di-mysql-in-docker.md
specstory AV77web/magricambi 76095ffff0c77a052ffa4beaa23a60fe72e4837a .specstory/history/2026-04-28_13-55-14Z-refactoring-project-for-typescript-and-next.js.md
specstory AV77web/magricambi 76095ffff0c77a052ffa4beaa23a60fe72e4837a .specstory/history/2026-04-28_13-13-46Z-analisi-del-componente-articlelist.jsx.md
specstory AndyCross/pytato 9051f3f676de7c1a9c286f07f151d17f438ee7f0 .specstory/history/2026-04-09_17-40-06Z-rotato-file-format-exploration.md
specstory AndyCross/pytato 9051f3f676de7c1a9c286f07f151d17f438ee7f0 .specstory/history/2026-04-10_09-29-31Z-git-repository-initialization-and-push.md
specstory ChrisGVE/MunsellSpace 3863ef289dd69bbc59cd3a761bd8c9e281f01bd4 .specstory/history/2025-12-06_19-04-39Z-hello-claude-we-have.md
specstory DEBAGanov/PizzaNatWeb 8994f3bd6f2d4d6dad87964321e2d12f3b2a213b .specstory/history/2025-07-02_11-06-debugging-nginx-configuration-in-docker.md
specstory DEBAGanov/PizzaNatWeb c01f3393e159e6f4a3eb4a46e6ee23b74e31b540 .specstory/history/2025-07-02_08-34-cors-configuration-and-websocket-issues.md
specstory 3bDjrvHs50kiZIJb5/XiaoMiShu_Bot acb7b907dbbd5ce3d000b2366ce71c3daf4bf83c .specstory/history/2025-09-23_07-18Z-ignore-sqlite-db-in-gitignore.md
specstory 3bDjrvHs50kiZIJb5/XiaoMiShu_Bot acb7b907dbbd5ce3d000b2366ce71c3daf4bf83c .specstory/history/2025-09-23_08-18Z-why-is-the-mapped-file-a-folder.md
specstory AGalleonCodes/tft-bot fff2bcb8727d1d7870b9b91a1542e9e1dc979d32 .specstory/history/2026-03-31_02-12-16Z-create-a-discord-bot.md
specstory AGalleonCodes/tft-bot ba0691f66deb463c1d0f7350cd9a1f519597c3b0 .specstory/history/2026-04-01_00-27-14Z-make-the-leaderboard-global.md
specstory AlexandreMaillot/digiharmony 17de5e5009dd1c66ab9eae4d7609d8c897d4433c .specstory/history/2026-06-05_08-40-56Z-tout-est-push-su.md
specstory DanCard/cal-date-widget 915ae8f9574936cfd372dc571229aa139fc7f603 .specstory/history/2025-12-05_00-26-41Z-week-widget-for-current.md
specstory DanCard/cal-date-widget 482b3011d44b03af4647ac15712b10085bf454c6 .specstory/history/2025-12-04_23-40-03Z-i-would-like-for.md
specstory Darrenthinker/forwarder-system 605bc678a04741d165eeb1a7244b605bb2d755ce .specstory/history/2026-04-19_09-33-07Z-freight-forwarding-system-development-planning.md
aider BartoshMaxim/TradePirates 7dc1eafdccd922a08c04391e964451ff77f86e45 .aider.chat.history.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
