#!/usr/bin/env bash
# Backup and restore of the compose deployment (docs/deploy.md): PostgreSQL as a pg_dump archive
# and the uploads volume (product photos) as a tar file, side by side in one folder.
#
#   scripts/compose-backup.sh backup  DIR    while the stack runs
#   scripts/compose-backup.sh restore DIR    into this project's volumes, fresh or not
#
# Run it from the folder that holds docker-compose.yml and .env (or set COMPOSE_FILE,
# COMPOSE_PROJECT_NAME, as compose itself reads them). COMPOSE picks the compose command
# (default: `docker compose` where it exists, else `docker-compose`).
set -euo pipefail

if [ -n "${COMPOSE:-}" ]; then read -r -a compose <<<"$COMPOSE"
elif docker compose version >/dev/null 2>&1; then compose=(docker compose)
else compose=(docker-compose)
fi

usage() { echo "usage: $0 backup|restore DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action="$1"
dir="$2"

# the kiosk's image, without its server: a shell on the uploads volume, as the user who owns it
on_uploads() { "${compose[@]}" run --rm --no-deps -T --entrypoint sh kiosk -c "$1"; }

wait_for_postgres() {
  for _ in $(seq 1 60); do
    if "${compose[@]}" exec -T postgres pg_isready -U club -d club >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "PostgreSQL did not become ready" >&2
  exit 1
}

case "$action" in
  backup)
    mkdir -p "$dir"
    # a consistent snapshot while the club runs: pg_dump reads in one transaction
    "${compose[@]}" exec -T postgres pg_dump -U club -d club --format=custom >"$dir/club.dump.part"
    mv "$dir/club.dump.part" "$dir/club.dump"
    on_uploads 'tar -C /app/data -cf - .' >"$dir/uploads.tar.part"
    mv "$dir/uploads.tar.part" "$dir/uploads.tar"
    echo "backup written: $dir/club.dump, $dir/uploads.tar"
    ;;
  restore)
    [ -s "$dir/club.dump" ] && [ -f "$dir/uploads.tar" ] || { echo "no backup in $dir" >&2; exit 1; }
    # nothing may write while the database is replaced: only PostgreSQL runs
    "${compose[@]}" stop lb gateway1 gateway2 kiosk >/dev/null 2>&1 || true
    "${compose[@]}" up -d postgres
    wait_for_postgres
    "${compose[@]}" exec -T postgres pg_restore -U club -d club --clean --if-exists --no-owner --exit-on-error \
      <"$dir/club.dump"
    on_uploads 'find /app/data -mindepth 1 -delete && tar -C /app/data -xf -' <"$dir/uploads.tar"
    "${compose[@]}" up -d
    echo "restored from $dir"
    ;;
  *) usage ;;
esac
