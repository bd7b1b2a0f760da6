#!/bin/bash
# Rebuilds the SEVENTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout7set): 54 sessions with nuggets (52 files; an aider history holds several) of
# five agent formats from 28 public repositories of 28 people, none of them in summaries-public.sh,
# summaries-heldout.sh, summaries-heldout2.sh, summaries-heldout3.sh, summaries-heldout5.sh,
# summaries-heldout6.sh, summaries-nuggets.sh, real-sessions.sh, fixtures/**/README*,
# ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json (no owner of those
# either). Nothing in drill was tuned on it: its nuggets were written from the raw logs before drill
# ever ran on them, and no drill title or TLDR of them was read. Each line below is: agent,
# owner/name of a public GitHub repository, the commit to read (one that holds the log), the path of
# the log in it, and a file name where the default would not do. Fetch each repository first (the
# session's `fetch` tool puts it under $MIRROR/owner+name/repo, a bare git dir). Secrets left in the
# logs (a password in a Postgres URL, the cookies of a pasted curl request, the signatures of
# Discord attachment links) are replaced with REDACTED as they are staged (redact-secrets.sh).
# Nuggets: fixtures/summaries/public/heldout7/nuggets-<agent>.json, copied as
# OUT/<agent>/nuggets.json, three per session ([topic, outcome, entity], each a list of
# alternatives); an entry keeps the log's own title (`agent_title`) where it has one.
# claude-code (13): committed ~/.claude (`projects/`) of eight people: English (a Go board in Google
# Apps Script, error reporting and cross-file calls of a Rust-to-C language, a Zama OTC marketplace
# deployed to Vercel, a construction platform on a VPS opened by skill templates, a gym SaaS whose
# AI agent took its owner for a client), Spanish and English (a vLLM chat CLI whose cache check was
# wrong), French (an economic-watch platform on a Raspberry Pi, two in-file `summary` titles),
# Portuguese (an installer script's quoting and credentials), and two stories of an automated loop
# (a `flow.sh` template before the story, an in-file `summary` title each). codex (12): CODEX_HOME
# committed in six projects: French (a Spec Kit constitution, an LMS in Go, a Linear MCP server not
# listed; a BMAD persona template before "git flow" and a code review), Portuguese (multi-tenant
# RBAC phases 3 and 4), German and English (an aider wrapper and a verification left blocked),
# Italian (VS Code settings made resources, a requirements check) and Portuguese (an installer stage
# that failed on apt). gemini (4): Chinese (a promotional-image generator, three chats of one
# person) and a `.jsonl` chat in Chinese with no request text before its first "是" (its first
# records are a tool call's answer). specstory (21): `.specstory/history/` of eleven people: four
# titled (Russian: nginx in Docker on Timeweb, CORS; Chinese: a gitignored SQLite file, a Docker
# volume mapped as a folder) and seventeen in the untitled Markdown v2 layout, named by their
# header: `Cursor IDE Session` (Italian: MySQL in Docker, an ArticleList fix, a Next.js migration
# plan), `cursoride Session` (Chinese: a C++ DLL moved into Unity, a freight-forwarding system
# deployed with PM2; English: a .rotato file format reverse-engineered, a git init and push; a
# paper-reading site: hosting advice, a research library, a push that stops on a PowerShell error,
# answers labelled `Agent (composer-2)`), `Claude Code Session` (a Rust crate's future plans, a
# Discord TFT leaderboard bot twice, a French branch push, an Android calendar widget) and `Codex
# CLI Session` (Chinese: a Unity state-initialization question; English: the calendar widget). aider
# (4): `.aider.chat.history.md` of two people, one item per `# aider chat started` line (`item` is
# `#L<line>`): three items of an automated TODO.md loop in Unity C# (the same template request each
# time, a different task and commit), and one Catalan request answered only by a provider's 404 (the
# model name is not found).
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
claude-code bruno-vilefort-tech-consulting/Projeto-Rodrigo 2fd84bc6fd3c62c4918bb0515b998f1f30eba4a7 .claude/projects/-root/09bbb0e0-ebaf-4d1a-b7f4-9dabe1ee4feb.jsonl
claude-code bruno-vilefort-tech-consulting/Projeto-Rodrigo 2fd84bc6fd3c62c4918bb0515b998f1f30eba4a7 .claude/projects/-root/b882a7de-3d84-4742-a1e8-5ee7fd4c4c69.jsonl
claude-code Mkid095/vps-system efb98e09b980899c9376e8a9acbca1d6a1447ca1 .claude/projects/-home-ken/14cff4e0-7bca-40fd-bc65-5ffca155c7ee.jsonl
claude-code Mkid095/vps-system efb98e09b980899c9376e8a9acbca1d6a1447ca1 .claude/projects/-home-ken/9c55a0a9-6dca-4424-b5a6-24be2bee671e.jsonl
claude-code adrianstanca1/vps-config 9defebb313a4f3ca4866dbcafab5ba4f3ceccdce .claude/projects/-root/47332d9d-4e26-4c74-9aac-838a53d60022.jsonl
claude-code adrianstanca1/vps-config 9defebb313a4f3ca4866dbcafab5ba4f3ceccdce .claude/projects/-root/8c45ffa0-016d-4a1f-905e-ec59522438f6.jsonl
claude-code Schofield90/atlas-fitness-onboarding dc72c7c62a491759cac196fc78888ef91496f3ed .claude/projects/-Users-Sam/a0190020-c8b9-4f89-bfcb-c1f89083e6cd.jsonl
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
codex bruno-vilefort-tech-consulting/Projeto-Rodrigo 2fd84bc6fd3c62c4918bb0515b998f1f30eba4a7 .codex/sessions/2025/10/07/rollout-2025-10-07T20-12-43-0199c04e-0976-79f3-877a-6e86bdf728bd.jsonl
gemini Chiward/text_to_picture 04b8ca6b433fbf62175dc9d40a65a52a41a6476e .gemini/tmp/3cef10c9cdf5a02ab3cf5e5e6202b7eb50a945786553c1afd0c4e954e8210f38/chats/session-2025-09-24T13-46-5884ea88.json
gemini Chiward/text_to_picture 04b8ca6b433fbf62175dc9d40a65a52a41a6476e .gemini/tmp/3cef10c9cdf5a02ab3cf5e5e6202b7eb50a945786553c1afd0c4e954e8210f38/chats/session-2025-09-25T10-02-7d2657ef.json
gemini Chiward/text_to_picture 04b8ca6b433fbf62175dc9d40a65a52a41a6476e .gemini/tmp/6d6e4833c65af81bf5b80c26e2a211b230460a604ee3898711dad4e69194737f/chats/session-2025-09-25T12-32-d2c933ca.json
gemini DingJun1028/esggo c2e18307815805a219e318004afe49e8d0ac52eb .gemini/tmp/ubuntu/chats/session-2026-06-11T03-50-f3462d37.jsonl
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
specstory Bucur21/PaperBites 7a7c53c5a6880fed5597aeb499e57a3e5d2d8363 .specstory/history/2026-04-07_19-39-04Z-website-deployment-options-with-database.md
specstory Bucur21/PaperBites 7a7c53c5a6880fed5597aeb499e57a3e5d2d8363 .specstory/history/2026-04-11_14-56-47Z-research-library-expansion-plan.md
specstory Bucur21/PaperBites 7a7c53c5a6880fed5597aeb499e57a3e5d2d8363 .specstory/history/2026-04-12_14-42-28Z-github-push-without-exposing-secrets.md
aider BartoshMaxim/TradePirates 7dc1eafdccd922a08c04391e964451ff77f86e45 .aider.chat.history.md
aider MarcVilaseca/fantasy-betting-backend 51a10579f047d28da3a7847364b15d4065693583 .aider.chat.history.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
