#!/usr/bin/env bash
# Regenerates the emulator's test-only TLS material: a CA certificate and a server certificate for
# 127.0.0.1, localhost and platform.test (a reserved name that only the tests' proxy resolves), signed
# by it. The CA's private key is thrown away, so nothing else can ever be signed by a CA that a developer
# has told Node to trust (NODE_EXTRA_CA_CERTS=emulator/tls/ca.pem).
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 36500 \
  -subj "/CN=elastic-deploy-action emulator test CA (not for production)" \
  -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
  -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -keyout "$work/ca-key.pem" -out ca.pem

openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=127.0.0.1" \
  -keyout server-key.pem -out "$work/server.csr"

cat >"$work/ext.cnf" <<'CNF'
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:platform.test
CNF

openssl x509 -req -in "$work/server.csr" -CA ca.pem -CAkey "$work/ca-key.pem" -set_serial "0x$(openssl rand -hex 16)" \
  -days 36500 -sha256 -extfile "$work/ext.cnf" -out server.pem
chmod 644 ca.pem server.pem server-key.pem
