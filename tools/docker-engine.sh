#!/usr/bin/env bash
# Makes a Docker engine and a compose command available for the deploy test, on a Debian
# machine: Debian's docker.io and docker-compose, dockerd started when none answers, and the
# base images the Dockerfile and compose file name, built from Debian packages and npm
# (tools/base-images) where no registry can be pulled from. Prints one line saying why when it
# cannot, and exits non-zero then.
set -uo pipefail
cd "$(dirname "$0")/.."

say() { echo "docker-engine: $*"; }

if ! command -v dockerd >/dev/null || ! command -v docker-compose >/dev/null; then
  say "installing docker.io and docker-compose"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq docker.io docker-compose >/dev/null ||
    { say "cannot install docker.io"; exit 1; }
fi

if ! docker info >/dev/null 2>&1; then
  say "starting dockerd"
  (dockerd >/tmp/club-dockerd.log 2>&1 &)
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { say "dockerd did not start: $(tail -1 /tmp/club-dockerd.log)"; exit 1; }
fi

# the images FROM and compose name: pulled where a registry answers, else built here
images=(node:24.21.0-bookworm-slim postgres:16-alpine nginxinc/nginx-unprivileged:1.28-alpine)
missing=0
for image in "${images[@]}"; do
  docker image inspect "$image" >/dev/null 2>&1 || timeout 60 docker pull -q "$image" >/dev/null 2>&1 || missing=1
done
if [ "$missing" = 1 ]; then
  say "building the base images from Debian packages and npm (no registry answered)"
  bash tools/base-images/build.sh >/tmp/club-base-images.log 2>&1 ||
    { say "building the base images failed: $(tail -3 /tmp/club-base-images.log)"; exit 1; }
fi
say "ready ($(docker version --format '{{.Server.Version}}' 2>/dev/null), $( (docker compose version 2>/dev/null || docker-compose version) | head -1))"
