#!/bin/bash
# Replaces the secrets people leave in their committed session logs with REDACTED, in place, in
# every file under DIR: provider API keys (OpenAI, Anthropic, Google, NVIDIA, Groq, Hugging Face,
# GitHub, GitLab, AWS, Slack), Telegram bot tokens, Google OAuth access tokens (ya29., matched after
# a JSON \n escape too), JSON web tokens (also the header and payload left when a tool's boxed
# output wraps one over lines, and an encrypted one, a JWE with its key part empty: `eyJ…..iv.data.tag`), Bearer tokens, the value given to a key, secret, token,
# private key or password setting (`"apiKey": "…"`, `secret_key="…"`, `API_KEY=…`,
# `WIREGUARD_PRIVATE_KEY=…`, a variable ending in _PASS, _PASSWD, _PASSWORD, _SECRET, _TOKEN or
# _ACCESS_KEY: `export ADMIN_PASS="…"`, `ENV NEXTAUTH_SECRET=…`, `MINIO_ACCESS_KEY=…`), the
# password given to mysql on its command line (`mysql -u root -p'…'`), a sudo password told in
# prose (`the sudo password is …`), a Google key glued to the words before it (`…ですAIza…`),
# a 32-hex `"key"` (the API key of Radarr, Sonarr and the like), a base64 value of 32 characters or
# more given to `secret:` (a JWT signing key in a Spring `application.yml`), the
# password of a `scheme://user:password@host` URL (an @ in the password included), the signature or token parameters of
# presigned URLs (Discord's attachment `hm` among them) and the cookies (`name=value…`) of a
# pasted request (`curl … -b '…'`, `Cookie:`).
# Quotes and backslashes end a match, so a JSON file stays valid JSON (an empty `X_SECRET=` followed by
# a JSON \n escape is left as it is, not taken for a value). An SQLite database (an agent's
# store, e.g. Crush's crush.db) is redacted value by value by redact-sqlite.mjs with the same
# program, so it stays a sound database; its -wal and -shm are left to it.
# Usage: redact-secrets.sh DIR
set -euo pipefail
DIR=$1
PROGRAM='
	s/\b(?:sk-(?:proj-|ant-(?:api\d\d-)?|svcacct-)?[A-Za-z0-9_-]{20,})/REDACTED/g;
	s/(?<![0-9A-Za-z_-])AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/REDACTED/g;
	s/ya29\.[0-9A-Za-z_-]{20,}/REDACTED/g;
	s/\bnvapi-[A-Za-z0-9_-]{30,}/REDACTED/g;
	s/\b(?:gsk_[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{30,}|glpat-[A-Za-z0-9_-]{20,})/REDACTED/g;
	s/\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/REDACTED/g;
	s/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/REDACTED/g;
	s/\bxox[abprs]-[A-Za-z0-9-]{10,}/REDACTED/g;
	s/\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/REDACTED/g;
	s/\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/REDACTED/g;
	s/\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/REDACTED/g;
	s/\beyJ[A-Za-z0-9_-]{10,}\.\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}(?:\.[A-Za-z0-9_-]+)?/REDACTED/g;
	s/(\bsudo password is\s+)[^\s"\x27\\,.;]{2,}/$1REDACTED/gi;
	s/(Bearer\s+)[A-Za-z0-9._~+\/-]{20,}=*/$1REDACTED/g;
	s/((?:api[_-]?key|secret[_-]?key|private[_-]?key|access[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|password)\\?["\x27]?\s*[:=]\s*\\?["\x27])[^"\x27\\\s]{12,}/$1REDACTED/gi;
	s/((?:api[_-]?key|secret[_-]?key|private[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|password)=)[^\s"\x27\\&]{16,}/$1REDACTED/gi;
	s/((?:(?<=\\[nrt])|\b)[A-Z][A-Z0-9_]*_(?:PASS(?:WD|WORD)?|SECRET|TOKEN|ACCESS_KEY)=(?:\\?["\x27])?)(?![\$\x27"\\])[^"\x27\\\s]{6,}/$1REDACTED/g;
	s/((?:(?<=\\[nrt])|\b)mysql\w*\s(?:(?!\\n)[^\n;|&])*?\s-p)(\\?\x27)[^\x27\\\s]{3,}(?=\\?\x27)/$1$2REDACTED/g;
	s/((?:(?<=\\[nrt])|\b)mysql\w*\s(?:(?!\\n)[^\n;|&])*?\s-p)(?=[^\s\x27"\\])[^\s"\x27\\;|&]{3,}/$1REDACTED/g;
	s/(\\?["\x27]key\\?["\x27]\s*:\s*\\?["\x27])[0-9a-f]{32}\b/$1REDACTED/gi;
	s/(\bsecret\\?["\x27]?\s*:\s*\\?["\x27]?)[A-Za-z0-9+\/_-]{32,}={0,2}/$1REDACTED/gi;
	s{(://[A-Za-z0-9._%-]+:)[^\s"\x27\\/{}]+\@(?=[A-Za-z0-9][A-Za-z0-9.-]*(?::\d+)?(?:[/\s"\x27\\?#]|$))}{$1REDACTED\@}g;
	s/((?:\s-b|--cookie)\s+\\?["\x27])[^"\x27\\\s=;]+=[^"\x27\\]{8,}/$1REDACTED/g;
	s/(\b[Cc]ookie:\s*)[^"\x27\\\s=;]+=[^"\x27\\\n]{8,}/$1REDACTED/g;
	s/([?&](?:X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|Signature|sig|token|access_token|key|kcd|hm)=)[^&\s"\x27\\]+/$1REDACTED/gi;
'
is_sqlite() { [[ "$(head -c 15 "$1" 2>/dev/null | tr -d '\0')" == "SQLite format 3" ]]; }
texts=() dbs=()
while IFS= read -r -d '' file; do
	if is_sqlite "$file"; then dbs+=("$file")
	elif [[ "$file" =~ -(wal|shm)$ ]] && is_sqlite "${file%-*}"; then continue
	else texts+=("$file"); fi
done < <(find "$DIR" -type f ! -name nuggets.json -print0)
if (( ${#texts[@]} > 0 )); then printf '%s\0' "${texts[@]}" | xargs -0 -r perl -CSD -pi -e "$PROGRAM"; fi
for db in "${dbs[@]}"; do REDACT_PROGRAM="$PROGRAM" node "$(dirname "$0")/redact-sqlite.mjs" "$db"; done
exit 0
