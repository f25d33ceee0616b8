#!/usr/bin/env bash
# Restarts the Stoa processes one at a time (docs/deploy.md, "Updating"). Each one is first taken
# out of nginx's upstream (deploy/nginx-upstream.sh: its line marked `down`, nginx reloaded
# gracefully), so no new request reaches it while it stops; it finishes the ones in flight, comes
# back, answers /api/v1/ready, and is put back before the next one goes. Nothing is dropped, not
# even a POST.
# Usage: deploy/rolling-restart.sh [port ...]   (default: every running stoa@PORT unit)
# NGINX_SITE, NGINX_PID, NGINX_RELOAD: as deploy/nginx-upstream.sh reads them.
set -euo pipefail

upstream="$(dirname "$0")/nginx-upstream.sh"
ports=("$@")
if [ ${#ports[@]} -eq 0 ]; then
  mapfile -t ports < <(systemctl list-units --type=service --state=running --no-legend 'stoa@*.service' |
    sed -E 's/.*stoa@([0-9]+)\.service.*/\1/')
fi
if [ ${#ports[@]} -eq 0 ]; then
  echo "no running stoa@PORT units" >&2
  exit 1
fi

for port in "${ports[@]}"; do
  taken_out=yes
  "$upstream" down "$port" || {
    status=$?
    [ "$status" -eq 3 ] || exit "$status"
    echo "warning: restarting stoa@${port} without taking it out of nginx (a POST arriving as it stops may get a 502)" >&2
    taken_out=no
  }
  echo "restarting stoa@${port}"
  systemctl restart "stoa@${port}"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:${port}/api/v1/ready" >/dev/null 2>&1; then break; fi
    sleep 0.5
  done
  if ! curl -fsS "http://127.0.0.1:${port}/api/v1/ready" >/dev/null; then
    echo "stoa@${port} is not ready: it stays out of nginx, and the others are not restarted" >&2
    exit 1
  fi
  if [ "$taken_out" = yes ]; then
    "$upstream" up "$port"
  else
    # Longer than the upstream's fail_timeout (2 s): nginx uses this process again before the next stops.
    sleep 3
  fi
done
echo "all restarted: ${ports[*]}"
