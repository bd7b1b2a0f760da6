#!/bin/bash
# Rebuilds the FIFTH held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout5): 82 sessions with nuggets (71 files; an aider history holds several) of eight
# agent formats from 27 public repositories of 27 people, none of them in summaries-public.sh,
# summaries-heldout.sh, summaries-heldout2.sh, summaries-heldout3.sh, fixtures/summaries/public/,
# fixtures/agents/*/README*, ../shared/eval/nuggets/files.json or ../shared/eval/real-sessions/manifest.json
# (nor SudarshanVK/dotfiles, AnthonyontheHub/TP-Tutor and carollynn2253/Clauding, which hold sessions
# issue 34 quotes or seems to: its tuning set). Nothing in drill was tuned on it: its nuggets
# were written from the raw logs before drill ever ran on them, and no drill title or TLDR of them was
# read. Each line below is: agent, owner/name of a public GitHub repository, the commit to read (the
# last one that held the log), the path of the log in it, and a file name where the default would not
# do (a Cline task is told by its tasks/ID/ path; names without %-escapes). Fetch each repository
# first (the session's `fetch` tool puts it under $MIRROR/owner+name/repo, a bare git dir). Secrets
# left in the logs (an OpenAI key, a database password, a Google OAuth access token) are replaced with REDACTED as
# they are staged (redact-secrets.sh). Nuggets: fixtures/summaries/public/heldout5/nuggets-<agent>.json,
# copied as OUT/<agent>/nuggets.json, three per session ([topic, outcome, entity], each a list of
# alternatives); an entry keeps the log's own title (`agent_title`) where it has one.
# claude-code (16): committed ~/.claude (`projects/`) of five people, in Chinese (ten from one
# person's front-end work and Claude Code housekeeping), Spanish, Vietnamese and English; four carry
# an `ai-title`, two stop on an API error or a usage limit. codex (13): CODEX_HOME committed in six
# projects (Russian, English, Korean, Chinese), several of them Spec Kit command templates before the
# real request, one refused. gemini (9): saved chats of `.gemini/tmp/*/chats/` of two people
# (Portuguese, Spanish).
# qwen-code (10): `.qwen/projects/*/chats/` of one student (Russian; C++ design-pattern homework and a
# lab on a VM) and three `/chat save` checkpoints of `.qwen/tmp/` (Spanish), which drill reads as
# Gemini CLI checkpoints (agent gemini-cli). aider (16): `.aider.chat.history.md` of five people, one
# item per `# aider chat started` line (`item` is `#L<line>`; 22 items, the 6 without an entry are
# not scored: a one-word request, a start that ends on a provider error and four short later starts;
# Turkish, Indonesian, Russian, English, French). specstory (16): `.specstory/history/` of five
# people (Cursor chats, titled; English, Chinese, Japanese; old and new SpecStory headers).
# continue (1): `.continue/sessions/` (titled). cline (1): a Cline task's
# `api_conversation_history.json` committed at a repository's root (without its ui_messages.json).
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
claude-code caochitam/aos 78299f656b1aeacc873f90cf48b1b5508176ab6b .claude/projects/-root/69c9860b-0631-4413-b200-9825ab8e038a.jsonl
claude-code 886caigudong/caigudong- 9d7335ec1ba67383c3d80383745b3d3084bc38c0 .claude/projects/E--Git/a7398fdb-239b-46f3-b0b9-95fd4bde0f9a.jsonl
claude-code 886caigudong/caigudong- 9d7335ec1ba67383c3d80383745b3d3084bc38c0 .claude/projects/E--Git/2493c868-a838-4f0a-af14-f9320a08e5f2.jsonl
claude-code 886caigudong/caigudong- 9d7335ec1ba67383c3d80383745b3d3084bc38c0 .claude/projects/E--Git/c34385a8-fe91-497d-a70e-e50f23584f0e.jsonl
codex Gordondalos/mail-agent 212578af0448b42efc22a23eda71bde923dd2daf .codex/sessions/2025/10/25/rollout-2025-10-25T00-30-12-019a177c-49e7-7602-92e4-570ab0816b6e.jsonl
codex Gordondalos/mail-agent 2a0b1f4048daceab6c2322271bea59b613871fe4 .codex/sessions/2025/10/25/rollout-2025-10-25T01-25-22-019a17ae-caf0-76a3-8372-3b0a8116c06e.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T11-06-34-019ae3ad-90e8-7491-9992-10e9fefe1847.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T12-10-49-019ae3e8-638b-7133-9d2e-a98137e5ade6.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T12-46-02-019ae408-a0d6-7dc0-9e50-bf20ac5120f8.jsonl
codex MaksimKravchuk/brain_buddy 0ac0f8947fec7ded800d38f90b2761724fcb27c3 .codex/sessions/2025/12/03/rollout-2025-12-03T13-00-01-019ae415-6fca-77e2-a02f-b10c2f198a93.jsonl
codex MaksimKravchuk/brain_buddy ef721e373663aff0ed56454dc777f539ac5c7f60 .codex/sessions/2025/12/03/rollout-2025-12-03T13-16-57-019ae424-f229-7e90-95db-5b45025b4216.jsonl
codex MaksimKravchuk/brain_buddy 8016fea462558170f55fc4f955f9db4000a246aa .codex/sessions/2025/12/03/rollout-2025-12-03T17-29-44-019ae50c-5e53-7562-b61f-ff3b8f7cf8e6.jsonl
codex che-yjwj/platform_architect 390c3080a41e73d45f81458c50d74775017eeb0d .codex/sessions/2026/03/04/rollout-2026-03-04T13-09-38-019cb8f7-e16d-7520-98a8-5c6b5df912aa.jsonl
codex DimiCheck/dimicheck4 9e044609e07d96312b31f5b8a98714f2bf1f59e4 .codex/sessions/2026/03/23/rollout-2026-03-23T17-24-31-019d19cb-ada7-76c3-89ac-d5e596fdb68d.jsonl
codex Fegor/Basic-Rootkit 6e1ea872cde55f42da12c4ba27d3da153762b1ed .codex/sessions/2025/11/11/rollout-2025-11-11T16-27-25-019a7206-e2ca-7fc3-be05-5a768efe7dd0.jsonl
codex augustoFranke/Ta-la c9e2a9182a1fdd8dc3ad0bd0543d800e117b10b8 .codex/sessions/2026/02/19/rollout-2026-02-19T16-22-23-019c7791-67ff-7f13-8f10-a679139612e9.jsonl
codex augustoFranke/Ta-la c9e2a9182a1fdd8dc3ad0bd0543d800e117b10b8 .codex/sessions/2026/02/19/rollout-2026-02-19T19-25-54-019c7839-6a76-7c40-a251-e6cfb9f1bbfc.jsonl
gemini LoouisFelipe/BarDoLoouis e9f87ce228fd73b7c1f9b23360af0ffde2b1377c .gemini/tmp/louisfelipecabral/chats/session-2026-03-02T08-21-5ceb6dff.json
gemini LoouisFelipe/BarDoLoouis e9f87ce228fd73b7c1f9b23360af0ffde2b1377c .gemini/tmp/louisfelipecabral/chats/session-2026-03-02T10-13-86e842e7.json
gemini LoouisFelipe/BarDoLoouis e9f87ce228fd73b7c1f9b23360af0ffde2b1377c .gemini/tmp/louisfelipecabral/chats/session-2026-03-04T04-08-9769b8ab.json
gemini LoouisFelipe/BarDoLoouis e9f87ce228fd73b7c1f9b23360af0ffde2b1377c .gemini/tmp/louisfelipecabral/chats/session-2026-03-05T04-21-7023c83b.json
gemini FabianLobosMendoza/Autos ed2ce3c9715ef6797c5713363871b9190d14a14f .gemini/tmp/222bdf945547df3ce372e37e7d0a9ac2c73bf585b5f451b50aef6b1cf0e503b5/chats/session-2025-11-12T15-47-a3f7a572.json
gemini FabianLobosMendoza/Autos ed2ce3c9715ef6797c5713363871b9190d14a14f .gemini/tmp/222bdf945547df3ce372e37e7d0a9ac2c73bf585b5f451b50aef6b1cf0e503b5/chats/session-2025-11-12T16-16-dd01e1f3.json
gemini FabianLobosMendoza/Autos ed2ce3c9715ef6797c5713363871b9190d14a14f .gemini/tmp/222bdf945547df3ce372e37e7d0a9ac2c73bf585b5f451b50aef6b1cf0e503b5/chats/session-2025-11-18T18-02-97c6369c.json
gemini FabianLobosMendoza/Autos ed2ce3c9715ef6797c5713363871b9190d14a14f .gemini/tmp/c976ed434d53940ab51aea128f01664b14a22b174256cc50deecf0d25f6292b8/chats/session-2025-11-18T18-21-ea26f4b7.json
gemini FabianLobosMendoza/Autos ed2ce3c9715ef6797c5713363871b9190d14a14f .gemini/tmp/f2be661e78ca7fe1b38432bab73e6fb3a82263578923671fc01db3caaf25c82e/chats/session-2025-11-18T20-20-488bbbbb.json
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/200f4d45-640b-41da-91d1-abf609315818.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/6af11f56-0827-497c-b897-6069305c5126.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/7b2fb554-a2c6-45a5-a388-81aa40d27060.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/5fc92044-a5a5-47ee-9625-c63f8a0ae7c8.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/6dee41c2-cbb8-49da-aefb-2251b3b44943.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/ec07d8a8-8afa-4838-8d48-064bcd8e808a.jsonl
qwen-code kamillayarullina/hockeyscrapper 075de8dd6277bfa92fd71c6ca1e185391d14f858 .qwen/projects/c--users-user-se-toolkit-lab-8/chats/596e5cb4-5eab-4ebe-a15e-cb0514e15e4b.jsonl
qwen-code cercaniaWeb/racompospro b551956377bd441ce70a3024272e1f199f4b5763 .qwen/tmp/0481e01c9b6eb3e389881ce65c816c07437139a8c8e635780991c49baed8019f/checkpoint-config-zellij.json
qwen-code cercaniaWeb/racompospro b551956377bd441ce70a3024272e1f199f4b5763 .qwen/tmp/0481e01c9b6eb3e389881ce65c816c07437139a8c8e635780991c49baed8019f/checkpoint-configuraciones%20zellij.json racompospro.checkpoint-configuraciones-zellij.json
qwen-code cercaniaWeb/racompospro b551956377bd441ce70a3024272e1f199f4b5763 .qwen/tmp/bf7567febc917de1e7851384075464465a6cd6c88bf05d13e2095e4425d9c48a/checkpoint-%22auto-save%20chat%202025-11-12T01-59-48-360Z%22.json racompospro.checkpoint-auto-save-chat-2025-11-12.json
aider 0anes0/verilog_simulasyonu-LSFL- 1ce150ab8adaca1286020b6bae247aeb448f0af3 .aider.chat.history.md
aider Andregit93/kasir-kite-app 13815c320384b8ae013b4b0cd990e33102bab477 .aider.chat.history.md
aider Adilveis81/burabay-website 574e4acd9ea41fcdeb77ce2879405b18187a3faf .aider.chat.history.md
aider AndreasDebel/HaaV-CatalogService 580e3461dc57df011b992d96ea3494054a83547c .aider.chat.history.md
aider AntoBel4/expert-local-v2 0c743f50873ba5f069d7008df1cb5bd0e8f99cad .aider.chat.history.md
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
specstory closup/process-xbrl 8eda6aa26fb04117f93bfb402fcfd35fcb159f48 .specstory/history/resolving-typescript-process-error.md
specstory closup/process-xbrl 8eda6aa26fb04117f93bfb402fcfd35fcb159f48 .specstory/history/styling-the-title-with-gradient-text.md
specstory closup/process-xbrl 8eda6aa26fb04117f93bfb402fcfd35fcb159f48 .specstory/history/identifying-dependencies-for-notices-txt.md
specstory zchdoc/shadcn-ui-sidebar-08-admin-dev d5957695fd8c9ba05187655ea86f11ae7456ca0c .specstory/history/bookmark-sidebar-ui-display-issue.md
specstory zchdoc/shadcn-ui-sidebar-08-admin-dev ba6b22cf519e717723699a03a493c69c1247ec9e .specstory/history/image-aspect-ratio-warning-solution.md
specstory ahostwin/shellbale 0f9de4281f817a4e368df8eeee4bdc91a737893b .specstory/history/2025-04-21_23-35-go-program-for-shell-script-generation.md
continue Offren/RSS-aggregator-Xpath-scraper 3731867e30d90d92f938ef10d2ccd5fa7aed74ad .continue/sessions/a4c6ffaf-bc9d-498a-8404-31a1872bd2ec.json
cline mike4567/MRA04242026 764491384379e43f9b25ab332f4d000b7727788b api_conversation_history.json tasks/MRA04242026/api_conversation_history.json
LIST
bash "$HERE/bench/eval/redact-secrets.sh" "$OUT"
exit 0
