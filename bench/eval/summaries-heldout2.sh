#!/bin/bash
# Rebuilds the SECOND held-out session set of `npm run eval -- summaries` into OUT (default
# /work/data/heldout2): one folder per agent, none of its repositories in summaries-public.sh or
# summaries-heldout.sh, and nothing in drill tuned on it (its nuggets were written from the raw logs
# before drill was ever run on them). Each line below is: agent, owner/name of a public GitHub
# repository, the commit to read (HEAD, or the last commit that held the log when a later one
# deleted it), the path of a session log in it. Fetch each repository first (the session's `fetch`
# tool puts it under $MIRROR/owner+name/repo, a bare git dir). Cursor exports are read by the search
# index's file id (the index names no repository for them): `read_file id=<id>`, saved exactly as
# cursor/<id>.md (ids 5378506872, 55405413016, 39084331245, 58674560812, 43897682302; found with find_string "from Cursor (2.2" /
# "(2.3" / "(1.3" / "(2.4"; lengths checked against total_chars). Nuggets:
# fixtures/summaries/public/heldout2/nuggets-<agent>.json, copied as OUT/<agent>/nuggets.json.
# claude-code: real Claude Code sessions from five people's committed ~/.claude (`projects/`); all but the
# two Damon-Salvetore ones carry the agent's own title (`ai-title`; a `custom-title`; borja-rojo-ilvento:
# a `summary` whose leafUuid is in the file).
# gemini: real Gemini CLI chats from two people's committed ~/.gemini (`tmp/<project>/chats/`), none with the CLI's `summary`
# (brexp/infra left out: billing and credentials; 7567491/ren: an API key in a tool result).
# codex: real Codex CLI rollouts committed with CODEX_HOME in the repo (do not read `.codex/auth.json`);
# none carries a `thread_name_updated` title.
# aider: `.aider.chat.history.md`, one item per `# aider chat started` line (empty starts get no nuggets).
set -euo pipefail
OUT=${1:-/work/data/heldout2}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT/cursor" # the Cursor exports themselves are saved by hand from `read_file id=<id>`
bash "$HERE/bench/eval/sessions-from-list.sh" "$OUT" "$HERE/fixtures/summaries/public/heldout2" <<'LIST'
claude-code KaceyBui/Claude-global-test HEAD projects/-Users-akatsukijin-Desktop-Meup-claude/991d40d9-cc12-4b19-8f60-31bdac1b2b37.jsonl
claude-code KaceyBui/Claude-global-test HEAD projects/-Users-akatsukijin-Desktop-Meup-claude/c22d4951-8601-430d-b187-d52623c2b50d.jsonl
claude-code KaceyBui/Claude-global-test HEAD projects/-Users-akatsukijin-Downloads-bussiness-template-main/d7efaa79-40ce-4fc4-a23d-d744ffddfaca.jsonl
claude-code KaceyBui/Claude-global-test HEAD projects/-Users-akatsukijin-Desktop-gitlearn/cf400a9d-bb37-48b7-849c-3f15cc5b7015.jsonl
claude-code KaceyBui/Claude-global-test HEAD projects/-Users-akatsukijin--claude/19a51d1b-12a8-4a21-8633-5df5f2562462.jsonl
claude-code KaceyBui/Claude-global-test HEAD projects/-Users-akatsukijin-Downloads-bussiness-template-main/608ef708-f0ad-4a24-8590-d531b13c9048.jsonl
claude-code Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .claude/projects/-Users-xuwentao-Projects-tele-paas-controller/f8f80429-8398-46a9-a8aa-05543b114478.jsonl
claude-code Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .claude/projects/-Users-xuwentao-Projects-tele-tap-edu-backend/995e76d3-7760-49f1-a8b7-9a806038cd27.jsonl
claude-code Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .claude/projects/-Users-xuwentao-Projects-tele-tap-edu-backend/e2e4f7f7-0e2a-443b-a3ca-f6f7956cbc06.jsonl
claude-code Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .claude/projects/-Users-xuwentao-Projects-tele-tap-front/270fa495-f13a-48c7-b6cc-2b43ac8150ee.jsonl
claude-code Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .claude/projects/-Users-xuwentao-Projects-tele-tap-front/8abe8dd8-11af-4450-b04b-0163a40f93a8.jsonl
claude-code Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .claude/projects/-Users-xuwentao-Projects-tele-tap-front/b23883a8-3ff5-47ba-a2b9-d1b710b77d8d.jsonl
claude-code Damon-Salvetore/claude-code f6ae7134139255a4588e0ac32e23feaac5213228 projects/-home-yingbohao/b700b6d7-3daa-43ab-9feb-82dcad20d8ea.jsonl
claude-code Damon-Salvetore/claude-code 2215aab4e128ee1524a9a7dbc3088a41da35e15f projects/-home-yingbohao/302863af-e0a0-4488-8928-7f132c701fae.jsonl
claude-code JamesTiberiusKirk/dotsv2 c4267e011b9fefb19bcf4f50e7a3e1281b354495 .claude/projects/-Users-dumitruvulpe/1a5c053d-93d1-424d-83b3-38f0740de190.jsonl
claude-code JamesTiberiusKirk/dotsv2 c4267e011b9fefb19bcf4f50e7a3e1281b354495 .claude/projects/-Users-dumitruvulpe/2ba77433-09f3-4717-9d1c-697db6b2ed3d.jsonl
claude-code JamesTiberiusKirk/dotsv2 c4267e011b9fefb19bcf4f50e7a3e1281b354495 .claude/projects/-Users-dumitruvulpe/bbcc8ddc-b6cc-49f8-9a69-2da4f470d270.jsonl
claude-code JamesTiberiusKirk/dotsv2 c4267e011b9fefb19bcf4f50e7a3e1281b354495 .claude/projects/-Users-dumitruvulpe/6772b197-adbc-48ac-aadc-2334789dc42c.jsonl
claude-code JamesTiberiusKirk/dotsv2 c4267e011b9fefb19bcf4f50e7a3e1281b354495 .claude/projects/-Users-dumitruvulpe-uw-telecom-mobile/3e06f0a0-01c0-4472-9a6d-fd578dfd119f.jsonl
claude-code borja-rojo-ilvento/dotfiles 229634138a2bac88f324ed476535b6546b73cbc1 .claude/projects/-home-brojo-system-conf/5947850d-8086-44ab-b90a-d82d08ce30f2.jsonl
claude-code borja-rojo-ilvento/dotfiles 229634138a2bac88f324ed476535b6546b73cbc1 .claude/projects/-home-brojo-system-conf/be1a2cad-38e6-434b-bde7-5790221551ad.jsonl
claude-code borja-rojo-ilvento/dotfiles 229634138a2bac88f324ed476535b6546b73cbc1 .claude/projects/-home-brojo-system-conf/7dd044dd-1e2e-41a8-b6da-ccd95b7246dd.jsonl
gemini hoon9732/devenv_vault 319ce5cc55a8dce4c0273b17ee0e18e7932321a7 .gemini/tmp/1b21c284c6bf44501770a42c135eb387a582a7743b86589b1d0af142dca99b0e/chats/session-2025-09-19T06-38-c413c9b8.json
gemini hoon9732/devenv_vault 319ce5cc55a8dce4c0273b17ee0e18e7932321a7 .gemini/tmp/4922afec48a6aa7def962fe51091816681e0674fcf818a9b9da59d1048ff882c/chats/session-2025-09-18T05-12-aefbe457.json
gemini hoon9732/devenv_vault 319ce5cc55a8dce4c0273b17ee0e18e7932321a7 .gemini/tmp/1b21c284c6bf44501770a42c135eb387a582a7743b86589b1d0af142dca99b0e/chats/session-2025-09-29T05-18-86a377fb.json
gemini hoon9732/devenv_vault 319ce5cc55a8dce4c0273b17ee0e18e7932321a7 .gemini/tmp/c32ea3822bd3a19f7bb3e6e58f12e1c641882e8cfac69a212352813d042613f9/chats/session-2025-10-02T07-29-c417fe04.json
gemini hoon9732/devenv_vault 319ce5cc55a8dce4c0273b17ee0e18e7932321a7 .gemini/tmp/c32ea3822bd3a19f7bb3e6e58f12e1c641882e8cfac69a212352813d042613f9/chats/session-2025-09-30T23-49-3d32d7b5.json
gemini KuantumQuest/MyDotFiles-HyDE ebb1f3dfdf11483bc73d17931ee8e237efcc8a8d .gemini/tmp/3e01b55cf0f7db05e67685223611854c60e1172a0d5223003df48711cf0b1d87/chats/session-2025-09-22T12-41-7bcb6ef1.json
gemini KuantumQuest/MyDotFiles-HyDE ebb1f3dfdf11483bc73d17931ee8e237efcc8a8d .gemini/tmp/b899de0d42255c1d11c5a379f129fad820c921717154dfdb21c5327c4c318d06/chats/session-2025-09-25T09-04-e2963405.json
gemini KuantumQuest/MyDotFiles-HyDE ebb1f3dfdf11483bc73d17931ee8e237efcc8a8d .gemini/tmp/b899de0d42255c1d11c5a379f129fad820c921717154dfdb21c5327c4c318d06/chats/session-2025-09-21T12-03-793e1b24.json
gemini KuantumQuest/MyDotFiles-HyDE ebb1f3dfdf11483bc73d17931ee8e237efcc8a8d .gemini/tmp/3e01b55cf0f7db05e67685223611854c60e1172a0d5223003df48711cf0b1d87/chats/session-2025-09-24T14-11-b269d5ad.json
gemini KuantumQuest/MyDotFiles-HyDE ebb1f3dfdf11483bc73d17931ee8e237efcc8a8d .gemini/tmp/b899de0d42255c1d11c5a379f129fad820c921717154dfdb21c5327c4c318d06/chats/session-2025-09-26T15-33-772cf022.json
codex Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .codex/sessions/2026/04/07/rollout-2026-04-07T23-24-08-019d688b-3b5f-72c0-8028-4a4af562b9f5.jsonl
codex Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .codex/sessions/2026/04/08/rollout-2026-04-08T22-02-46-019d6d67-1952-7e83-93ef-94497e3c15b6.jsonl
codex Xu-Wentao/dotfile ca45010dff1f1858fb6ba45b92beb34632fb3d9c .codex/sessions/2026/04/08/rollout-2026-04-08T22-18-42-019d6d75-b03d-7f83-a2c7-c3478007d5e0.jsonl
codex 493-Property-Estimator/Capstone-Test-Repo 36e8361751e016c162d8d17c23878bd0df85acfc .codex/sessions/2026/03/10/rollout-2026-03-10T16-47-20-019cd9ee-ed46-7d43-8386-4242ad7cd2f0.jsonl
codex 493-Property-Estimator/Capstone-Test-Repo 36e8361751e016c162d8d17c23878bd0df85acfc .codex/sessions/2026/03/09/rollout-2026-03-09T19-46-51-019cd56c-ed6b-7c70-b373-9b9ca784789f.jsonl
codex AaronBakerDev/knearme-platform 0033ff7da4cbe8b344f595f122d761392cadb114 .codex/sessions/2026/01/14/rollout-2026-01-14T12-43-54-019bbd9b-5ee5-7290-9bed-d94080227d3c.jsonl
codex AaronBakerDev/knearme-platform 0033ff7da4cbe8b344f595f122d761392cadb114 .codex/sessions/2025/12/31/rollout-2025-12-31T14-22-22-019b75dc-7d05-75e1-9fa9-7d47023ec98d.jsonl
codex EdofEngland/code_butler 028bbe0a85bf3ab97cac8479e359367cfa6bff57 .codex/sessions/2025/11/24/rollout-2025-11-24T13-38-49-019ab760-3d78-7fd0-9ea1-4c39e889b87b.jsonl
aider BjornNordblom/pocketflow-text2sql-gui ecff57ba2769cce8f4aeb473b40ed17008d0faeb .aider.chat.history.md
aider Abhisekpm/JobSpeak 25a5ac71d552440f7f7e330ecb8e1f487e87dd5f .aider.chat.history.md
aider AlexShchuka/mozgoslav 1f66bc9d44c5950cada7054a9581d7058caaac66 .aider.chat.history.md
LIST
exit 0
