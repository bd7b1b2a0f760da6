#!/bin/bash
# Rebuilds the EIGHTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout8set): 52 sessions with nuggets (49 files; an aider history holds several) of five
# agent formats from 31 public repositories of 31 people, none of them (and no owner of them) in
# bench/eval/summaries-*.sh, real-sessions.sh, fixtures/**/README*, ../shared/eval/nuggets/files.json or
# ../shared/eval/real-sessions/manifest.json, comments included (SudarshanVK/dotfiles and
# carollynn2253/Clauding, which issue 34 quotes, and brexp/infra, left out of held-out 2, were dropped
# for that). Nothing in drill was tuned on it: its nuggets were written from the raw logs before drill
# ever ran on them, and no drill title or TLDR of them was read before they were committed. Each line
# below is: agent, owner/name of a public GitHub repository, the commit to read (the last one that
# held the log), the path of the log in it. Fetch each repository first (the session's `fetch` tool
# puts it under $MIRROR/owner+name/repo, a bare git dir). Secrets left in the logs (Postgres URL
# passwords, WebSocket `token=` parameters, an n8n admin password set as `export ADMIN_PASS="…"`,
# which redact-secrets.sh now knows, and as N8N_BASIC_AUTH_PASSWORD) are replaced with REDACTED as
# they are staged (redact-secrets.sh). Nuggets: fixtures/summaries/public/heldout8/nuggets-<agent>.json, copied as
# OUT/<agent>/nuggets.json, three per session ([topic, outcome, entity], each a list of
# alternatives); an entry keeps the log's own title (`agent_title`) where it has one.
# claude-code (9): committed ~/.claude (`projects/`) of five people: Chinese (a platform push with
# WeChat OAuth after a run of `/mobile` commands, its own `summary` title among ninety that name other
# sessions; Whisper for all users and a sync-work skill's scope; weather.py made Python 3.6
# compatible), English (an agents.yaml swarm whose only `summary` names another session; questions on
# agents that end at the session limit; two automated Gas Town sessions, a witness patrol and a boot
# triage, each with an in-file `summary` title) and Thai (a chart schema from monthly sales, n8n with
# UFW and Caddy on a server). codex (17): CODEX_HOME committed in twelve projects, English: Spec Kit
# constitutions and specs (a card game's rulebook, a trading bot, a travel site ended by a React
# duplicate-key fix, an ideavault that cannot be pushed, a plan amended to v1.2.0), a poker site
# three times (plan to tasks, a Keycloak demo2 user, the rules of raising), BMAD personas (sprint
# planning, an unimplemented *audit-docs, a workflow-init that names the product Xentri, documents
# aligned, an AGENTS.md), Chrome MCP installed and tested, a Ways-of-Work page's layout, and a Phoenix
# changeset asked for at the end of an 18,000-character guidelines prompt. gemini (2): one
# `.jsonl` chat (English: Windows installer commands refused on Linux, then gcloud questions) and one
# `.json` chat (Russian: a Firebase and Cloud Run deploy that keeps failing). specstory (18):
# `.specstory/history/` of nine people, every file titled by its header: Spanish (a word game's
# delete button and lost commits; an invoice error from a stored procedure, a balance column removed,
# an order form styled like invoices under the title "Chat name generation instructions"), French
# (ISO 27001, OPML import/export), Chinese (a Chainlit avatar, a purple icon, SVG icons for dark
# mode), English (three web-design edits, a Business Central extension over 49 requests, a Telegram
# bot's pipeline, facts and a locked SQLite database, a p5.js painting app's rotate functions and a
# textGetter error). aider (6): `.aider.chat.history.md` of three people, one item per `# aider chat
# started` line (`item` is `#L<line>`): three landing-page edits, two debugging requests answered only
# by provider errors (no provider, a model past its end of life), and a hello answered in Japanese.
set -euo pipefail
OUT=${1:-/work/data/heldout8set}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout8" <<'LIST'
aider AlosMarkets/myproject 07dd3386cc9425d6ff42c84b3ce4cbaa0bfd959b .aider.chat.history.md
aider Awides/thoth d1fe7912f43f46b8a06826e2bc7defedcb5f0267 .aider.chat.history.md
aider 37designfk/37design-astro-site 463d25f9dee7ebe88df04fe0e237e7f8b58fe7a1 .aider.chat.history.md
claude-code aistrad/work ece61bc6b5d4c7293dd8d07da79d9f8225809d60 .claude/projects/-home-aiscend-work-vibelife/084ba98d-edf6-4f9a-be93-d16d5f765cc2.jsonl
claude-code aistrad/work ece61bc6b5d4c7293dd8d07da79d9f8225809d60 .claude/projects/-home-aiscend-work-docs/4291f85f-91f3-438c-bae8-50625b3dd674.jsonl
claude-code InvictusAutomation/oc-admin-home-shared 1ea89dff2f7899e5f05138f941097e8834575353 .claude/projects/-home-admin--openclaw-workspace/60fb5583-aec8-4f3e-a91f-350dd453e609.jsonl
claude-code gouchan/agent-swarm-config 09df22b568176451a9945681f9b2f8f877344510 .claude/projects/-Users-robinsonchan/bdc6842b-5fce-422b-8644-c62e32c34900.jsonl
claude-code gouchan/agent-swarm-config 09df22b568176451a9945681f9b2f8f877344510 .claude/projects/-Users-robinsonchan/f30f7044-51d0-4948-83a1-85aba848e746.jsonl
claude-code R3zil/duck_town ad38f6668ec92d72437dd85ab3e098a0b885f096 .claude/projects/-home-gastown-gt-Conducktor-rig-witness/3507f1c9-64fd-4129-ac3f-af0e0cdbe7b4.jsonl
claude-code R3zil/duck_town ad38f6668ec92d72437dd85ab3e098a0b885f096 .claude/projects/-home-gastown-gt-deacon-dogs-boot/df0f2803-ce57-403d-add5-cd141ea41766.jsonl
claude-code bowbozaa/Ai-FBPostchecker888 626e3428ed3d776cabef2b1adb7977c18cc8ac19 .claude/projects/-home-bankstartup2025/421bdaab-5475-4ba2-96f9-0268b8e1b697.jsonl
claude-code bowbozaa/Ai-FBPostchecker888 626e3428ed3d776cabef2b1adb7977c18cc8ac19 .claude/projects/-home-bankstartup2025/83d2b15a-9a5c-4cab-9524-a1866eb9005d.jsonl
codex IsaacIndex/qna-data-dashboard a4322b2f80f11f98681c2b1db7e29c4c189d7288 .codex/sessions/2025/10/20/rollout-2025-10-20T18-37-52-019a0132-695f-78d0-b253-7059e96d3e64.jsonl
codex MikeLockz/el-dorado-tanstack cd08d77eee12da1b47dc3a63283e09bc5b6e6f97 .codex/sessions/2025/11/12/rollout-2025-11-12T22-48-58-019a7bc2-8a27-7480-a82e-58cdf1144cd3.jsonl
codex MikeLockz/el-dorado-tanstack cd08d77eee12da1b47dc3a63283e09bc5b6e6f97 .codex/sessions/2025/11/13/rollout-2025-11-13T20-44-28-019a8076-eb65-7f13-8cca-ad8a91533801.jsonl
codex OhmChannachot/spec-kit-ohm 62aadaa5ab0834d48dcc04a11380fb7179a3a7a9 .codex/sessions/2025/12/25/rollout-2025-12-25T17-36-59-019b5515-53c1-7e42-b72d-b402ee644d32.jsonl
codex PantherianCodeX/udocket.com dbaea58f657c677933e131cff755117a97e8893b .codex/sessions/2025/11/13/rollout-2025-11-13T20-34-46-019a806e-0b39-7043-90ac-24bab2a6e202.jsonl
codex SproutSeeds/coda e84c4bb72033a18f95679cd2ab2616a92fbdbee0 .codex/sessions/2025/10/04/rollout-2025-10-04T22-31-15-0199b26c-737a-71a2-9939-52ce68c95cbe.jsonl
codex WarrickSmith/WS-Portfolio-New ab0b2faed0f26a7d86336e6c4ec2a52b70bc5afd .codex/sessions/2026/03/31/rollout-2026-03-31T14-14-38-019d4174-faae-78d0-a733-b80db6332893.jsonl
codex atharva-sardar02/ad-mint-ai ed8beaea0da780b8235929222ce783fb81cbc24c .codex/sessions/2025/11/20/rollout-2025-11-20T17-56-03-019aa3b2-51e5-7ea2-a176-aa451fc0f63c.jsonl
codex benandfrank/galileo-framework-ways-of-work d019a03042083c1da3e1ed0378ccfc1fad035f77 .codex/sessions/2025/12/04/rollout-2025-12-04T23-38-00-019aeb83-e515-7183-b58f-93c69dd05578.jsonl
codex blubber/dotfiles 73793cffb680404a27d14996309d5b118d8d0ec8 .codex/sessions/2026/02/11/rollout-2026-02-11T12-15-04-019c4c69-71b3-78d3-9cab-ef811cc261a7.jsonl
codex bricerising/specify-poker 3badb09f4522df305c1e61f3a3ea9ccdc7ca6d7f .codex/sessions/2026/01/09/rollout-2026-01-09T08-29-11-019ba2f2-5f36-7eb1-a791-e8b7d5a45da1.jsonl
codex bricerising/specify-poker 931f9701ee9c595432039e2a27d0eb6db72bffc8 .codex/sessions/2026/01/09/rollout-2026-01-09T16-14-25-019ba49c-4c69-7f63-b813-9c4f0bf232cf.jsonl
codex bricerising/specify-poker 7f99ef91e747f08fec6ef30f3be6c8d96264845b .codex/sessions/2026/01/09/rollout-2026-01-09T14-38-37-019ba444-9882-7980-a307-769cf7d95007.jsonl
codex bumpy-croc/ai-trading-bot 95a3ee32ca667f256e6562c8c5203635dab4bca4 .codex/sessions/2025/10/14/rollout-2025-10-14T22-34-26-0199e4a5-5b78-78f2-b041-6b876f71fdab.jsonl
codex carlo-spada/xentri 2a80e521d1bc5c6ded2d8c9167b87e0b42f37ecb .codex/sessions/2025/11/24/rollout-2025-11-24T22-27-44-019ab944-7a1d-7583-b7fd-f9b439c75008.jsonl
codex carlo-spada/xentri 21c7deda59d1d5ad847eb4ce82111bbd69500cef .agents/.codex/sessions/2025/11/25/rollout-2025-11-25T17-10-08-019abd48-1432-74b1-a33a-a842a79a6f8b.jsonl
codex carlo-spada/xentri 7b1b617599f0bfb6c9736ba2dec2346c1b49b2bb .codex/sessions/2025/11/24/rollout-2025-11-24T17-58-42-019ab84e-2bcc-70c2-a0c7-9ef829237de4.jsonl
gemini Nicksakaraw/damini-ai e34c7e7bab75279bac09b13f50272b183c1bfd9a .gemini/tmp/m09-tapan/chats/session-2026-05-19T04-27-aacdfa4e.jsonl
gemini davidbuadze/david bc56ad832ad440762517769f6832ede1f50efafa .gemini/tmp/6cdf7df2bf65c530c884e19f091c5e366f3f7eb98d92602ca33ff99e95ca4741/chats/session-2025-09-18T10-54-b6122fc5.json
specstory gerSanzag/EnglishGame 1d69ccd3cd576910b4d2b6d7c5db0f3b2c8a163d .specstory/history/2025-10-27_21-08Z-desarrollo-de-la-dinamica-de-juego.md
specstory Tre-Seibert/FishtownWebDesign e41f3ced6f47e9a5b2907cc4b9611e141f6588c4 .specstory/history/2026-02-06_01-27Z-venue-web-design-blue-background.md
specstory Tre-Seibert/FishtownWebDesign e41f3ced6f47e9a5b2907cc4b9611e141f6588c4 .specstory/history/2026-02-06_02-03Z-onboarding-button-for-contract-page.md
specstory Tre-Seibert/FishtownWebDesign e41f3ced6f47e9a5b2907cc4b9611e141f6588c4 .specstory/history/2026-02-06_02-22Z-horizontal-scroll-on-contract-page.md
specstory funnysubaru/Yuichat 693d992d73128e451e1d7b987f33d934d8c4ad72 .specstory/history/2026-01-19_10-25-chainlit-restart.md
specstory funnysubaru/Yuichat 693d992d73128e451e1d7b987f33d934d8c4ad72 .specstory/history/2026-01-19_08-19-yui-purple-color-replacement.md
specstory guthubrx/bigmind b0f46e65ca806140f951f7c49273f6e50b988141 .specstory/history/2025-09-25_12-12Z-obtenir-la-certification-iso-27001.md
specstory guthubrx/bigmind b0f46e65ca806140f951f7c49273f6e50b988141 .specstory/history/2025-10-01_08-07+0200-qu-est-ce-que-le-format-opm-l.md
specstory diegofal/dialfa-sales ccb2198524d87636789cc89033c37f85e5614f74 .specstory/history/2025-12-19_11-06Z-columna-saldo-en-clientes.md
specstory diegofal/dialfa-sales ccb2198524d87636789cc89033c37f85e5614f74 .specstory/history/2025-12-23_20-09Z-chat-name-generation-instructions.md
specstory diegofal/dialfa-sales ccb2198524d87636789cc89033c37f85e5614f74 .specstory/history/2025-12-23_21-17Z-error-al-guardar-factura.md
specstory Hornsyld/economic-bc-connector 1ead8c103bd1c80781032b6c44724aad96b9b385 .specstory/history/2025-10-02_15-30Z-defining-strategic-questions-for-business-central-extension.md
specstory ThatHunky/gryag 633e53ba95ef3fc1df1024914633efa91c7d1260 .specstory/history/2025-10-25_11-21Z-database-locking-issue-and-proposed-solution.md
specstory ThatHunky/gryag ae68e4efcd0d1714037ddd74d499874041aa166b .specstory/history/2025-10-16_20-18Z-analysis-of-facts-and-episodic-logic-issues.md
specstory ThatHunky/gryag febb9afb3b58d180ffe2312a2828766a534827f4 .specstory/history/2025-10-06_06-33Z-chat-processing-pipeline-overview.md
specstory luojinan/lifeblog 2305326d7fab45bae1fae1db7f1f2486d41096a7 .specstory/history/2025-04-06_12-46-svg-icons-theme-adaptation.md
specstory MichaelPaulukonis/polychrome.p5 f4859f36b533f18b62dc71d7e988663b3aab1925 .specstory/history/2025-06-18_04-39Z-please-review-the-roate-functions-including,-but.md
specstory MichaelPaulukonis/polychrome.p5 f4859f36b533f18b62dc71d7e988663b3aab1925 .specstory/history/2025-06-21_03-13Z-having-an-error-with-the-drawing-utils-textgetter.md
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
