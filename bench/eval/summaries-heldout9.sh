#!/bin/bash
# Rebuilds the NINTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout9set): 47 sessions with nuggets (43 files; a Crush store holds several sessions,
# `item` is `#<session id>`, an aider history several, `item` is `#L<line>`) of six agent formats from
# 35 public repositories of 35 people, none of them (and no owner of them) in
# bench/eval/summaries-*.sh (held-out 8 included), real-sessions.sh, fixtures/**/README*,
# ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json. Nothing in drill
# was tuned on it: its nuggets were written from the raw logs before drill ever ran on them, and no
# drill title or TLDR of them was read before they were committed (one codex session that sets an
# admin password in four forms was swapped for another of the same person before drill ran). Each line
# below is: agent, owner/name of a public GitHub repository, the commit to read (the last one that
# held the log), the path of the log in it. Fetch each repository first (the session's `fetch` tool
# puts it under $MIRROR/owner+name/repo, a bare git dir). Secrets left in the logs are replaced with
# REDACTED as they are staged (redact-secrets.sh; new kinds met here: a JWT signing key given to
# `secret:` in a Spring application.yml, secrets in variables ending in _SECRET, _TOKEN, _ACCESS_KEY
# or _PASSWORD, a mysql -p'…' password and a URL password holding an @; a Crush store is redacted
# value by value by redact-sqlite.mjs and stays a sound database). Nuggets:
# fixtures/summaries/public/heldout9/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json, three
# per session ([topic, outcome, entity], each a list of alternatives); an entry keeps the log's own
# title (`agent_title`) where it has one (Crush's session title unless it is a placeholder, "New
# Session" or "Empty Message"; Claude Code's `ai-title`; SpecStory's header).
# crush (22): `.crush/crush.db` committed in eighteen projects, every session titled by Crush but two
# placeholders: English (an invoice app that stopped working after a commit, and edits pasted back
# from another chat; a Nuxt calculator named Calcman; a Coolify deploy that shows only text, fixed by
# removing the PWA service worker; MCP servers for Crush and a site read whole; Drizzle schema and a
# dashboard gradient, a deliveries header; a greeting that ends in questions about file access; a Bevy
# mobile checklist; a blog whose admin user and TagListCard error run over 250 messages under "New
# Session"; a smol customer-service bot; a voice-mode timer by tier; a 404 from /api/solve; Go
# functions after sums), Spanish (a Connect Four draw test by TDD; a device catalogue validated
# against Packet Tracer under "Empty Message"), Polish (a build.sh for WSL from build.ps1), Japanese
# (a block-breaker game from two pictures, its BGM silent once pushed to GitHub), Vietnamese (a home
# page like Điện máy XANH, a Kafka compose file) and a request in Thai. gemini (8): Gemini CLI chats,
# four people: `.json` chats in English (an expense tracker by Telegram that moves to Google Sheets
# and its own folder; a superpowers extension install cancelled), Traditional Chinese (where GEMINI.md
# lives) and Portuguese (three HAWZX-AI sessions sent from an IDE with its file context: a Railpack
# deploy log then the guide, shell commands refused in non-interactive mode, a start script), and
# `.jsonl` chats in English (a Spring Boot ticketing backend that ends in an OutOfMemoryError of
# Gradle; a Postgres MCP check). codex (8): CODEX_HOME committed in six projects: Spec Kit analyses
# and constitutions (a use-case branch of a course lab, an insurance cockpit's constitution 1.1.0, an
# orchestrator's plan and tasks, a Tauri app's embedded startup through to a release DMG), Spanish (a
# warehouse delete that deactivates, a Next.js params error then item dates, images and a responsive
# table) and a Vietnamese title request answered with the title alone. claude-code (6): committed
# ~/.claude of four people: Traditional Chinese (two buildroot sessions with `ai-title` records: SNMP
# table generators, a Clippy commit that reached develop under a Cargo.toml title), English (a
# hackathon plan turned into twelve agents, a React stale-closure fix, a recruiting multi-agent system
# on OpenClaw tested 146/146, and `\help`). specstory (2): Chinese (pyrightconfig excludes, a remote
# linked and pushed, a training run and a clean-up request) and English (commit and push). aider (1):
# a background colour question and change that got no answer, only commit prompts (`#L31`).
set -euo pipefail
OUT=${1:-/work/data/heldout9set}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout9" <<'LIST'
aider AdrianGhazvini/cra-js 83b3624533c67582915c2018f94bace01687d081 .aider.chat.history.md
claude-code bdevz/og-system 5f6e9385b5427bb802c4ff0b942ab90c0f6c3e68 .claude/projects/-sessions-adoring-cool-einstein/588184d4-177e-44ac-8c58-42a78448aa99.jsonl
claude-code esamjbr/nunacare 6c140084c8ab52bb5490aacb0b3699619827153f .claude/projects/-home-asauafth-Desktop-gym-management-app/82553632-d889-4bae-a519-93f6f599346a.jsonl
claude-code hannibal8856/claude_backup e28e0281b2ed43c8e6e14274f3c114d1b5e611d3 .claude/projects/-home-moxa-sdc1-home-moxa-NOS-v7-0-develop-buildroot-dl/bd1e5fbe-0d27-408a-9c34-3f0582a46841.jsonl
claude-code hannibal8856/claude_backup e28e0281b2ed43c8e6e14274f3c114d1b5e611d3 .claude/projects/-home-moxa-sdc1-home-moxa-mds4xgl3-buildroot-dl/2efd4ae1-b414-4c28-a518-e5bef5ab93fd.jsonl
claude-code ycheng4-design/memorybridge f89c4dab8a91f46bfdfe8582951798cb2e72ca3e .claude/projects/C--Users-ASUS/3df4e34c-9839-4533-9c50-c0064ccc7604.jsonl
claude-code ycheng4-design/memorybridge f89c4dab8a91f46bfdfe8582951798cb2e72ca3e .claude/projects/c--Users-ASUS-Desktop-Gemini-3-hack/cdc060c3-c8fa-4519-b9e9-df582592e796.jsonl
codex AidenPeacock/ECE_493_Lab_2 f76dab18501c5a73ecafcee33f8f23a7024734a7 .codex/sessions/2026/02/09/rollout-2026-02-09T16-41-33-019c44c8-26f8-70a0-b5a8-f500f12f3597.jsonl
codex AnNguyen2023/vn-stock-portfolio 8dc2766d49ceae1fc81c4adbea64f6e9ad3845e8 .codex/sessions/2026/01/18/rollout-2026-01-18T07-43-44-019bce8e-cec8-7973-8fba-6dd88bcf6a2e.jsonl
codex Gino-Loja/sistema-kardex 040912e943522712f3d95b7834891b6f1242a121 .codex/sessions/2026/01/09/rollout-2026-01-09T08-12-50-019ba2e3-66ab-7120-be39-5c5fca1f6282.jsonl
codex Gino-Loja/sistema-kardex 040912e943522712f3d95b7834891b6f1242a121 .codex/sessions/2026/01/10/rollout-2026-01-10T12-41-02-019ba8ff-4d34-78a3-9274-9a5c7c294ddf.jsonl
codex Kocoro-lab/Shannon b47793cbc6c8b1550089dfe2b5c347e558503ee2 .codex/sessions/2026/01/10/rollout-2026-01-10T14-27-32-019ba997-bbca-7483-9a75-07808dcc061c.jsonl
codex MoonLadderStudios/MoonMind 786ef1a51cec0d27635ee1d3e8b7114da78ed4da .codex/sessions/2025/11/13/rollout-2025-11-13T16-00-16-019a7fa9-a846-7393-8d7a-9997d08b0096.jsonl
codex MoonLadderStudios/MoonMind 786ef1a51cec0d27635ee1d3e8b7114da78ed4da .codex/sessions/2025/11/13/rollout-2025-11-13T18-21-11-019a802a-aab1-7c31-9831-d2510c7a74a2.jsonl
codex Sanilas/specarium ec6b33eee10bd9c848f34e9352eed9c38bdd232d .codex/sessions/2025/12/29/rollout-2025-12-29T22-55-45-019b6c1c-31b3-7ce3-ac64-613a5f6d4faa.jsonl
crush AndresGaibor/cisco-auto c490718f9b95e4272033d4c9ccdc14ffdcc9d2a2 .crush/crush.db
crush LL-LLLu/Personal-Blog 5923a5ddd3593160de18c72ee4c4f7f1e3ce2e03 .crush/crush.db
crush NikT45/useinly.com 5d2413fc05563c1afcfaeda4a190b56ca8b06296 .crush/crush.db
crush PonuoM/CRM_Saletracker 430a0bc622f4d80a84db4ebcb22a7955d9739566 .crush/crush.db
crush PrajwalAr/Invoice-Generator a72aeb96c93ed93fae3a34adecfd68db53f3a9db .crush/crush.db
crush aag2807/nano-bot 5c34b03b4cf044c1ef28f932a988a05135ccb17a .crush/crush.db
crush aharvey101/poker-teacher f75c03b7e14e87ef64507a24beca7b7d51b27bff .crush/crush.db
crush bangarangler/burnrate c9239494400880c30df5f2fe74ea390f48855827 .crush/crush.db
crush cjoh/notes 4adbd9feb8c2857d2d67e56debd7c72ad5a13c80 .crush/crush.db
crush e2chat/calcman 4c01bf36dbca1efee174e60c61c4d07bfbd4a0fe .crush/crush.db
crush flawstick/medikal 779a6ba48464a1f466100a22b546ae76e69eadff .crush/crush.db
crush jarx88/PoprawiaczTekstuPy 073bde93061882b8b8500a83e840e5a6aa385f83 .crush/crush.db
crush jsanchezdaza/conecta4 7b9ea951c57a7f2b3c58b75c77ae9f024e7d4e47 .crush/crush.db
crush khulekanishibe/mbonambi-homeland-vision ff8bc1e41b0b4252385bc69fe796034fce4ec956 .crush/crush.db
crush neylemkeunesp/img-solver 108766fa1f2592cafde2053f30d1b26a46def003 .crush/crush.db
crush trantuddt12/ecommerce-ng e72e986f6d925dc2a3bcd31924516e74c3b3fee1 .crush/crush.db
crush vindepemarte/happystats-v2 31b7bbdb238d1f8f94f9890906ec55b12d334d14 .crush/crush.db
crush waroschan/blocketsu 36f96613800a77465149c5164f962551ded21b11 .crush/crush.db
gemini Misty19940913/Navi-Helios 2299ff6f30b71f5abf9715c19b592bb5237627ed .gemini/tmp/82469184c51600253b80f9e4c55013a764dc90e04d84bb2d8b5d98a400cd0d5e/chats/session-2026-01-13T08-50-109b0a03.json
gemini Tokisaki7-Dev/HAWZX-AI c5ec55f78aba8e80a2c99e9374eeac5ff83bed2a .gemini/tmp/ba609f2292e1fc5df3a496d5c03ce2b94210ad2682ae05b2184ed3c1b2937d85/chats/session-2025-12-02T02-59-58483c8c.json
gemini Tokisaki7-Dev/HAWZX-AI c5ec55f78aba8e80a2c99e9374eeac5ff83bed2a .gemini/tmp/ba609f2292e1fc5df3a496d5c03ce2b94210ad2682ae05b2184ed3c1b2937d85/chats/session-2025-12-02T04-58-8bb2f196.json
gemini Tokisaki7-Dev/HAWZX-AI c5ec55f78aba8e80a2c99e9374eeac5ff83bed2a .gemini/tmp/fa7611e674c7175c77ede7b4ee77d57acc27125eb1c8e95bc1a1f0daf0abb5b6/chats/session-2025-12-02T08-44-ba05e423.json
gemini agunginsani/expenses-tracker 28206340d1c951cab7515575b9a1603145b47543 .gemini/tmp/agunginsani/chats/session-2026-04-11T15-32-52c73acd.json
gemini agunginsani/expenses-tracker 28206340d1c951cab7515575b9a1603145b47543 .gemini/tmp/agunginsani/chats/session-2026-04-12T01-18-01b2c62e.json
gemini wingorithm/Vibe-Coding-Comparison-Project 310ce4d7341fa223342117b808c73cba131e1479 .gemini/tmp/ticketing-vc/chats/session-2026-04-25T08-46-c737eb36.jsonl
gemini wingorithm/Vibe-Coding-Comparison-Project c847cc3da0e37498e29bdf129d12ea2a9baebc91 .gemini/tmp/ticketing-vc/chats/session-2026-04-25T08-23-e435870b.jsonl
specstory Singingkettle/ChangShuoRadioRecognition 3b11de1def818bce40603347f25ca9c950441217 .specstory/history/2026-03-18_06-23Z-pyrightconfig-json-exclusion-settings.md
specstory tr3stanley/autogenerate-site-test-1 a4b061de761fa8d2f130b720192c4f689bea7630 .specstory/history/2025-06-20_02-38-commit-and-push-to-github.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
