#!/bin/bash
# Rebuilds the TENTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout10set): 37 sessions with nuggets (30 files; a Crush store holds several sessions,
# `item` is `#<session id>`, an aider history several, `item` is `#L<line>`) of five agent formats
# from 23 public repositories of 23 people, none of them (and no owner of them) in
# bench/eval/summaries-*.sh (held-out 9 included), real-sessions.sh, fixtures/**/README*,
# ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json. STRICT and
# UNTUNED: its nuggets are written the way the strict set's are (../shared/eval/nuggets/README.md),
# three per session — [topic, outcome, entity], each ONE specific thing with 1–3 spellings (the
# main request by the work that followed it, what came of it at the END of the session or how it
# stopped, one named file, tool, library, command or error) — from the raw logs, before drill ever
# ran on them; no drill title or TLDR of them was read before they were committed, and nothing in
# drill was tuned on it. Each line below is: agent, owner/name of a public GitHub repository, the
# commit to read (the last one that held the log), the path of the log in it. Fetch each
# repository first (the session's `fetch` tool puts it under $MIRROR/owner+name/repo, a bare git
# dir). Secrets left in the logs are replaced with REDACTED as they are staged (redact-secrets.sh;
# a Crush store is redacted value by value by redact-sqlite.mjs and stays a sound database). A
# Claude Code session that carries a password typed in plain was left out. Nuggets:
# fixtures/summaries/public/heldout10/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json; an
# entry keeps the log's own title (`agent_title`) where it has one (Crush's session title unless it
# is the placeholder "New Session"; Claude Code's `custom-title`, or a `summary` record).
# crush (11): `.crush/crush.db` committed in eight projects, English: a resume app (GenResAI) whose
# Netlify deploys fail build after build, then a move to Neon, under "New Session"; its CRUSH.md and
# a job description to check; a Go whisper repo judged for a new developer; a 20-minute
# transcription that times out behind a Cloudflare tunnel; BDD tests that lead to removing
# "collection type" from a FastAPI backend until a NOT NULL constraint; three sessions of a Rust
# EC50 fitter on BridgeStan/CmdStan (a build interrupted, a Stan model that will not compile, what
# is wrong with the repo); a llama.cpp chat project explained; a video player's 404 on file names
# with spaces; PRPs executed for a post scheduler. aider (9): `.aider.chat.history.md` of five
# people, English: a food-swap app's masonry carousel and a heatmap edit that fails; a README and a
# process route whose commits fail on gpg signing; an NCLEX Streamlit dashboard set up twice; a
# polarized radiative-transfer transfer matrix and a depolarization check; a memory fix that never
# got an answer past Groq's "request too large". codex (9): CODEX_HOME committed in five
# projects: Traditional Chinese (n8n webhook and Gmail tests under Spec Kit; folders F1..F30 then
# M1..M30), Swedish and English (a golf caddie feature under a Spec Kit constitution), English (a
# constitution's checkpoint rules; a Rust "parking lot" built phase by phase that ends on macOS
# "Operation not permitted"; web-search questions: a Canadian recession, the state of the USA, AI
# platforms without an API key). claude-code (5): committed ~/.claude of two people: French (Claude
# remote control under a `custom-title`; skills, ccpm and wshobson agents installed and checked; a
# landing page given glassmorphism) and English (security fixes of Bancafi contracts until the
# weekly limit, under a `summary` title whose leafUuid is not in the file; MCP servers
# recommended). specstory (3): a Copilot upgrade to Java 21 (English) and two Claude Code sessions
# in Chinese (a ChatGPT-like app planned with FastAPI, React and SSE; an image it cannot read).
set -euo pipefail
OUT=${1:-/work/data/heldout10set}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout10" <<'LIST'
aider 123valentine/Valleymind-AI 0a67babc9db394a49d409feac7835cb4341d59db .aider.chat.history.md
aider Ahmad-A0/Inversity-SnapSwap 0760d8d15d524d9102df4cbc1e2e58c74ecc68e0 .aider.chat.history.md
aider Arjo67-tech/black-hole-faraday-reconstruction- cbca7de3a6ef1fdaa6f0bc6449b2ec6825d44d2c .aider.chat.history.md
aider ArkMaster123/clientdemoNISTAI b035b3bfec029e80d76d2189281090b9a5ec2381 .aider.chat.history.md
aider Awhitter/pgstndtrprt 6497d657daf3076fd9af530eb000a224e9e268ad .aider.chat.history.md
claude-code RickH555/claude-skill b9e229e72be5c98eea330cb3aabec0ecc1f8a11a .claude/projects/C--Users-User/1a11a45d-bb81-4e38-b579-39853c3a7df9.jsonl
claude-code RickH555/claude-skill b9e229e72be5c98eea330cb3aabec0ecc1f8a11a .claude/projects/C--Users-User/23fa2c33-fdf2-4cbe-b7c2-5fd49f688dd2.jsonl
claude-code RickH555/claude-skill b9e229e72be5c98eea330cb3aabec0ecc1f8a11a .claude/projects/C--Users-User/4c4d692f-1420-499c-853b-165e7bd7ea19.jsonl
claude-code bestlove1211/opencode 5352a71cb63934b93fd68f86a168b8f414e00ebe .claude/projects/C--Users-tvi-bancafi-contracts/b80eb8a1-6167-4e2b-8969-cda2f9ed520d.jsonl
claude-code bestlove1211/opencode 5352a71cb63934b93fd68f86a168b8f414e00ebe .claude/projects/C--Users-tvi/765a9806-c9ac-4111-bd8f-b90cbb937608.jsonl
codex Fatdevil/GolfIQ-YOLO 490d217c28d6068f33144adcc41f0e2096fcae0a .codex/sessions/2025/09/23/rollout-2025-09-23T20-30-57-019977d7-d30a-7202-ae9b-946b851efde4.jsonl
codex HBClab/boost-act dc1e9df0b76f6f78b7d0a5191a8cef592da6d97a feature/session-signature-fix/.codex/sessions/2026/03/10/rollout-2026-03-10T10-20-51-019cd856-2be3-7122-864a-e9ea7437472a.jsonl
codex JaydenXsoe/ocodex 908bf48ce6e1e0f4bd0852a8c6e005e73d14157e .codex/sessions/2025/08/31/rollout-2025-08-31T11-51-11-40cb3c9c-9557-4cb0-b9cf-f6661872da35.jsonl
codex JaydenXsoe/ocodex 908bf48ce6e1e0f4bd0852a8c6e005e73d14157e .codex/sessions/2025/08/31/rollout-2025-08-31T12-14-27-18a59085-ee11-4ef3-b460-f942642861b3.jsonl
codex JaydenXsoe/ocodex de60e7fda946f8973f1842c476cfbb3d0f87d5be .codex/sessions/2025/09/06/rollout-2025-09-06T00-46-49-0006b370-3ba0-4783-b4ad-22ce45b53420.jsonl
codex PT-Parker/Best-Buying-and-Selling-Timing-System ca22fdedf680687d37fd4d5ff62ae6f0935c652c .codex/sessions/2025/10/20/rollout-2025-10-20T18-42-42-019a0136-d86e-7540-8c16-a8668b80b1f6.jsonl
codex PT-Parker/Best-Buying-and-Selling-Timing-System ca22fdedf680687d37fd4d5ff62ae6f0935c652c .codex/sessions/2025/10/21/rollout-2025-10-21T22-35-21-019a0732-30b5-7632-ab31-7c0a2f9f8834.jsonl
codex PT-Parker/Best-Buying-and-Selling-Timing-System ca22fdedf680687d37fd4d5ff62ae6f0935c652c .codex/sessions/2025/10/rollout-2025-10-17T19-44-16-0199f1fc-1f45-7502-b09f-21fd9b3a9605.jsonl
codex Prometheus-AGS/prometheus-parking-lot-rs ec6b4b43243325bb5f554d2d27ee94556c35355b .codex/sessions/2025/12/06/rollout-2025-12-06T15-11-37-019af581-86ce-7d23-b9c6-0f99353d36af.jsonl
crush AgustinJimenez/llama_cpp_rs_chat de174a90ad33c8692aad693d5ffe93f75167bd0c .crush/crush.db
crush devtitus/YouTube-Transcripts-Using-Whisper 9f6f2e30555be99785a4654dc0c8e66417890d0d .crush/crush.db
crush guychenya/CrushGenResAI 6eb52ea713369510186ae6441f6b836455c75341 .crush/crush.db
crush kushwahayashh/nextjs-video b6c20eed509409923c04f9b5eb43a8071f5056d8 .crush/crush.db
crush mehulmehul1/post-scheduler-dev ba85e2628d905d37e3ed5bb5921ba32a95736490 .crush/crush.db
crush nithishbn/fit-rs 7d6337393bd31fdb2cac98f720bcae25c886bdc6 .crush/crush.db
crush rnwolf/dbr 37e2b3485d2e853a8363a9bb11372b1eda79a129 .crush/crush.db
crush stephanwesten/GoWhisper 7baee0c99780269c3bd437b0bc27b090ce6677ac .crush/crush.db
specstory AgentPhoenix7/bing-wallpaper 31586e6a3ca9b2ea1eec5a40947357466246c858 .specstory/history/2025-12-24_09-30-40Z-upgrading-java-runtime-to-version-21-lts.md
specstory AsabaRikka/ChatBot 7b3835e23e34b789c701085bb989c8d8f8baabdb .specstory/history/2026-05-05_08-06-44Z-chatgpt.md
specstory AsabaRikka/ChatBot 7b3835e23e34b789c701085bb989c8d8f8baabdb .specstory/history/2026-05-05_10-07-19Z.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
