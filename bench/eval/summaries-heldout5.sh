#!/bin/bash
# Rebuilds the FIFTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout5): 45 sessions (42 files; an aider history holds several) of seven agent
# formats from 11 public repositories of 11 people, none of them in summaries-public.sh,
# summaries-heldout.sh, summaries-heldout2.sh, summaries-heldout3.sh, fixtures/summaries/public/,
# fixtures/agents/*/README*, ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json
# (nor the repository of the sessions issue 34 quotes). Nothing in drill was tuned on it: its nuggets
# were written from the raw logs before drill ever ran on them, and no drill title or TLDR of them was
# read. Each line below is: agent, owner/name of a public GitHub repository, the commit to read (the
# last one that held the log), the path of the log in it, and a file name where two logs of one
# repository share theirs. Fetch each repository first (the session's `fetch` tool puts it under
# $MIRROR/owner+name/repo, a bare git dir). Secrets left in the logs (a database password, a Google
# OAuth access token) are replaced with REDACTED as they are staged (redact-secrets.sh). Nuggets:
# fixtures/summaries/public/heldout5/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json, three per
# session ([topic, outcome, entity], each a list of alternatives); an entry keeps the log's own title
# (`agent_title`) where it has one.
# claude-code: committed ~/.claude (`projects/`) of three people, in Chinese (most: one person's
# front-end work and Claude Code housekeeping), Spanish and English; one carries an `ai-title`, one
# stops on a usage limit. codex: CODEX_HOME committed in three projects (Russian, English, Korean),
# most of them Spec Kit command templates before the real request. qwen-code:
# `.qwen/projects/*/chats/` of one student (Russian; C++ design-pattern homework and a lab on a VM).
# aider: `.aider.chat.history.md`, one item per `# aider chat started` line (`item` is `#L<line>`;
# starts with no request have no nuggets; Turkish, Indonesian). specstory: `.specstory/history/` of
# two people (Cursor chats, titled; English, Japanese). continue: `.continue/sessions/` (titled).
# cline: a Cline task's `api_conversation_history.json` committed at a repository's root (without its
# `ui_messages.json` or task folder), staged as tasks/MRA04242026/api_conversation_history.json, the
# path drill tells a Cline task by.
set -euo pipefail
OUT=${1:-/work/data/heldout5}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout5" <<'LIST'
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/4919d605-bbf5-446f-8836-975a478f04b8.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/1f146d14-37fa-45c8-b73b-aab152c78b32.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/62f747c2-ad03-4621-b4f1-25f6f4ee36f5.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/d1d701bc-11c4-4f11-949a-bf2607b200eb.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/fa85b9ba-f655-4e7b-8930-6a4f79cb1e3e.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/fee1c572-509c-4e8b-bc1f-a8b2364cef30.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/83258e5b-763f-41fa-95fb-d897a2ed540f.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code-ai-video-collection/bf5fdfc2-cb1e-448d-8f27-3f733a7283bc.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 .claude/projects/-Users-a111111-code/e8a8bd82-b520-45e1-aceb-7ad692d96cb5.jsonl
claude-code LZY2333/LZY-FE-JumpTrack 566e5294379a3ac94e2ad2105a7342580aa76c13 agent-configs/.claude/projects/-Users-a111111-demo-LZY-FE-JumpTrack/f1da8143-cd4a-4128-9df3-ea0c46901288.jsonl
claude-code DAlvarezRod/Proyecto_JARVIS 7711e8f7f477d333d3df7cdeaff863f9ba34840a .claude/projects/C--Windows-System32/3ac4dddd-02f9-4d49-977f-d130b036a3b8.jsonl
claude-code daphatpharm4/rosesein 0f903cbb540c950f392a84a81a832ff3480c3274 .claude/projects/-Users-charlesvictormahouve-Documents-GitHub-africandatalayer/86b9a2fe-2e63-45d2-9c6c-5bc9353d35d5.jsonl
codex Gordondalos/mail-agent 212578af0448b42efc22a23eda71bde923dd2daf .codex/sessions/2025/10/25/rollout-2025-10-25T00-30-12-019a177c-49e7-7602-92e4-570ab0816b6e.jsonl
codex Gordondalos/mail-agent 2a0b1f4048daceab6c2322271bea59b613871fe4 .codex/sessions/2025/10/25/rollout-2025-10-25T01-25-22-019a17ae-caf0-76a3-8372-3b0a8116c06e.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T11-06-34-019ae3ad-90e8-7491-9992-10e9fefe1847.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T12-10-49-019ae3e8-638b-7133-9d2e-a98137e5ade6.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T12-46-02-019ae408-a0d6-7dc0-9e50-bf20ac5120f8.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T13-00-01-019ae415-6fca-77e2-a02f-b10c2f198a93.jsonl
codex MaksimKravchuk/brain_buddy ef721e373663aff0ed56454dc777f539ac5c7f60 .codex/sessions/2025/12/03/rollout-2025-12-03T13-16-57-019ae424-f229-7e90-95db-5b45025b4216.jsonl
codex MaksimKravchuk/brain_buddy 8016fea462558170f55fc4f955f9db4000a246aa .codex/sessions/2025/12/03/rollout-2025-12-03T17-29-44-019ae50c-5e53-7562-b61f-ff3b8f7cf8e6.jsonl
codex che-yjwj/platform_architect 390c3080a41e73d45f81458c50d74775017eeb0d .codex/sessions/2026/03/04/rollout-2026-03-04T13-09-38-019cb8f7-e16d-7520-98a8-5c6b5df912aa.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/200f4d45-640b-41da-91d1-abf609315818.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/6af11f56-0827-497c-b897-6069305c5126.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/7b2fb554-a2c6-45a5-a388-81aa40d27060.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/5fc92044-a5a5-47ee-9625-c63f8a0ae7c8.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/6dee41c2-cbb8-49da-aefb-2251b3b44943.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/ec07d8a8-8afa-4838-8d48-064bcd8e808a.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/596e5cb4-5eab-4ebe-a15e-cb0514e15e4b.jsonl
aider 0anes0/verilog_simulasyonu-LSFL- 1ce150ab8adaca1286020b6bae247aeb448f0af3 .aider.chat.history.md
aider Andregit93/kasir-kite-app 13815c320384b8ae013b4b0cd990e33102bab477 .aider.chat.history.md
specstory maloneype/yposfgold-community-platform a59ceb22dcb1dcf4e19ea36c59f460e87657ab5a .specstory/history/2025-07-09_15-28Z-commit-changes-to-github.md
specstory maloneype/yposfgold-community-platform a59ceb22dcb1dcf4e19ea36c59f460e87657ab5a .specstory/history/2025-07-09_15-33Z-summarize-cursor-rules.md
specstory maloneype/yposfgold-community-platform a59ceb22dcb1dcf4e19ea36c59f460e87657ab5a .specstory/history/2025-07-13_21-47Z-create-html-file-for-download-link.md
specstory maloneype/yposfgold-community-platform a59ceb22dcb1dcf4e19ea36c59f460e87657ab5a .specstory/history/2025-07-13_21-56Z-generate-node-js-script-for-base64-zip-decoding.md
specstory maloneype/yposfgold-community-platform 22bb2edb0cadd565a254897aac94d59305b9d0f5 .specstory/history/2025-07-17_14-28Z-sync-project-with-github.md
specstory maloneype/yposfgold-community-platform 791969ac611b203e29003247527912dbfae9e56e .specstory/history/2025-07-17_22-44Z-launch-development-server-request.md
specstory maloneype/yposfgold-community-platform 791969ac611b203e29003247527912dbfae9e56e .specstory/history/2025-07-17_23-07Z-launch-development-server-and-error-resolution.md
specstory maloneype/yposfgold-community-platform 791969ac611b203e29003247527912dbfae9e56e .specstory/history/2025-07-17_23-59Z-check-if-all-routes-are-defined.md
specstory maloneype/yposfgold-community-platform 743ef69cfcd602dcf4253f61075b29b4a682e8b4 .specstory/history/2025-07-18_01-12Z-populate-database-with-placeholder-data.md
specstory onotakuy/work20260103_01 fb4635e462b93be235b76455b2e965c02d21376e .specstory/history/2026-01-03_12-46Z-2dから3dマップwebアプリの要件定義.md
continue Offren/RSS-aggregator-Xpath-scraper 3731867e30d90d92f938ef10d2ccd5fa7aed74ad .continue/sessions/a4c6ffaf-bc9d-498a-8404-31a1872bd2ec.json
cline mike4567/MRA04242026 764491384379e43f9b25ab332f4d000b7727788b api_conversation_history.json tasks/MRA04242026/api_conversation_history.json
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
