#!/bin/bash
# Rebuilds the SIXTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout6): 56 sessions with nuggets (55 files; an aider history holds several) of six
# agent formats from 35 public repositories of 35 people, none of them in summaries-public.sh,
# summaries-heldout.sh, summaries-heldout2.sh, summaries-heldout3.sh, summaries-heldout5.sh,
# summaries-nuggets.sh, real-sessions.sh, fixtures/**/README*, ../shared/eval/nuggets/files.json or
# ../shared/eval/real-sessions/manifest.json (no owner of those either). Nothing in drill was tuned on
# it: its nuggets were written from the raw logs before drill ever ran on them, and no drill title or
# TLDR of them was read. Each line below is: agent, owner/name of a public GitHub repository, the
# commit to read (one that holds the log), the path of the log in it, and a file name where the
# default would not do. Fetch each repository first (the session's `fetch` tool puts it under
# $MIRROR/owner+name/repo, a bare git dir). Secrets left in the logs (Telegram bot tokens among them)
# are replaced with REDACTED as they are staged (redact-secrets.sh). Nuggets:
# fixtures/summaries/public/heldout6/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json, three
# per session ([topic, outcome, entity], each a list of alternatives); an entry keeps the log's own
# title (`agent_title`) where it has one.
# claude-code (16): committed ~/.claude (`projects/`) of nine people, in Korean (a profile site, a
# bucket-list app, an AppScan cookie finding on a Django site), Chinese (a React danmaku effect and
# a GitHub Pages workflow; a dev-task runner that stops after setting up its environment) and
# English (VPS hardening, a currency alert script, model training, a low-light image thesis, a
# Docker image, a moved Windows repo interrupted at once); one carries `ai-title` records, one
# repeats its records after a resume, one opens on a `summary` record naming an earlier session (its
# leafUuid is not in the file: no agent title). codex (13): CODEX_HOME committed in ten projects
# (English, Portuguese, Korean, Chinese, Japanese, Japanese typed in romaji), six of them Spec Kit
# command templates before the real request; one ends without an answer, one is cut by the recorder
# (its last line is NUL padding). gemini (8): saved chats of `.gemini/tmp/*/chats/` of three people
# (French: Raspberry Pi LEDs, a WhatsApp gateway, a bot put in Docker; English: a playlist transfer
# agent, a weather site, three with the newer `summary` title; Japanese: a gcloud build error).
# qwen-code (2): `.qwen/projects/*/chats/` of one person on Termux (English). aider (6):
# `.aider.chat.history.md` of five people, one item per `# aider chat started` line (`item` is
# `#L<line>`; 32 items, the 26 without an entry are not scored: starts with no request, the same
# request restarted and provider errors; English and Spanish), one item a run of 429 quota errors.
# specstory (11): `.specstory/history/` of seven people (Copilot and Cursor chats; English, Chinese,
# Vietnamese), nine titled (one under a `vscode Session` header), two in the untitled SpecStory
# Markdown v2.1.0 layout of a `Cursor IDE Session` with thinking blocks (drill names these cursor).
set -euo pipefail
OUT=${1:-/work/data/heldout6}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout6" <<'LIST'
claude-code 213MD/my-profile-site 42a7822ec323454a2514a53fbb634590e21befc8 .claude/projects/-Users-marklin-workspace-my-profile-site/30a596b0-10fd-46a6-8a18-83664e631cfc.jsonl
claude-code 213MD/my-profile-site 42a7822ec323454a2514a53fbb634590e21befc8 .claude/projects/-Users-marklin-workspace/9a7ceaed-ece8-4f18-8025-c182909155aa.jsonl
claude-code 213MD/my-profile-site 42a7822ec323454a2514a53fbb634590e21befc8 .claude/projects/-Users-marklin-workspaces-bucket-list-main/1d8cd676-0477-4a04-9508-44ee97c50764.jsonl
claude-code LilLeapo/cccc_clash_test c165b4017aa075586304902594212c6b96b2b035 .claude/projects/C--code-bohack-bo-hack-frontend/80e37512-ec66-4c72-a6c1-42405244899f.jsonl
claude-code LilLeapo/cccc_clash_test c165b4017aa075586304902594212c6b96b2b035 .claude/projects/C--code-bohack-bo-hack-frontend/907c37e4-807d-47a8-8f95-270136387a2b.jsonl
claude-code jrykner/daniel-quest-hub cf7ed0d2c904b75c94a7828e41c4a98c890371ce .claude/projects/-root/2d66f895-a43b-4bbd-9877-7e190f6b7919.jsonl
claude-code jrykner/daniel-quest-hub cf7ed0d2c904b75c94a7828e41c4a98c890371ce .claude/projects/-root/aa227329-1d7a-4577-a059-51fcf2be9ad5.jsonl
claude-code ahmedarafa994/eq-prediction 3dc6a3f148bb519955eabdc29644b45937c1172a .claude/projects/-teamspace-studios-this-studio/06dfda95-ef4a-4813-b4a6-0e484b1d2d15.jsonl
claude-code ahmedarafa994/eq-prediction 3dc6a3f148bb519955eabdc29644b45937c1172a .claude/projects/-teamspace-studios-this-studio/2d197f9a-0bbb-4265-b576-686b33ee8a0d.jsonl
claude-code WenJ-He/SinglePTZ-FaceTrack dd54237ec35abb9aba184a3f252649853c5365f9 .claude/projects/-disk-hewenjing-SinglePTZ-FaceTrack/1636d486-29aa-4fcd-be80-fc5c7a0c74bb.jsonl
claude-code Prathiv-Raj/Phishing_Framework 87b195efe399cb75600278deafc46f8aff790720 .claude/projects/-home-cyber-bot-abphish/6e366db3-0bcf-4017-af12-7a129240ebbd.jsonl
claude-code Aduson-Inc/noisemaker_app 52aec8b438dd2a6b360a49327b197e54fd1bc205 .claude/projects/C--Users-projects-nm-mono/439a9b22-0442-41b6-b93e-68eb3699ae65.jsonl
claude-code VivekSinghRathore7/bs-_thesis_low_light- c1b86ae5c5a4c5539633f5fca9b85153ae3bed21 .claude/projects/-home-samiran-iiserb-asip-lab-UG-VIVEK-bs-thesis-low-light/173ca1f1-2426-4d5b-94c3-084fb8c46a72.jsonl
claude-code VivekSinghRathore7/bs-_thesis_low_light- c1b86ae5c5a4c5539633f5fca9b85153ae3bed21 .claude/projects/-home-samiran-iiserb-asip-lab-UG-VIVEK-bs-thesis-low-light/87cd58f5-2181-4695-a6c0-505ed71ba497.jsonl
claude-code jo030304/JBNU-Litmus f0f82d49cd2d2b26a8a93d9108210ead2b04336f .claude/projects/-home-ubuntu/1eadffa8-6053-46b1-8fb4-e6b6ff5f8b71.jsonl
claude-code jo030304/JBNU-Litmus f0f82d49cd2d2b26a8a93d9108210ead2b04336f .claude/projects/-home-ubuntu/3fa10859-05fa-4ce1-a323-28c3eb81cf15.jsonl
codex FlavioHeartnet/mobileappinvestiment ef6b4ad98a04b5a44095c41bc55f1de89fce582b .codex/sessions/2025/11/03/rollout-2025-11-03T17-01-42-019a4b4f-a567-74c1-b8a5-b486665e4f70.jsonl
codex FlavioHeartnet/mobileappinvestiment ef6b4ad98a04b5a44095c41bc55f1de89fce582b .codex/sessions/2025/11/03/rollout-2025-11-03T17-10-53-019a4b58-0eb2-7152-8e4e-7c2370105faf.jsonl
codex Hiroya20040928/unitree-A1 dc337ae0f434c71aaa387ec981ef3cb7b8c36ae1 .codex/sessions/2026/06/10/rollout-2026-06-10T18-05-09-019eb0c7-4503-7c00-83c2-d6e629b4d4bb.jsonl
codex Hiroya20040928/unitree-A1 dc337ae0f434c71aaa387ec981ef3cb7b8c36ae1 .codex/sessions/2026/06/10/rollout-2026-06-10T21-18-37-019eb178-626c-7d32-b5e8-99b8fc291bac.jsonl
codex TripleSky1564/2025-SMHRD-IS-CLOUD-3-Cloud_Bridge-project 0d33a1990c4bd85ebb89d92d817a0f19036586c3 .codex/sessions/2025/10/28/rollout-2025-10-28T00-25-59-019a2646-b3fe-7292-87e2-a5d1a908d98a.jsonl
codex albertoviceconti/advanced-dusseldorfer-calculator b397f261e911b493a9a43272e665ce2ff2a9264c .codex/sessions/2026/01/20/rollout-2026-01-20T09-38-57-019bda8e-99f4-73e2-bb81-93cea792bcc9.jsonl
codex YPS-Tool/World_time_conference 40139a3c49cc9e017f5c380f523d264072717cd0 .codex/sessions/2025/08/29/rollout-2025-08-29T08-03-49-64d3aa5a-0239-4852-b489-87620e9ff701.jsonl
codex arnemohr/funke 6adb5da863a7bb366d57792ed2b6d1c91a2ed30b .codex/sessions/2025/12/14/rollout-2025-12-14T14-25-38-019b1d09-c809-7723-a969-56c5522ca03d.jsonl
codex Redaration/praxis3 f756690ee988cbdbd0972bc2c51dead87b1ab53e .codex/sessions/2025/10/19/rollout-2025-10-19T19-26-51-0199fdf0-5aa9-73a1-97af-7a759d33c95f.jsonl
codex Redaration/praxis3 f756690ee988cbdbd0972bc2c51dead87b1ab53e .codex/sessions/2025/10/20/rollout-2025-10-20T13-38-06-019a01d7-6ba8-7550-9402-2e3eb70b3561.jsonl
codex Maidang1/madinah d4353b0b2fccee00ccf1ba8e4ce8387e4cf6ad6b .codex/sessions/2025/10/24/rollout-2025-10-24T16-23-56-019a1551-3b39-7ef2-aacf-1ed98e505cae.jsonl
codex Quelklef/shell-ws 92c057545162042144bd4c6faf315753ae01ab05 .codex/sessions/2026/03/18/rollout-2026-03-18T11-04-43-019d021f-1244-77d2-b5aa-ba1d70f11e87.jsonl
codex andress722/CRM_ADMIN c3a9bc08f7e281a35540aac01b4ca03b563063e5 .codex/sessions/2026/02/17/rollout-2026-02-17T04-24-04-019c6a7c-1e05-7150-ab4d-b906c0e13909.jsonl
gemini Ju-l-e-s/Myflix 94d5e5fc6d306762e0fd011a7e042a87f673ab83 .gemini/tmp/ai/chats/session-2026-02-22T13-52-87f876e4.json
gemini Ju-l-e-s/Myflix 94d5e5fc6d306762e0fd011a7e042a87f673ab83 .gemini/tmp/ai/chats/session-2026-02-23T00-33-3b3de7d4.json
gemini Ju-l-e-s/Myflix 94d5e5fc6d306762e0fd011a7e042a87f673ab83 .gemini/tmp/jules/chats/session-2026-02-23T00-55-233c8b2b.json
gemini Ju-l-e-s/Myflix 94d5e5fc6d306762e0fd011a7e042a87f673ab83 .gemini/tmp/jules/chats/session-2026-02-24T23-00-d6213251.json
gemini chimdi-7bit/skycast-api f26ad33e0e1ccc63019f6f79c1da73b6d0d50ac0 .gemini/tmp/chimdi/chats/session-2026-04-02T19-18-d6d861dd.json
gemini chimdi-7bit/skycast-api f26ad33e0e1ccc63019f6f79c1da73b6d0d50ac0 .gemini/tmp/chimdi/chats/session-2026-04-03T14-52-e4aa4213.json
gemini chimdi-7bit/skycast-api f26ad33e0e1ccc63019f6f79c1da73b6d0d50ac0 .gemini/tmp/chimdi/chats/session-2026-04-08T22-36-36fe55cd.json
gemini dogmaai/magi-ui b8da7930c4c03546f854c666524d9a2ed213f167 .gemini/tmp/16ec07a9bfe1ec5c0155900c766445a8b9a765d57d136a5f681bc3782aa88674/chats/session-2025-09-10T04-48-e7b3ecf2.json
qwen-code uncommonpope-png/New-backend-pope 6571644be112690913c3c110fa6129dd0c2300a3 .qwen/projects/-data-data-com-termux-files-home/chats/4a3f5e0f-328a-4f01-9dfe-667121bffe6a.jsonl
qwen-code uncommonpope-png/New-backend-pope 6571644be112690913c3c110fa6129dd0c2300a3 .qwen/projects/-data-data-com-termux-files-home/chats/c265a5ef-324a-4ed1-9b12-080f9f202924.jsonl
aider 0202alcc/luvatrix 792283b717cc404c2f0a9c2ea8d9c3acdfcf1621 .aider.chat.history.md
aider 123pescao/Prototipo 778fc98192bb32053ab9d68c4a37deacee1f12bd .aider.chat.history.md
aider 87maxi/SupplyChainTracker2 e91386c296c783bd265e2d01b52304e440b129a2 .aider.chat.history.md
aider Blizard32/seniales 5fd48734fd5534a53a92f0e1dd020944e856291f .aider.chat.history.md
aider AspireOne/laura-backend 4cada108ed3b2f6b1fa811fbfcf317932d6eee2a .aider.chat.history.md
specstory Rinku8381/seraphine-hybrid-v1 4350a52faf0c9c711ee305634989e78bafe5b1bd .specstory/history/2025-07-14_02-37Z-react-module-not-found-error-in-typescript.md
specstory 13jden/health-backend a81d8e30c6526e92057b11f8f9ef9cea2ddf54bd .specstory/history/2025-09-10_02-10Z-maven-build-error-due-to-missing-module.md
specstory Hayden0226/Photography 1662ff622a2458626a2642644c15b2c4a8cf4162 .specstory/history/2025-05-25_07-01-photomasonryitem-implementation-details.md
specstory Hayden0226/Photography 1662ff622a2458626a2642644c15b2c4a8cf4162 .specstory/history/2025-05-25_09-23-image-viewer-functionality-improvements.md
specstory JohnLloydddd/Classroom-Monitoring-System f8f93f438ddc26f2abb4b517511184bbc434ba5e .specstory/history/2025-06-20_03-54Z-create-me-a-readme-md-file-for-this-project-also-f.md
specstory JohnLloydddd/Classroom-Monitoring-System f8f93f438ddc26f2abb4b517511184bbc434ba5e .specstory/history/2025-07-13_04-36Z-removing-comments-from-css-file.md
specstory michalhorcic/cozy-checkout 607fa4c01671668cfd16d5270a297ac4165ac771 .specstory/history/2025-10-16_13-31Z-designing-a-touch-friendly-pos-interface-for-staff.md
specstory nmd1406/NutriPal f29ae63463ab8b718d19b4b7397a87d5536a1212 .specstory/history/2025-07-17_09-27Z-fixing-navigation-issue-after-successful-login.md
specstory nmd1406/NutriPal f29ae63463ab8b718d19b4b7397a87d5536a1212 .specstory/history/2025-07-17_08-13Z-function-of-authstate-when-in-flutter-code.md
specstory Aviweb/cab-booking-site 2ae2323e6678557f54f7d27302bcf4aa7354b7c1 .specstory/history/2026-06-06_10-05-36Z-login-functionality-issue.md
specstory Aviweb/cab-booking-site 2ae2323e6678557f54f7d27302bcf4aa7354b7c1 .specstory/history/2026-06-06_08-30-20Z-configuration-errors-and-api-issues.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
