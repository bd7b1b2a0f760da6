#!/bin/bash
# Rebuilds the TWELFTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout12set): 31 sessions with nuggets (31 files; a Crush store holds several sessions,
# `item` is `#<session id>`; a Gemini CLI prompt log (tmp/<hash>/logs.json) several, `item` is
# `#<sessionId>`) of six agent formats from 25 public repositories of 25 people, none of them (and no
# owner of them) in bench/eval/summaries-*.sh (held-out 11 included), real-sessions.sh,
# fixtures/**/README*, ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json.
# STRICT and UNTUNED: its nuggets are written the way the strict set's are
# (../shared/eval/nuggets/README.md), three per session — [topic, outcome, entity], each ONE specific
# thing with 1–3 spellings (the main request by the work that followed it, what came of it at the END
# of the session or how it stopped, one named file, tool, library, command or error) — from the raw
# logs, before drill ever ran on them; no drill title or TLDR of them was read before they were
# committed, and nothing in drill was tuned on it. Each line below is: agent, owner/name of a public
# GitHub repository, the commit to read (the last one that held the log), the path of the log in it
# (and, for a Cline task exported out of its tasks/ folder, the name it is staged under). Fetch each
# repository first (the session's `fetch` tool puts it under $MIRROR/owner+name/repo, a bare git
# dir). Secrets left in the logs (an Auth0 access token pasted as an encrypted JWT, with its id
# token; a Bearer token; a database URL's password; a SQL Server SA_PASSWORD) are replaced with
# REDACTED as they are staged (redact-secrets.sh; a Crush store is redacted value by value by
# redact-sqlite.mjs and stays a sound database). Nuggets:
# fixtures/summaries/public/heldout12/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json; an
# entry keeps the log's own title (`agent_title`) where it has one (SpecStory's and the Cursor
# export's heading, Crush's session title, OpenCode's session title). The prompt log has the requests
# only, so its outcome nugget is how the session stopped (its last request).
# specstory (12): `.specstory/history/` of seven people: English (a crawler's table extraction, then
# header ids from the URL path; a Nextra code-block cleaner that logs to the Node console; a
# DuckDuckGo engine whose unused language argument stays a stub; a `-n 1` num_results fix; an E2E
# flow with Playwright written up until a "learning course" is asked for; an Auth0 login lost on
# refresh, then LaunchDarkly flags in snake_case; a CODAP v3 test-coverage plan committed with the
# SpecStory files apart; a Cognito passwordless login through Terraform until a
# UserUnAuthenticatedException; an FFmpeg failure on Railway, cancelled; a Cursor export: an S3
# bucket name made consistent, then a missing poll-transcription endpoint), Chinese (a smart-tourism
# Spring Boot backend down to @TableField(exist = false); a Mockaroo-like mock-data generator in Flask
# and its Preview button, until "how do I deploy to GitHub"). copilot-chat (9): VS Code "Chat:
# Export Chat" files of nine people: English (coordinates extracted from PMC articles into a CSV
# until the person asks how to keep the conversation; an MVP plan and its phase 1 committed; a
# LangGraph auditor specified and scaffolded with Spec Kit; a Reddit search page in one index.html),
# Chinese (on-policy distillation runs on Qwen3 up to a step-400 checkpoint; an AI-coding trend
# tracker's v1.0; a bakery page's CSS at 768px and up, in traditional characters), Portuguese (a
# Python course tutored with PHP analogies, then written up as docs), Japanese (an "ojisan
# collection" app designed and committed, then where the chat is kept). opencode (5): `opencode
# export` files of five people: English (a Framer landing page built and published; a marketing team
# lead dashboard built, deployed and its session exported; 21st.dev components shown by category
# until how the export works; a question on React components in a documentation compiler),
# Portuguese (a .NET categorization service's first PBI planned, the Dockerfile still on the old
# name). cline (2): one Unity card game's two exported tasks (the same request: new game actions; 41
# golden tests pass; a network architecture document). crush (2): `.crush/crush.db` of two people,
# English: lost plots of an albedo analysis regenerated until the outlier plot must be boxplots;
# "improve whole codebase" started at phase 1. gemini (1, Gemini CLI prompt log): dotfiles pushed
# with gh, Zone.Identifier files removed, the name changed.
set -euo pipefail
OUT=${1:-/work/data/heldout12set}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout12" <<'LIST'
cline gmfstu/Online-Card-Architecture 0c3f68ab987b911c118cbfb4b36efc796c5f8fd4 exported_conversation_1769053680585/api_conversation_history.json tasks/1769053680585/api_conversation_history.json
cline gmfstu/Online-Card-Architecture 0c3f68ab987b911c118cbfb4b36efc796c5f8fd4 exported_task_1769064454592/api_conversation_history.json tasks/1769064454592/api_conversation_history.json
copilot-chat 11rachelh/b11504006_ETL 5d4225f1de1cb6424660b62262de1e4f67328f63 chat.json
copilot-chat 1-01-8/OnPolicyDistillation_Project 89db7baf79eff52021e50fad0423fcd6b3d7d983 chat.json
copilot-chat emiliojva/hashtag-curso-python-Iniciantes 0a1000d704a867f473045b34e0687bc8c819af52 .vscode/chat.json
copilot-chat Krminfinity/ojisan-hair-pluck-collection b6460cb63bfe732afcdf174709c7456e224557ee docs/chat.json
copilot-chat alweil/app-financas-pessoal 9fb40a86cd8b6d037ef1766073faaae4119db6e0 docs/chat.json
copilot-chat martha-ketsela-mengistu/automation-auditor ceaaf1839870003794d55f166b49be4c2236ffcd docs/chat.json
copilot-chat DogeMassaji/00-ai-trend-archive 649dd485d7a18348e649be39ea0a6bad01196047 .github/chat.json
copilot-chat brusic/reddit-condenser 9129fee0b4739c60baecc853967eccad98fa340a copilot/chat.json
copilot-chat unkn0321/Bakery-Website d0c351dbe05158f9b7a85ddc5ae66fbb4a7592cf copilot/chat.json
crush GreatestDisplayName/RLGymExampleBot 9e50a7799e56bfed2dac4261a0b217e845190d6a .crush/crush.db
crush tofunori/Albedo-analysis-CLI 2871f7d0b416b63a255d27762a6784dd26c703bb .crush/crush.db
gemini Sh3rblick/dotfiles 39cf976c3a417c5e7707452d30e8b8b64c777096 .gemini/tmp/880b5aa9398865d803677a8070a1c404fb589d1c613db25469904729020ebc4e/logs.json
opencode rajsinghast03/skillpath 989a471613dae87729a1107a6e60d103ced47669 chat-export.json
opencode SucksToBeAnik/mtl-management-system d03a1e1ab6a27d0a9677be89423f23878b9f46b7 session-export.json
opencode securacore/codectx f7838ebf0c134cb5f4f957fd96959fd12c0c9c96 session-export.json
opencode salmankalam/uicomponents 2451fa76828e6fbccdd17b882dc55a0ea54728a8 session-export.json
opencode italo-luz/pfm-categorization 02016a9760d0eae814e77cf254c84bfa853480f0 opencode-session.json
specstory robin-collins/gpt-crawler 1fa78e9e11c74a0dc999f72521b92f04367ffaca .specstory/history/2025-03-06_20-39-table-extraction-issues-in-html-crawl.md
specstory robin-collins/gpt-crawler 9fc8ae15139dc9958bf705c5d63a06f6d8fbf45d .specstory/history/2025-04-17_01-15-function-to-clean-code-blocks.md
specstory tha-hammer/easy-video-share-vue edc957141b704ea6e1ddff007400405a5827c10d .specstory/history/2025-06-21_14-00-troubleshooting-cognito-passwordless-login-error.md
specstory tha-hammer/easy-video-share-vue 7d809e19c63ace25a8d118ecf55f8f4ff733ee0c .specstory/history/2025-07-06_15-33Z-troubleshoot-ffmpeg-error-on-railway.md
specstory tha-hammer/easy-video-share-vue 03f58fd80f060c1591a5451df3d9b735533ece4c .specstory/history/cursor_fix_bucket_name_inconsistency_in.md
specstory twardoch/twat-search 05eeec5ea342cbccb407a0991a67aee525f8fbbb .specstory/history/2025-02-25_05-36-implementing-duckduckgo-search-engine.md
specstory twardoch/twat-search 5da8ea18b24903577a5b2d23777d3771420959ab .specstory/history/2025-02-26_18-28-fixing-num-results-parameter-in-twat-search.md
specstory mariobrusarosco/best-shot 24ef9947bb2067edd8faa64dad8192185e590e0f .specstory/history/2025-02-26_10-04-e2e-testing-flow-implementation.md
specstory mariobrusarosco/best-shot 24ef9947bb2067edd8faa64dad8192185e590e0f .specstory/history/2025-03-23_17-36-auth0-token-response-details.md
specstory kyhuan/smart-tourism 68068a23c2181c128cfdf5f1546a9e7493453da7 smart-tourism-backend/.specstory/history/2025-04-09_10-26-upgrade-required-for-premium-features.md
specstory concord-consortium/codap 0ddb0365d5e630c2bda57b939e19d8570389e892 .specstory/history/2025-03-13_18-47-setting-up-local-environment-for-v3-application.md
specstory 808wrld/Mock-Data-Factory 0a4f35e889462585ee96d84fc370942c55ddc9f3 .specstory/history/2025-04-28_09-28-mock-data-generator-with-flask.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
