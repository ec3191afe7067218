#!/usr/bin/env bash
# The user's alternative to the action: a shell client for one RSA-mode task detail, in the platform's
# documented form (GET /api/task/deployment/detail?task_id=N), signed as the action signs it (path and
# query LF version LF timestamp LF token LF body, RSA-SHA256, PKCS#1 v1.5, Base64).
# Environment: BASE_URL, TOKEN, PRIVATE_KEY_FILE, CA_FILE, TASK_ID.
set -euo pipefail
: "${BASE_URL:?}" "${TOKEN:?}" "${PRIVATE_KEY_FILE:?}" "${CA_FILE:?}" "${TASK_ID:?}"

target="/api/task/deployment/detail?task_id=${TASK_ID}"
version=1.0.0
timestamp=$(date +%s%3N)
sign_str=$(printf '%s\n%s\n%s\n%s\n%s' "$target" "$version" "$timestamp" "$TOKEN" "" |
  openssl dgst -sha256 -sign "$PRIVATE_KEY_FILE" | base64 -w0)
answer=$(curl -sS --fail --cacert "$CA_FILE" "$BASE_URL$target" \
  -H "token: $TOKEN" -H "version: $version" -H "timestamp: $timestamp" \
  -H 'Content-Type: application/json' -H "sign_str: $sign_str")
case "$answer" in
  *'"code":"0000"'*) ;;
  *) echo "detail.sh: $answer" >&2; exit 1 ;;
esac
