#!/usr/bin/env bash
# A faithful shell client for one RSA-mode task detail: the same signed request the action sends
# (spec 5.2: path LF version LF timestamp LF token LF body, RSA-SHA256, PKCS#1 v1.5, Base64).
# Environment: BASE_URL, TOKEN, PRIVATE_KEY_FILE, CA_FILE, TASK_ID.
set -euo pipefail
: "${BASE_URL:?}" "${TOKEN:?}" "${PRIVATE_KEY_FILE:?}" "${CA_FILE:?}" "${TASK_ID:?}"

path=/api/deployment/task/detail
version=1.0.0
body="{\"task_id\":${TASK_ID}}"
timestamp=$(date +%s%3N)
sign_str=$(printf '%s\n%s\n%s\n%s\n%s' "$path" "$version" "$timestamp" "$TOKEN" "$body" |
  openssl dgst -sha256 -sign "$PRIVATE_KEY_FILE" | base64 -w0)
answer=$(curl -sS --fail --cacert "$CA_FILE" -X POST "$BASE_URL$path" \
  -H "token: $TOKEN" -H "version: $version" -H "timestamp: $timestamp" \
  -H 'Content-Type: application/json' -H "sign_str: $sign_str" --data-binary "$body")
case "$answer" in
  *'"code":"0000"'*) ;;
  *) echo "detail.sh: $answer" >&2; exit 1 ;;
esac
