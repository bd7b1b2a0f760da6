#!/bin/bash
# Rebuilds the ELEVENTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout11set): 39 sessions with nuggets (32 files; a Crush store holds several sessions,
# `item` is `#<session id>`; an aider history several, `item` is `#L<line>`; a Gemini CLI prompt log
# (tmp/<hash>/logs.json) several, `item` is `#<sessionId>`) of five agent formats from 23 public
# repositories of 23 people, none of them (and no owner of them) in bench/eval/summaries-*.sh
# (held-out 10 included), real-sessions.sh, fixtures/**/README*, ../shared/eval/nuggets/files.json or
# ../shared/eval/real-sessions/manifest.json. STRICT and UNTUNED: its nuggets are written the way
# the strict set's are (../shared/eval/nuggets/README.md), three per session — [topic, outcome,
# entity], each ONE specific thing with 1–3 spellings (the main request by the work that followed
# it, what came of it at the END of the session or how it stopped, one named file, tool, library,
# command or error) — from the raw logs, before drill ever ran on them; no drill title or TLDR of
# them was read before they were committed, and nothing in drill was tuned on it. Each line below
# is: agent, owner/name of a public GitHub repository, the commit to read (the last one that held
# the log), the path of the log in it. Fetch each repository first (the session's `fetch` tool puts
# it under $MIRROR/owner+name/repo, a bare git dir). Secrets left in the logs (an OpenRouter key, Google
# API keys, a Supabase key) are replaced with REDACTED as they are staged (redact-secrets.sh; a
# Crush store is redacted value by value by redact-sqlite.mjs and stays a sound database). A
# prompt-log session in which a sudo password is typed in plain is left unscored (the password is
# redacted all the same). Nuggets:
# fixtures/summaries/public/heldout11/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json; an
# entry keeps the log's own title (`agent_title`) where it has one (Crush's session title unless it
# is the placeholder "New Session"; SpecStory's heading). The prompt logs have the requests only, so
# their outcome nugget is how the session stopped (its last requests).
# crush (7): `.crush/crush.db` committed in five projects, English: an OpenRouter key that saves
# but fails on send, tested through the Playwright MCP until the person gives up, and a second try
# that finds the models endpoint needs no key; a Windows taskbar equalizer whose .exe does nothing;
# a macOS dictation app's UI/UX pass (its blur-toast sub-agent session is grafted into it, not an
# item of its own); a Svelte site's dark background and its
# package upgrades; a metroidvania game's missing features. gemini (11, Gemini CLI prompt logs):
# seven projects: Brazilian Portuguese (a fitness consultancy's landing page and its Wix site),
# Arabic (a library app split into two Vercel projects until the files seem lost; a project
# checked for errors), English (a data-factory VM audit; an OCPP tester's SyntaxError, then its
# wallbox selection UI; MCP servers configured for Gemini CLI, twice), Japanese (Google Maps in
# place of Mapbox, then Supabase tables and their spec), Spanish (a Django portfolio's language
# switch, then how to publish it). aider (4): `.aider.chat.history.md` of three people: English
# (an Ollama model that is not found), Thai (a launcher's greeting and an agent that will not answer
# in Thai), Spanish (two questions about a repository's architecture and memory, both interrupted).
# claude-code (5): committed ~/.claude of two people, English: a personal AI setup's observability
# dashboard started, and its SessionStart hook errors fixed (a PAI_DIR left as a placeholder); a
# VPS's containers put back behind Traefik until a wiki turns out a dead link; a codebase mapped
# and wired to an MCP server until a circular import; 33 quotes to encode, stopped as it starts.
# specstory (12): Chinese (a Cursor session that designs and builds a wave-table reader, then a
# question on its code range) and English (a contributor's pull request to a playlist fixer
# reviewed and redone; a missing-file cache, then an encoding fix that fails on "Beyoncé"; a
# hackathon TV app to integrate with the Senza SDK; a Flask screener launched from a desktop button,
# then an icon; model docstrings and titles; a React Native app's font sizes matched to HTML
# references; a tab bar that flickers on navigation, then filled tab icons; a robotics workspace's
# SSH push from a container under WSL, then a README on it; a pushing model's relaxed form written
# up; two videos copied out of a Docker container).
set -euo pipefail
OUT=${1:-/work/data/heldout11set}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout11" <<'LIST'
aider Adithya-ux-2006/Hey-roomie 16d13b098432fd62abc84a8ec933a21af053c487 .aider.chat.history.md
aider AgentArchitectDev/SYNERGIA_CORE_NEXT_PRO a189f408ad93f156ccade3027dd7dd222cce0dbe .aider.chat.history.md
aider Ashveil1/Elengenix d8accf402bc21ed58a180eaa596e3b8a81ee1a09 .aider.chat.history.md
claude-code HillviewCap/Personal_AI_Infrastructure 110ec6687881a75cb2ea40d4d33821e5e12b7385 .claude/projects/-home-jenkins-Personal-AI-Infrastructure/155715ec-f4e9-47ea-859c-2e4cfcceab6f.jsonl
claude-code HillviewCap/Personal_AI_Infrastructure 110ec6687881a75cb2ea40d4d33821e5e12b7385 .claude/projects/-home-jenkins-Personal-AI-Infrastructure/5eac5945-4cf4-4f5c-a46a-1f8dacb407aa.jsonl
claude-code ariffazil/A-FORGE 9e95b9dc6df238098769e531fb77dce70e8d8a33 .claude/projects/-root/0997a687-2ef9-4e82-9a79-64e1909c7155.jsonl
claude-code ariffazil/A-FORGE 9e95b9dc6df238098769e531fb77dce70e8d8a33 .claude/projects/-root/a8117384-8a7e-445b-9af0-ab182dd62c51.jsonl
claude-code ariffazil/A-FORGE a5ce0c4453968ccf62ec2cf89881fc5d7160df82 .claude/projects/-root/706354b9-df21-4f43-bd02-cad7bb20febb.jsonl
crush CoCkMelon/edu-jam4 cb295a40f938bcb95c5dafae2ff864dfa0eaf5b4 .crush/crush.db
crush Starmel/OpenSuperWhisper d9a9bf4b04b30e71a49e97170a4e43b9fc278a6a .crush/crush.db
crush itbaby/ribo 1584b4d5c86da592e44a9a335626ed0c5ea868be .crush/crush.db
crush michaelgrafl/gehirn 194683df3e1e94d6dba05a1f6ee2a40f346c3757 .crush/crush.db
crush pathum1/Graphlight 3fc8e2b67921f47eb0775eaf8cf76357e5c2d12b .crush/crush.db
gemini AndersonCiborg/Aplicativodetreino 48ce2f79e7b6d3489ab6a041e7c4e5b5e105350f .gemini/tmp/be36aa850ed33336ee9b50e53a9026eb7feb9c91da12c0a4057f4cc20da851ec/logs.json
gemini CodeByJesus/Portafolio-jesus 4deb61bba28871dd368adda60b74999046f7393e .gemini/tmp/4fa1be20fbcc11e647d929ddb9b2eee5d50a1b3e90ee35f6da2c1e0a4a56d042/logs.json
gemini Jinstronda/my-cursor-stack 2066185a5fba757490d8f764bc67944b3469f9fc .gemini/tmp/5f49e73a68149b1b73fdcd7cc75fe181f29254f24afc56224288b9dac5ad3c22/logs.json
gemini SensorsIot/OCPP-Tester a055839f351a337711ad62c29210c078b1ee7413 .gemini/tmp/46388ec8723b665d99d14b5f39d213a057a7a1da78a22a3c67b1e83f4c783537/logs.json
gemini abdulrahmanch1/maktebeC bd5a6af3be6bc538b4b5effe3fc77b6a24c3896f .gemini/tmp/0c041baff342c3ccd30504fc14f61e033cae938d7419f89e1699980efb58cb61/logs.json
gemini casaroca/The-Data-Factory 5988d26951252c65b1e940e26b6c68a0555f8139 .gemini/tmp/1df50b4c2208a6cdb2ac438cf8f271f27a4031395030fef68b8f7f4ce6da20cf/logs.json
gemini tatata10/bokutoneko_2 a2bd77aecb69d71dcaebc96a9a840b31203b6dd3 .gemini/tmp/9ec94b5070c8734d4e5e34a15d9d0b92804952ed555d0af19ac889aa0e6a3963/logs.json
specstory AllProAi/TV-App 0fa68a94578894aebc3771bd9c9e5a2ff4dfff73 .specstory/history/2025-05-17_11-38-next-steps-inquiry.md
specstory ArjunDivecha/qscreen-strategy-screener 9a041b8f9335a24f461177680bc51a7df9129542 .specstory/history/2025-03-20_21-37-terminate-process-8091.md
specstory ArjunDivecha/qscreen-strategy-screener 9a041b8f9335a24f461177680bc51a7df9129542 .specstory/history/2025-05-01_23-13-update-api-models-docstring.md
specstory AryanSinCel/StreamList 4b7a2a352ca554e3223776463528cc2033bb733e .specstory/history/2026-04-09_20-07-33Z-detail-page-navigation-issue.md
specstory AryanSinCel/StreamList f09ac3deb5111c5c35f13273cea3bb093fe1d261 .specstory/history/2026-04-09_13-15-59Z-search-screen-ui-fixes.md
specstory Borewit/listFix e3b39552d97d81dc6126e4a71e6d12954f25b1da .specstory/history/2025-04-27_12-45-reviewing-github-pull-request-changes.md
specstory Borewit/listFix e3b39552d97d81dc6126e4a71e6d12954f25b1da .specstory/history/2025-04-27_13-47-cross-platform-playlist-compatibility-solutions.md
specstory Choi-YewChieh/WaveDataReader 743ff0d794c7bde0f1103509de97e6a4d3ca1ab8 .specstory/history/2026-07-14_09-04-41Z-dot-data-range-usage.md
specstory Choi-YewChieh/WaveDataReader 87a5da404a0e843c70c0b57c5551daca96bea52b .specstory/history/2026-07-14_06-20-50Z-wave-table-file-reading.md
specstory CooKingThe1st/contact_maintain cee6fa67981d8ddf3503d54ef25968415f79f792 test/.specstory/history/2026-04-06_14-44Z-git-remote-link-check.md
specstory CooKingThe1st/contact_maintain cee6fa67981d8ddf3503d54ef25968415f79f792 test/.specstory/history/2026-04-08_14-23Z-differential-flatness-and-assumptions.md
specstory CooKingThe1st/contact_maintain cee6fa67981d8ddf3503d54ef25968415f79f792 test/.specstory/history/2026-04-17_17-00Z-tmp-holo-phase7-topview-zigzag-hybrid-path-w-root-mp4.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
